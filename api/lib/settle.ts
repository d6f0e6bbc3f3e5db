import type { OrderStatus } from '../../contract/orders.js'
import type { AdminRefund, PaymentOutcome, VerifyAnswer } from '../../contract/payments.js'
import { formatNaira, toNaira } from '../../contract/money.js'
import type { DB } from '../db/index.js'
import type { Gateway, GatewayTransaction } from '../payments/gateway.js'
import { deliveryAddressLine, deliveryFeeText, type DeliveryDetails } from '../../contract/delivery.js'
import { notifySqlite } from './notify.js'
import { sendMessageSqlite } from '../messaging/index.js'
import { runAutoWithdrawal } from './balance.js'
import { stockMessage } from './catalogue.js'

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
  return_origin: string | null
  /** JSON DeliveryDetails; NULL for payments made before checkout asked (the profile was used). */
  delivery: string | null
  /** NULL: the delivery fee is to be agreed (nothing charged for it). */
  delivery_fee_kobo: number | null
  created_at: string
  settled_at: string | null
}

const iso = (ms: number) => new Date(ms).toISOString()

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
  now: () => number = Date.now,
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
    return closeUnpaid(db, before, {
      status: tx.status,
      message: tx.status === 'cancelled' ? CANCELLED_MESSAGE : FAILED_MESSAGE,
      tx,
      now: now(),
    })
  }
  if (tx.txRef !== before.tx_ref) {
    // Not a charge for this payment: nothing of ours to settle or to give back.
    return closeUnpaid(db, before, { status: 'failed', message: MISMATCH_MESSAGE, tx, now: now() })
  }
  if (tx.currency !== 'NGN' || tx.amountKobo < before.amount_kobo) {
    // Money was taken for our reference, but not what was asked: it goes back.
    const answer = closeUnpaid(db, before, {
      status: 'failed',
      message: MISMATCH_MESSAGE,
      tx,
      now: now(),
      refundReason: 'The amount or currency paid did not match the order.',
    })
    await processRefund(db, gateway, before.id, now)
    return answer
  }
  return settlePaid(db, gateway, before, tx, now)
}

/**
 * For a payment already closed as failed or cancelled (the payer retried on the provider's page after
 * a declined card, say): when the provider now reports a good charge for it, that charge is given back,
 * since the cart was never turned into an order for it. Called by the webhook and the periodic check.
 */
export async function refundLateCharge(
  db: DB,
  gateway: Gateway,
  txRef: string,
  transactionId?: string,
  now: () => number = Date.now,
): Promise<boolean> {
  const payment = findPayment(db, txRef)
  if (!payment || (payment.status !== 'failed' && payment.status !== 'cancelled')) return false
  if (refundOf(db, payment.id)) return false
  const tx = await gateway.verify(txRef, transactionId)
  if (!tx || tx.status !== 'successful' || tx.txRef !== txRef) return false
  const due = db
    .prepare(
      `INSERT INTO refunds (payment_id, amount_kobo, transaction_id, reason, updated_at)
       VALUES (?, ?, ?, ?, ?) ON CONFLICT (payment_id) DO NOTHING`,
    )
    .run(payment.id, tx.amountKobo, tx.transactionId, 'Charged after the payment was closed.', iso(now()))
  if (due.changes) await processRefund(db, gateway, payment.id, now)
  return due.changes > 0
}

interface CloseOptions {
  status: 'failed' | 'cancelled'
  message: string
  tx: GatewayTransaction | null
  now: number
  heading?: string
  /** Set when the gateway took money that will not become an order: a refund is recorded as due. */
  refundReason?: string
}

/**
 * Marks a pending payment failed or cancelled (once), gives its held stock back and tells the
 * customer; the cart stays. With refundReason the refund is recorded in the same transaction, so a
 * charge is never closed without one (processRefund then asks the gateway).
 */
