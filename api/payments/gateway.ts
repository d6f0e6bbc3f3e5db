/** What a payment provider does for us: take the customer to a payment page, and say what happened. */
export interface PaymentRequest {
  txRef: string
  amountKobo: number
  currency: 'NGN'
  customer: { email: string; name: string; phone: string }
  /** Where the provider sends the browser afterwards (our /confirm/payment). */
  redirectUrl: string
}

export interface GatewayTransaction {
  /** The provider's own status word; only 'successful' settles. */
  status: 'successful' | 'failed' | 'cancelled' | 'pending'
  txRef: string
  transactionId: string
  amountKobo: number
  currency: string
  /** How the payer paid, when the provider says and it is one we record; absent otherwise. */
  method?: GatewayMethod
}

/** The ways a hosted payment page takes money that an invoice's ledger records. */
export type GatewayMethod = 'card' | 'bank_transfer' | 'ussd'

export interface Gateway {
  readonly name: string
  /** Returns the URL of the hosted payment page. */
  initiate(request: PaymentRequest): Promise<string>
  /** Looks the transaction up by our reference; null when the provider has no such transaction. */
  verify(txRef: string, transactionId?: string): Promise<GatewayTransaction | null>
  /** Gives a successful charge back to the payer; throws when the provider refuses or cannot be reached. */
  refund(request: RefundRequest): Promise<GatewayRefund>
}

export interface RefundRequest {
  txRef: string
  /** The gateway's id of the charge to give back (GatewayTransaction.transactionId). */
  transactionId: string
  amountKobo: number
  /** Shown to the provider's support staff (Flutterwave "comments"). */
  reason: string
}

export interface GatewayRefund {
  /** The provider's id of the refund. */
  refundId: string
  amountKobo: number
  /** The provider's word: done, or accepted and on its way to the payer's bank. */
  status: 'completed' | 'pending'
}
