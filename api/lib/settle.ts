import type { VerifyAnswer } from '../../contract/payments.js'
import { formatNaira, toNaira } from '../../contract/money.js'
import type { DB } from '../db/index.js'
import type { Gateway, GatewayTransaction } from '../payments/gateway.js'
import { notify } from './notify.js'

/** One cart line as priced when the payment was initiated (payments.lines holds a JSON array of these). */
export interface PaymentLine {
  productId: number
  name: string
  image: string
  quantity: number
  unitPriceKobo: number
}

export type PaymentStatus = 'pending' | 'successful' | 'failed' | 'cancelled'

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
}

export const PAYMENT_SUCCESS_MESSAGE = 'Payment successful. Your order has been placed.'
const FAILED_MESSAGE = 'Your payment was not successful. Your cart has been kept, so you can try again.'
const CANCELLED_MESSAGE = 'Your payment was cancelled. Your cart has been kept, so you can try again.'
const MISMATCH_MESSAGE =
  'The amount or currency paid does not match your order. Please contact us; any charge will be refunded.'
const NOT_FOUND_MESSAGE = 'No payment was made for this order. Your cart has been kept.'
const PENDING_MESSAGE = 'Your payment is still being processed. We will notify you as soon as it completes.'
export const soldOutMessage = (name: string) =>
  `Sorry, ${name} sold out before your payment completed. You will be refunded.`

/** The answer of POST verify/ (and the webhook): the same for every repeat. */
export interface SettleAnswer {
  httpStatus: 201 | 400 | 502
  body: VerifyAnswer
}

export function findPayment(db: DB, txRef: string): PaymentRow | undefined {
  return db.prepare('SELECT * FROM payments WHERE tx_ref = ?').get(txRef) as PaymentRow | undefined
}

/** The recorded outcome of a payment that is no longer pending. */
function answerFor(payment: PaymentRow): SettleAnswer {
  if (payment.status === 'successful') {
    return { httpStatus: 201, body: { message: PAYMENT_SUCCESS_MESSAGE, status: 'successful' } }
  }
  return { httpStatus: 400, body: { message: payment.message, status: payment.status } }
}

/**
 * Asks the gateway what happened to a payment and settles it. Never trusts what the browser says:
 * only a transaction the gateway reports successful, for our tx_ref, in NGN and for at least the
 * amount asked, places the orders. Safe to call any number of times, concurrently included.
 */
export async function verifyAndSettle(
  db: DB,
  gateway: Gateway,
  txRef: string,
  transactionId?: string,
): Promise<SettleAnswer> {
  const before = findPayment(db, txRef)
  if (!before) throw new Error(`No payment ${txRef}`)
  if (before.status !== 'pending') return answerFor(before)

  let tx: GatewayTransaction | null
  try {
    tx = await gateway.verify(txRef, transactionId)
  } catch (err) {
    console.error('Payment verification failed', err)
    return {
      httpStatus: 502,
      body: {
        message: 'We could not reach the payment provider to confirm your payment. Please try again shortly.',
        status: 'pending',
      },
    }
  }
  // Nothing recorded yet: leave the payment open, so a late charge (or its webhook) still settles it.
  if (!tx) return { httpStatus: 400, body: { message: NOT_FOUND_MESSAGE, status: 'cancelled' } }
  if (tx.status === 'pending')
    return { httpStatus: 400, body: { message: PENDING_MESSAGE, status: 'pending' } }

  if (tx.status !== 'successful') {
    return closeUnpaid(
      db,
      before,
      tx.status,
      tx.status === 'cancelled' ? CANCELLED_MESSAGE : FAILED_MESSAGE,
      tx,
    )
  }
  const matches = tx.txRef === before.tx_ref && tx.currency === 'NGN' && tx.amountKobo >= before.amount_kobo
  if (!matches) return closeUnpaid(db, before, 'failed', MISMATCH_MESSAGE, tx)
  return settlePaid(db, before, tx)
}