function closeUnpaid(db: DB, payment: PaymentRow, options: CloseOptions): SettleAnswer {
  const { status, message, tx, now, heading = 'Failed Payment', refundReason } = options
  const closed = db
    .transaction(() => {
      const changed = db
        .prepare(
          `UPDATE payments SET status = ?, message = ?, transaction_id = COALESCE(?, transaction_id),
           settled_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
         WHERE id = ? AND status = 'pending'`,
        )
        .run(status, message, tx?.transactionId ?? null, payment.id).changes
      if (!changed) return false
      releaseReservations(db, payment.id, 'released', now)
      if (refundReason && tx) {
        db.prepare(
          `INSERT INTO refunds (payment_id, amount_kobo, transaction_id, reason, updated_at)
         VALUES (?, ?, ?, ?, ?) ON CONFLICT (payment_id) DO NOTHING`,
        ).run(payment.id, tx.amountKobo, tx.transactionId, refundReason, iso(now))
      }
      notifySqlite(db, payment.user_id, heading, `${message} (Reference ${payment.tx_ref})`)
      return true
    })
    .immediate()
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
async function settlePaid(
  db: DB,
  gateway: Gateway,
  payment: PaymentRow,
  tx: GatewayTransaction,
  now: () => number,
): Promise<SettleAnswer> {
  const lines = JSON.parse(payment.lines) as PaymentLine[]
  const at = now()
  // Stock only goes down where enough is left beside what other payments still hold: a payment whose
  // own hold expired gets the goods only if nobody else was promised them since.
  const takeStock = db.prepare(
    `UPDATE products SET stock = stock - ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
     WHERE id = ? AND stock - (${HELD_BY_OTHERS}) >= ?`,
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
    // Checkout's delivery step is what the goods go by; the profile only for a payment without one.
    const delivery = deliveryOf(payment)
    const customerName = delivery
      ? delivery.name
      : customer
        ? [customer.first_name, customer.last_name].filter(Boolean).join(' ')
        : ''
    const phone = delivery ? delivery.phone_number : (customer?.phone_number ?? '')
    const location = delivery ? deliveryAddressLine(delivery) : (customer?.location ?? '')
    for (const line of lines) {
      if (takeStock.run(line.quantity, line.productId, iso(at), payment.id, line.quantity).changes === 0)
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
        phone,
        location,
      )
      if (payment.user_id) removeFromCart.run(payment.user_id, line.productId)
    }
    db.prepare(
      `UPDATE payment_reservations SET status = 'converted', ended_at = ?
       WHERE payment_id = ? AND status IN ('held', 'expired')`,
    ).run(iso(at), payment.id)
    notifySqlite(db, payment.user_id, 'Payment Successful', orderSummaryText(payment, lines, location))
    const amount = formatNaira(toNaira(payment.amount_kobo))
    const items = lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')
    if (payment.user_id) {
      sendMessageSqlite(
        { db },
        {
          to: payment.user_id,
          template: 'payment_receipt',
          data: { amount, reference: payment.tx_ref, items },
        },
      )
    }
    sendMessageSqlite(
      { db },
      {
        to: 'admins',
        template: 'admin_new_order',
        data: { customer: customerName || 'A customer', amount, items, reference: payment.tx_ref },
      },
    )
    // "Automatic withdrawals": this payment may have taken the balance past the admin's threshold.
    runAutoWithdrawal(db)
    return true
  })

  try {
    const settled = settle.immediate()
    return settled
      ? { httpStatus: 201, body: { message: PAYMENT_SUCCESS_MESSAGE, status: 'successful' } }
      : answerFor(findPayment(db, payment.tx_ref)!)
  } catch (err) {
    if (!(err instanceof SoldOut)) throw err
    // The money was taken but the goods are gone: the payment fails and the charge goes back.
    const answer = closeUnpaid(db, payment, {
      status: 'failed',
      message: err.message,
      tx,
      now: at,
      heading: 'Unable to Process Transaction',
      refundReason: `${err.productName} sold out before the payment completed.`,
    })
    await processRefund(db, gateway, payment.id, now)
    return answer
  }
}

/** The delivery details asked at checkout, when the payment has them. */
export const deliveryOf = (payment: Pick<PaymentRow, 'delivery'>): DeliveryDetails | null =>
  payment.delivery ? (JSON.parse(payment.delivery) as DeliveryDetails) : null

/** The success notification: reference, what was bought, the fee and where it goes. */
export function orderSummaryText(payment: PaymentRow, lines: PaymentLine[], location: string): string {
  const items = lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')
  const fee = payment.delivery_fee_kobo === null ? null : toNaira(payment.delivery_fee_kobo)
  return (
    `We received your payment of ${formatNaira(toNaira(payment.amount_kobo))}. ` +
    `Your order has been placed (Reference ${payment.tx_ref}): ${items}. ` +
    `${deliveryFeeText(fee, formatNaira)}.` +
    (location ? ` Delivery to ${location}.` : '')
  )
}

