import type { DeliveryDetails } from '../../contract/delivery.js'
import type { PaymentOutcome } from '../../contract/payments.js'
import type { Queryable } from '../db/index.js'
import { affectedRows, nowIso } from '../db/dialect.js'

/** One cart line as priced when the payment was initiated (payments.lines holds a JSON array of these). */
export interface PaymentLine {
  productId: number
  name: string
  image: string
  quantity: number
  unitPriceKobo: number
}

export type PaymentStatus = PaymentOutcome['status']

export interface PaymentRow {
  id: number
  tx_ref: string
  user_id: number | null
  amount_kobo: number
  currency: string
  status: PaymentStatus
  gateway: string
  transaction_id: string | null
  lines: string
  message: string
  return_origin: string | null
  /** JSON DeliveryDetails; NULL for payments made before checkout asked (the profile was used). */
  delivery: string | null
  /** NULL: the delivery fee is to be agreed (nothing charged for it). */
  delivery_fee_kobo: number | null
  created_at: string
  settled_at: string | null
  /** What it pays for: money on this invoice; NULL = the cart's orders (lines). */
  invoice_id: number | null
  /** An invoice payment's page to come back to (app path); NULL for a cart's. */
  return_path: string | null
}

/** What the customer reads about a payment, whichever way it was settled. */
export const PAYMENT_SUCCESS_MESSAGE = 'Payment successful. Your order has been placed.'
export const PENDING_MESSAGE =
  'Your payment is still being processed. We will notify you as soon as it completes.'
/** An invoice payment's success, as the payer reads it whichever way it was settled. */
export const INVOICE_PAID_MESSAGE = 'Payment successful. It has been recorded on your invoice.'
/** What the payer reads when a payment succeeded, by what it paid for. */
export const successMessageOf = (payment: Pick<PaymentRow, 'invoice_id'>) =>
  payment.invoice_id === null ? PAYMENT_SUCCESS_MESSAGE : INVOICE_PAID_MESSAGE

export const soldOutMessage = (name: string) =>
  `Sorry, ${name} sold out before your payment completed. You will be refunded.`

export const iso = (ms: number) => new Date(ms).toISOString()

export async function findPayment(db: Queryable, txRef: string): Promise<PaymentRow | undefined> {
  const row = await db.selectFrom('payments').selectAll().where('tx_ref', '=', txRef).executeTakeFirst()
  return row as PaymentRow | undefined
}

/** The cart as priced when the payment was opened. */
export const linesOf = (payment: Pick<PaymentRow, 'lines'>) => JSON.parse(payment.lines) as PaymentLine[]

/** What the goods cost at the prices paid, in kobo (the delivery fee apart). */
export const itemsTotalKobo = (lines: PaymentLine[]) =>
  lines.reduce((sum, l) => sum + l.quantity * l.unitPriceKobo, 0)

/** "2 × Insecticide, 1 × Rat trap": the goods in one line of a message. */
export const itemsText = (lines: PaymentLine[]) => lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')

/** The delivery details asked at checkout, when the payment has them. */
export const deliveryOf = (payment: Pick<PaymentRow, 'delivery'>): DeliveryDetails | null =>
  payment.delivery ? (JSON.parse(payment.delivery) as DeliveryDetails) : null

/**
 * Moves a pending payment to how it ended (with the gateway's transaction id when there is one), once:
 * guarded by its status, so of every caller (browser, webhook, periodic check, any instance) exactly one
 * gets true and acts on it. On PostgreSQL a concurrent caller waits on the row, then finds it settled.
 */
export async function settlePending(
  db: Queryable,
  paymentId: number,
  outcome: { status: Exclude<PaymentStatus, 'pending'>; message: string; transactionId?: string },
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({
      status: outcome.status,
      message: outcome.message,
      ...(outcome.transactionId !== undefined ? { transaction_id: outcome.transactionId } : {}),
      settled_at: nowIso(),
    })
    .where('id', '=', paymentId)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  return affectedRows(result) > 0
}
