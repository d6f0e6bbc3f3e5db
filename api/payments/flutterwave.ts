import { toKobo, toNaira } from '../../contract/money.js'
import type {
  Gateway,
  GatewayMethod,
  GatewayRefund,
  GatewayTransaction,
  PaymentRequest,
  RefundRequest,
} from './gateway.js'

export interface FlutterwaveOptions {
  secretKey: string
  /** e.g. https://api.flutterwave.com (tests point it at a fake server on loopback). */
  baseUrl: string
  /** Shown on Flutterwave's hosted page. */
  title: string
  logoUrl?: string
  /** Injectable for tests; the global fetch otherwise. */
  fetch?: typeof fetch
}

interface FlutterwaveTransactionData {
  id: number | string
  tx_ref: string
  amount: number
  currency: string
  status: string
  /** "card", "bank_transfer", "ussd", "account", "mobilemoneygh"…: how the payer paid. */
  payment_type?: string
}

const methodOf = (paymentType: unknown): GatewayMethod | undefined =>
  paymentType === 'card' || paymentType === 'bank_transfer' || paymentType === 'ussd'
    ? paymentType
    : undefined

/** The provider's status words that we act on; anything else is still in progress. */
function mapStatus(status: string): GatewayTransaction['status'] {
  const s = status.toLowerCase()
  if (s === 'successful') return 'successful'
  if (s === 'failed') return 'failed'
  if (s === 'cancelled') return 'cancelled'
  return 'pending'
}

/** Flutterwave v3 Standard: a hosted payment link, then verification by reference or by transaction id. */
export class FlutterwaveGateway implements Gateway {
  readonly name = 'flutterwave'
  private readonly fetch: typeof fetch

  constructor(private readonly options: FlutterwaveOptions) {
    this.fetch = options.fetch ?? fetch
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown) {
    const res = await this.fetch(`${this.options.baseUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${this.options.secretKey}`,
        Accept: 'application/json',
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    })
    let json: { status?: string; message?: string; data?: unknown } = {}
    try {
      json = (await res.json()) as typeof json
    } catch {
      // A non-JSON answer (a proxy's error page) is handled by the status checks below.
    }
    return { status: res.status, json }
  }

  async initiate(request: PaymentRequest): Promise<string> {
    const { status, json } = await this.call('POST', '/v3/payments', {
      tx_ref: request.txRef,
      amount: toNaira(request.amountKobo),
      currency: request.currency,
      redirect_url: request.redirectUrl,
      customer: {
        email: request.customer.email,
        name: request.customer.name,
        phonenumber: request.customer.phone,
      },
      customizations: { title: this.options.title, logo: this.options.logoUrl },
    })
    const link = (json.data as { link?: unknown } | undefined)?.link
    if (status !== 200 || json.status !== 'success' || typeof link !== 'string') {
      throw new Error(`Flutterwave refused the payment (${status}): ${json.message ?? 'no message'}`)
    }
    return link
  }

  async verify(txRef: string, transactionId?: string): Promise<GatewayTransaction | null> {
    // The id from the redirect is the payer's word: use it only if it names our reference.
    if (transactionId && /^\d+$/.test(transactionId)) {
      const byId = await this.lookup(`/v3/transactions/${transactionId}/verify`)
      if (byId && byId.txRef === txRef) return byId
    }
    return this.lookup(`/v3/transactions/verify_by_reference?tx_ref=${encodeURIComponent(txRef)}`)
  }

  /** POST /v3/transactions/{id}/refund: the amount in naira, the reason as "comments". */
  async refund(request: RefundRequest): Promise<GatewayRefund> {
    if (!/^\d+$/.test(request.transactionId)) {
      throw new Error(`Flutterwave refund needs a numeric transaction id, not ${request.transactionId}`)
    }
    const { status, json } = await this.call('POST', `/v3/transactions/${request.transactionId}/refund`, {
      amount: toNaira(request.amountKobo),
      comments: request.reason,
    })
    const data = json.data as { id?: unknown; amount_refunded?: unknown; status?: unknown } | null | undefined
    if (status !== 200 || json.status !== 'success' || !data || data.id === undefined) {
      throw new Error(`Flutterwave refused the refund (${status}): ${json.message ?? 'no message'}`)
    }
    return {
      refundId: String(data.id),
      amountKobo: toKobo(Number(data.amount_refunded ?? toNaira(request.amountKobo))),
      status: String(data.status).toLowerCase() === 'completed' ? 'completed' : 'pending',
    }
  }

  private async lookup(path: string): Promise<GatewayTransaction | null> {
    const { status, json } = await this.call('GET', path)
    const data = json.data as FlutterwaveTransactionData | null | undefined
    if (status === 200 && json.status === 'success' && data) {
      return {
        status: mapStatus(String(data.status)),
        txRef: String(data.tx_ref),
        transactionId: String(data.id),
        amountKobo: toKobo(Number(data.amount)),
        currency: String(data.currency),
        ...(methodOf(data.payment_type) ? { method: methodOf(data.payment_type) } : {}),
      }
    }
    // Flutterwave answers "no such transaction" with 400/404; a bad key (401) or an outage must not read as "none".
    if (status === 400 || status === 404) return null
    throw new Error(`Flutterwave verification failed (${status}): ${json.message ?? 'no message'}`)
  }
}