// ---------- stock reservations ----------

/** Units of products.id held by live reservations of payments other than ?2, at time ?1 (ISO). */
const HELD_BY_OTHERS = `SELECT COALESCE(SUM(r.quantity), 0) FROM payment_reservations r
  WHERE r.product_id = products.id AND r.status = 'held' AND r.expires_at > ? AND r.payment_id <> ?`

function releaseReservations(db: DB, paymentId: number, status: 'released' | 'expired', now: number) {
  db.prepare(
    `UPDATE payment_reservations SET status = ?, ended_at = ? WHERE payment_id = ? AND status = 'held'`,
  ).run(status, iso(now), paymentId)
}

export interface OpenPaymentInput {
  userId: number
  lines: PaymentLine[]
  gateway: string
  returnOrigin: string
  now: number
  holdMinutes: number
  delivery?: DeliveryDetails | null
  /** Added to the items; null = to be agreed (nothing added). */
  deliveryFeeKobo?: number | null
}

export type OpenPaymentResult =
  { ok: true; txRef: string; amountKobo: number; expiresAt: string } | { ok: false; message: string }

/**
 * Records a pending payment and holds its stock for holdMinutes, in one write transaction: the stock
 * check and the hold cannot be split by another buyer. The caller's own earlier holds (a checkout
 * started again) do not count against it and are released when this one is made.
 */
export function openPayment(db: DB, input: OpenPaymentInput, txRef: string): OpenPaymentResult {
  const { userId, lines, now, holdMinutes } = input
  const nowIso = iso(now)
  const expiresAt = iso(now + holdMinutes * 60_000)
  const feeKobo = input.deliveryFeeKobo ?? null
  const amountKobo = lines.reduce((sum, l) => sum + l.quantity * l.unitPriceKobo, 0) + (feeKobo ?? 0)
  const stockOf = db.prepare(
    `SELECT p.name, p.stock,
       (SELECT COALESCE(SUM(r.quantity), 0) FROM payment_reservations r JOIN payments pay ON pay.id = r.payment_id
        WHERE r.product_id = p.id AND r.status = 'held' AND r.expires_at > ? AND pay.user_id IS NOT ?) AS held
     FROM products p WHERE p.id = ?`,
  )
  return db
    .transaction((): OpenPaymentResult => {
      for (const line of lines) {
        const row = stockOf.get(nowIso, userId, line.productId) as
          { name: string; stock: number; held: number } | undefined
        if (!row || row.stock < line.quantity) {
          return { ok: false, message: stockMessage(row?.name ?? line.name, row?.stock ?? 0) }
        }
        const free = row.stock - row.held
        if (free < line.quantity) {
          return {
            ok: false,
            message:
              free > 0
                ? `Only ${free} of ${row.name} can be bought right now: other customers are paying for the rest. You have not been charged.`
                : `${row.name} is held for other customers who are paying for it right now. You have not been charged; please try again in ${holdMinutes} minutes.`,
          }
        }
      }
      db.prepare(
        `UPDATE payment_reservations SET status = 'released', ended_at = ?
         WHERE status = 'held' AND payment_id IN (SELECT id FROM payments WHERE user_id = ? AND status = 'pending')`,
      ).run(nowIso, userId)
      const paymentId = db
        .prepare(
          `INSERT INTO payments (tx_ref, user_id, amount_kobo, currency, gateway, lines, return_origin,
                                 delivery, delivery_fee_kobo)
           VALUES (?, ?, ?, 'NGN', ?, ?, ?, ?, ?)`,
        )
        .run(
          txRef,
          userId,
          amountKobo,
          input.gateway,
          JSON.stringify(lines),
          input.returnOrigin,
          input.delivery ? JSON.stringify(input.delivery) : null,
          feeKobo,
        ).lastInsertRowid
      const hold = db.prepare(
        `INSERT INTO payment_reservations (payment_id, product_id, quantity, expires_at, created_at)
         VALUES (?, ?, ?, ?, ?)`,
      )
      for (const line of lines) hold.run(paymentId, line.productId, line.quantity, expiresAt, nowIso)
      return { ok: true, txRef, amountKobo, expiresAt }
    })
    .immediate()
}