/** Marks a pending payment failed or cancelled (once) and tells the customer; the cart stays. */
function closeUnpaid(
  db: DB,
  payment: PaymentRow,
  status: 'failed' | 'cancelled',
  message: string,
  tx: GatewayTransaction | null,
  heading = 'Failed Payment',
): SettleAnswer {
  const closed = db.transaction(() => {
    const changed = db
      .prepare(
        `UPDATE payments SET status = ?, message = ?, transaction_id = COALESCE(?, transaction_id),
           settled_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
         WHERE id = ? AND status = 'pending'`,
      )
      .run(status, message, tx?.transactionId ?? null, payment.id).changes
    if (changed) notify(db, payment.user_id, heading, `${message} (Reference ${payment.tx_ref})`)
    return changed > 0
  })()
  // Another caller closed or settled it first: theirs is the answer.
  return closed ? { httpStatus: 400, body: { message, status } } : answerFor(findPayment(db, payment.tx_ref)!)
}

class SoldOut extends Error {
  constructor(readonly productName: string) {
    super(soldOutMessage(productName))
  }
}

/**
 * One SQLite transaction, guarded by the payment's status: the first caller moves it from pending to
 * successful and places the orders; stock only goes down where enough is left, else everything rolls back.
 */
function settlePaid(db: DB, payment: PaymentRow, tx: GatewayTransaction): SettleAnswer {
  const lines = JSON.parse(payment.lines) as PaymentLine[]
  const takeStock = db.prepare(
    `UPDATE products SET stock = stock - ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
     WHERE id = ? AND stock >= ?`,
  )
  const placeOrder = db.prepare(
    `INSERT INTO orders (user_id, payment_id, product_id, product_name, product_image, quantity, price_kobo,
                         customer_name, phone_number, location)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const removeFromCart = db.prepare('DELETE FROM cart_items WHERE user_id = ? AND product_id = ?')

  const settle = db.transaction((): boolean => {
    const claimed = db
      .prepare(
        `UPDATE payments SET status = 'successful', message = ?, transaction_id = ?,
           settled_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
         WHERE id = ? AND status = 'pending'`,
      )
      .run(PAYMENT_SUCCESS_MESSAGE, tx.transactionId, payment.id).changes
    if (!claimed) return false
    const customer = db
      .prepare('SELECT first_name, last_name, phone_number, location FROM users WHERE id = ?')
      .get(payment.user_id) as
      { first_name: string; last_name: string; phone_number: string; location: string } | undefined
    const customerName = customer ? [customer.first_name, customer.last_name].filter(Boolean).join(' ') : ''
    for (const line of lines) {
      if (takeStock.run(line.quantity, line.productId, line.quantity).changes === 0)
        throw new SoldOut(line.name)
      placeOrder.run(
        payment.user_id,
        payment.id,
        line.productId,
        line.name,
        line.image,
        line.quantity,
        line.unitPriceKobo,
        customerName,
        customer?.phone_number ?? '',
        customer?.location ?? '',
      )
      if (payment.user_id) removeFromCart.run(payment.user_id, line.productId)
    }
    notify(
      db,
      payment.user_id,
      'Payment Successful',
      `We received your payment of ${formatNaira(toNaira(payment.amount_kobo))}. ` +
        `Your order has been placed (Reference ${payment.tx_ref}).`,
    )
    return true
  })

  try {
    const settled = settle.immediate()
    return settled
      ? { httpStatus: 201, body: { message: PAYMENT_SUCCESS_MESSAGE, status: 'successful' } }
      : answerFor(findPayment(db, payment.tx_ref)!)
  } catch (err) {
    if (!(err instanceof SoldOut)) throw err
    // The money was taken but the goods are gone: the payment fails and is flagged for a refund.
    return closeUnpaid(db, payment, 'failed', err.message, tx, 'Unable to Process Transaction')
  }
}