/** The gateway could not start the payment: it fails at once and its stock is free again. */
export function abandonPayment(db: DB, txRef: string, now: number) {
  db.transaction(() => {
    const payment = findPayment(db, txRef)
    if (!payment) return
    const changed = db
      .prepare(
        `UPDATE payments SET status = 'failed', message = 'The payment provider could not start the payment.'
         WHERE id = ? AND status = 'pending'`,
      )
      .run(payment.id).changes
    if (changed) releaseReservations(db, payment.id, 'released', now)
  }).immediate()
}

/** Marks holds past their time as expired (they already stopped counting); returns how many. */
export function expireReservations(db: DB, now: number): number {
  return db
    .prepare(
      `UPDATE payment_reservations SET status = 'expired', ended_at = ? WHERE status = 'held' AND expires_at <= ?`,
    )
    .run(iso(now), iso(now)).changes
}

// ---------- refunds ----------

export type RefundStatus = 'pending' | 'processing' | 'refunded' | 'failed'

export interface RefundRow {
  id: number
  payment_id: number
  amount_kobo: number
  transaction_id: string
  reason: string
  status: RefundStatus
  attempts: number
  gateway_refund_id: string | null
  error: string
  created_at: string
  updated_at: string
  refunded_at: string | null
}

/** A refund the gateway refused is asked again by the periodic check this many times in all. */
export const MAX_REFUND_ATTEMPTS = 5
/** A refund "processing" for this long was cut off (a restart mid-call): it may be asked again. */
const STALE_REFUND_MS = 15 * 60_000

export const refundOf = (db: DB, paymentId: number) =>
  db.prepare('SELECT * FROM refunds WHERE payment_id = ?').get(paymentId) as RefundRow | undefined

/**
 * Asks the gateway to give back a charge recorded as due. A conditional claim (pending/failed ->
 * processing) lets exactly one caller ask at a time, so the payer is never refunded twice.
 * Never throws: a refusal is recorded and retried by the periodic check.
 */
export async function processRefund(
  db: DB,
  gateway: Gateway,
  paymentId: number,
  now: () => number = Date.now,
): Promise<RefundStatus | null> {
  const claimedAt = now()
  const claimed = db
    .prepare(
      `UPDATE refunds SET status = 'processing', attempts = attempts + 1, updated_at = ?
       WHERE payment_id = ? AND (status = 'pending' OR (status = 'failed' AND attempts < ?)
         OR (status = 'processing' AND updated_at < ?))`,
    )
    .run(iso(claimedAt), paymentId, MAX_REFUND_ATTEMPTS, iso(claimedAt - STALE_REFUND_MS)).changes
  if (!claimed) return refundOf(db, paymentId)?.status ?? null
  const refund = refundOf(db, paymentId)!
  const payment = db.prepare('SELECT * FROM payments WHERE id = ?').get(paymentId) as PaymentRow
  try {
    const done = await gateway.refund({
      txRef: payment.tx_ref,
      transactionId: refund.transaction_id,
      amountKobo: refund.amount_kobo,
      reason: refund.reason,
    })
    db.transaction(() => {
      const changed = db
        .prepare(
          `UPDATE refunds SET status = 'refunded', gateway_refund_id = ?, error = '', updated_at = ?, refunded_at = ?
           WHERE id = ? AND status = 'processing'`,
        )
        .run(done.refundId, iso(now()), iso(now()), refund.id).changes
      if (changed) {
        notifySqlite(
          db,
          payment.user_id,
          'Payment Refunded',
          `We have refunded your payment of ${formatNaira(toNaira(refund.amount_kobo))} ` +
            `(Reference ${payment.tx_ref}): ${refund.reason} ` +
            'Your bank may take a few working days to show it.',
        )
        if (payment.user_id) {
          sendMessageSqlite(
            { db },
            {
              to: payment.user_id,
              template: 'refund',
              data: {
                amount: formatNaira(toNaira(refund.amount_kobo)),
                reference: payment.tx_ref,
                reason: refund.reason,
              },
            },
          )
        }
      }
    }).immediate()
    return 'refunded'
  } catch (err) {
    console.error(`Refund of ${payment.tx_ref} failed`, err)
    const error = err instanceof Error ? err.message.slice(0, 500) : String(err)
    db.transaction(() => {
      const failed = db
        .prepare(
          `UPDATE refunds SET status = 'failed', error = ?, updated_at = ? WHERE id = ? AND status = 'processing'`,
        )
        .run(error, iso(now()), refund.id).changes
      // The periodic check has given up: from now on the money goes back only if an admin acts.
      if (failed && refund.attempts >= MAX_REFUND_ATTEMPTS) {
        sendMessageSqlite(
          { db },
          {
            to: 'admins',
            template: 'admin_refund_needed',
            data: {
              amount: formatNaira(toNaira(refund.amount_kobo)),
              reference: payment.tx_ref,
              reason: refund.reason,
              error,
            },
          },
        )
      }
    })()
    return 'failed'
  }
}

// ---------- what the customer and the admin read ----------

/** The payer said they cancelled and the gateway has no charge: the held stock is free again. */
export function releaseHold(db: DB, txRef: string, now: number) {
  const payment = findPayment(db, txRef)
  if (payment?.status === 'pending') releaseReservations(db, payment.id, 'released', now)
}

export function paymentDetail(db: DB, payment: PaymentRow, now: number): PaymentOutcome {
  const lines = JSON.parse(payment.lines) as PaymentLine[]
  const heldUntil = db
    .prepare(
      `SELECT MIN(expires_at) FROM payment_reservations WHERE payment_id = ? AND status = 'held' AND expires_at > ?`,
    )
    .pluck()
    .get(payment.id, iso(now)) as string | null
  const orders = db
    .prepare(
      'SELECT id, status, product_name, quantity, price_kobo FROM orders WHERE payment_id = ? ORDER BY id',
    )
    .all(payment.id) as {
    id: number
    status: OrderStatus
    product_name: string
    quantity: number
    price_kobo: number
  }[]
  const refund = refundOf(db, payment.id)
  const settledAnswer = payment.status === 'successful' ? PAYMENT_SUCCESS_MESSAGE : payment.message
  return {
    tx_ref: payment.tx_ref,
    status: payment.status,
    message: payment.status === 'pending' ? PENDING_MESSAGE : settledAnswer,
    amount: toNaira(payment.amount_kobo),
    items_total: toNaira(lines.reduce((sum, l) => sum + l.quantity * l.unitPriceKobo, 0)),
    delivery_fee: payment.delivery_fee_kobo === null ? null : toNaira(payment.delivery_fee_kobo),
    delivery: deliveryOf(payment),
    created: payment.created_at,
    settled: payment.settled_at,
    held_until: heldUntil,
    lines: lines.map((l) => ({
      product_id: l.productId,
      name: l.name,
      image: l.image,
      quantity: l.quantity,
      price: toNaira(l.unitPriceKobo),
    })),
    orders: orders.map((o) => ({
      id: o.id,
      status: o.status,
      product_name: o.product_name,
      quantity: o.quantity,
      price: toNaira(o.price_kobo),
    })),
    refund: refund
      ? {
          status: refund.status,
          amount: toNaira(refund.amount_kobo),
          reason: refund.reason,
          created: refund.created_at,
          refunded: refund.refunded_at,
        }
      : null,
  }
}

export function refundsForAdmin(db: DB): AdminRefund[] {
  const rows = db
    .prepare(
      `SELECT r.*, p.tx_ref, p.lines, u.email,
              COALESCE(NULLIF(TRIM(u.first_name || ' ' || u.last_name), ''), u.email, '') AS customer
       FROM refunds r JOIN payments p ON p.id = r.payment_id LEFT JOIN users u ON u.id = p.user_id
       ORDER BY r.created_at DESC, r.id DESC`,
    )
    .all() as (RefundRow & { tx_ref: string; lines: string; email: string | null; customer: string })[]
  return rows.map((r) => ({
    id: r.id,
    tx_ref: r.tx_ref,
    customer: r.customer,
    email: r.email ?? '',
    amount: toNaira(r.amount_kobo),
    status: r.status,
    reason: r.reason,
    error: r.error,
    attempts: r.attempts,
    products: (JSON.parse(r.lines) as PaymentLine[]).map((l) => `${l.quantity} × ${l.name}`).join(', '),
    created: r.created_at,
    refunded: r.refunded_at,
  }))
}
