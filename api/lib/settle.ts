import type { OrderStatus } from '../../contract/orders.js'
import type { AdminRefund, PaymentOutcome, VerifyAnswer } from '../../contract/payments.js'
import { formatNaira, toNaira } from '../../contract/money.js'
import { sql, type ExpressionBuilder, type Transaction } from 'kysely'
import type { Database, Queryable, Tables } from '../db/index.js'
import { affectedRows, forUpdate, nowIso } from '../db/dialect.js'
import type { Gateway, GatewayTransaction } from '../payments/gateway.js'
import { deliveryAddressLine, deliveryFeeText, type DeliveryDetails } from '../../contract/delivery.js'
import { notify } from './notify.js'
import { sendMessage } from '../messaging/index.js'
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

export async function findPayment(db: Queryable, txRef: string): Promise<PaymentRow | undefined> {
  const row = await db.selectFrom('payments').selectAll().where('tx_ref', '=', txRef).executeTakeFirst()
  return row as PaymentRow | undefined
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
 * amount asked, places the orders. Safe to call any number of times, concurrently included (from
 * several instances too: every write is guarded by the payment still being pending).
 */
export async function verifyAndSettle(
  db: Database,
  gateway: Gateway,
  txRef: string,
  transactionId?: string,
  now: () => number = Date.now,
): Promise<SettleAnswer> {
  const before = await findPayment(db, txRef)
  if (!before) throw new Error(`No payment ${txRef}`)
  if (before.status !== 'pending') return answerFor(before)

  // Outside any transaction: the gateway's answer can take seconds.
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
    const answer = await closeUnpaid(db, before, {
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
  db: Database,
  gateway: Gateway,
  txRef: string,
  transactionId?: string,
  now: () => number = Date.now,
): Promise<boolean> {
  const payment = await findPayment(db, txRef)
  if (!payment || (payment.status !== 'failed' && payment.status !== 'cancelled')) return false
  if (await refundOf(db, payment.id)) return false
  const tx = await gateway.verify(txRef, transactionId)
  if (!tx || tx.status !== 'successful' || tx.txRef !== txRef) return false
  // One refund per payment (unique payment_id): of two callers only the one that inserts asks the gateway.
  const due = await db
    .insertInto('refunds')
    .values({
      payment_id: payment.id,
      amount_kobo: tx.amountKobo,
      transaction_id: tx.transactionId,
      reason: 'Charged after the payment was closed.',
      updated_at: iso(now()),
    })
    .onConflict((oc) => oc.column('payment_id').doNothing())
    .executeTakeFirst()
  const inserted = affectedRows(due) > 0
  if (inserted) await processRefund(db, gateway, payment.id, now)
  return inserted
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
async function closeUnpaid(db: Database, payment: PaymentRow, options: CloseOptions): Promise<SettleAnswer> {
  const { status, message, tx, now, heading = 'Failed Payment', refundReason } = options
  const closed = await db.transaction().execute(async (trx) => {
    // Guarded by status: of every caller (browser, webhook, periodic check, any instance) one moves it.
    const changed = await trx
      .updateTable('payments')
      .set((eb) => ({
        status,
        message,
        transaction_id: tx ? tx.transactionId : eb.ref('transaction_id'),
        settled_at: nowIso(),
      }))
      .where('id', '=', payment.id)
      .where('status', '=', 'pending')
      .executeTakeFirst()
    if (!affectedRows(changed)) return false
    await releaseReservations(trx, payment.id, 'released', now)
    if (refundReason && tx) {
      await trx
        .insertInto('refunds')
        .values({
          payment_id: payment.id,
          amount_kobo: tx.amountKobo,
          transaction_id: tx.transactionId,
          reason: refundReason,
          updated_at: iso(now),
        })
        .onConflict((oc) => oc.column('payment_id').doNothing())
        .execute()
    }
    await notify(trx, payment.user_id, heading, `${message} (Reference ${payment.tx_ref})`)
    return true
  })
  // Another caller closed or settled it first: theirs is the answer.
  return closed
    ? { httpStatus: 400, body: { message, status } }
    : answerFor((await findPayment(db, payment.tx_ref))!)
}

class SoldOut extends Error {
  constructor(readonly productName: string) {
    super(soldOutMessage(productName))
  }
}

/**
 * One transaction, guarded by the payment's status: the first caller moves it from pending to
 * successful and places the orders; stock only goes down where enough is left, else everything rolls back.
 */
async function settlePaid(
  db: Database,
  gateway: Gateway,
  payment: PaymentRow,
  tx: GatewayTransaction,
  now: () => number,
): Promise<SettleAnswer> {
  const lines = JSON.parse(payment.lines) as PaymentLine[]
  const at = now()

  const settle = async (trx: Transaction<Tables>): Promise<boolean> => {
    // The claim: on PostgreSQL a concurrent claimer waits on this row, then finds it no longer pending.
    const claimed = await trx
      .updateTable('payments')
      .set({
        status: 'successful',
        message: PAYMENT_SUCCESS_MESSAGE,
        transaction_id: tx.transactionId,
        settled_at: nowIso(),
      })
      .where('id', '=', payment.id)
      .where('status', '=', 'pending')
      .executeTakeFirst()
    if (!affectedRows(claimed)) return false
    const customer =
      payment.user_id === null
        ? undefined
        : await trx
            .selectFrom('users')
            .select(['first_name', 'last_name', 'phone_number', 'location', 'landmark', 'city', 'state'])
            .where('id', '=', payment.user_id)
            .executeTakeFirst()
    // Checkout's delivery step is what the goods go by; the profile only for a payment without one.
    const delivery = deliveryOf(payment)
    const customerName = delivery
      ? delivery.name
      : customer
        ? [customer.first_name, customer.last_name].filter(Boolean).join(' ')
        : ''
    const phone = delivery ? delivery.phone_number : (customer?.phone_number ?? '')
    const location = delivery
      ? deliveryAddressLine(delivery)
      : customer
        ? deliveryAddressLine({ ...customer, address: customer.location })
        : ''
    // The products' rows, locked in id order (as openPayment does): the holds read below are then the
    // committed ones, and two settlements or a checkout cannot deadlock on them.
    await lockProducts(
      trx,
      lines.map((l) => l.productId),
    )
    for (const line of lines) {
      // Stock only goes down where enough is left beside what other payments still hold: a payment whose
      // own hold expired gets the goods only if nobody else was promised them since. Never below zero.
      const taken = await trx
        .updateTable('products')
        .set((eb) => ({ stock: eb('stock', '-', line.quantity), updated_at: nowIso() }))
        .where('id', '=', line.productId)
        .where((eb) => eb(eb('stock', '-', heldByOthers(eb, iso(at), payment.id)), '>=', line.quantity))
        .executeTakeFirst()
      if (!affectedRows(taken)) throw new SoldOut(line.name)
      await trx
        .insertInto('orders')
        .values({
          user_id: payment.user_id,
          payment_id: payment.id,
          product_id: line.productId,
          product_name: line.name,
          product_image: line.image,
          quantity: line.quantity,
          price_kobo: line.unitPriceKobo,
          customer_name: customerName,
          phone_number: phone,
          location,
        })
        .execute()
      if (payment.user_id) {
        await trx
          .deleteFrom('cart_items')
          .where('user_id', '=', payment.user_id)
          .where('product_id', '=', line.productId)
          .execute()
      }
    }
    await trx
      .updateTable('payment_reservations')
      .set({ status: 'converted', ended_at: iso(at) })
      .where('payment_id', '=', payment.id)
      .where('status', 'in', ['held', 'expired'])
      .execute()
    await notify(trx, payment.user_id, 'Payment Successful', orderSummaryText(payment, lines, location))
    const amount = formatNaira(toNaira(payment.amount_kobo))
    const items = lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')
    if (payment.user_id) {
      await sendMessage(
        { db: trx },
        {
          to: payment.user_id,
          template: 'payment_receipt',
          data: { amount, reference: payment.tx_ref, items },
        },
      )
    }
    await sendMessage(
      { db: trx },
      {
        to: 'admins',
        template: 'admin_new_order',
        data: { customer: customerName || 'A customer', amount, items, reference: payment.tx_ref },
      },
    )
    // "Automatic withdrawals": this payment may have taken the balance past the admin's threshold.
    await runAutoWithdrawal(trx)
    return true
  }

  try {
    const settled = await db.transaction().execute(settle)
    return settled
      ? { httpStatus: 201, body: { message: PAYMENT_SUCCESS_MESSAGE, status: 'successful' } }
      : answerFor((await findPayment(db, payment.tx_ref))!)
  } catch (err) {
    if (!(err instanceof SoldOut)) throw err
    // The money was taken but the goods are gone: the payment fails and the charge goes back.
    const answer = await closeUnpaid(db, payment, {
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

/** Units of products.id held by live reservations (at `at`, ISO) of payments other than `paymentId`. */
function heldByOthers(eb: ExpressionBuilder<Tables, 'products'>, at: string, paymentId: number) {
  return eb
    .selectFrom('payment_reservations as r')
    .select((e) => e.fn.coalesce(e.fn.sum<number>('r.quantity'), e.lit(0)).as('held'))
    .whereRef('r.product_id', '=', 'products.id')
    .where('r.status', '=', 'held')
    .where('r.expires_at', '>', at)
    .where('r.payment_id', '<>', paymentId)
}

/**
 * Locks the products' rows until the transaction ends, in id order so two transactions locking
 * overlapping sets cannot deadlock. On PostgreSQL this is what makes a stock check and the hold or
 * sale after it one step for every instance; SQLite's single writer already does (forUpdate is a no-op).
 */
async function lockProducts(trx: Queryable, ids: number[]) {
  if (ids.length === 0) return
  await forUpdate(
    trx,
    trx
      .selectFrom('products')
      .select('id')
      .where('id', 'in', [...new Set(ids)])
      .orderBy('id'),
  ).execute()
}

async function releaseReservations(
  db: Queryable,
  paymentId: number,
  status: 'released' | 'expired',
  now: number,
) {
  await db
    .updateTable('payment_reservations')
    .set({ status, ended_at: iso(now) })
    .where('payment_id', '=', paymentId)
    .where('status', '=', 'held')
    .execute()
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
 * Records a pending payment and holds its stock for holdMinutes, in one transaction that first locks
 * the products' rows: the stock check and the hold cannot be split by another buyer, on any instance.
 * The caller's own earlier holds (a checkout started again) do not count against it and are released
 * when this one is made.
 */
export async function openPayment(
  db: Database,
  input: OpenPaymentInput,
  txRef: string,
): Promise<OpenPaymentResult> {
  const { userId, lines, now, holdMinutes } = input
  const at = iso(now)
  const expiresAt = iso(now + holdMinutes * 60_000)
  const feeKobo = input.deliveryFeeKobo ?? null
  const amountKobo = lines.reduce((sum, l) => sum + l.quantity * l.unitPriceKobo, 0) + (feeKobo ?? 0)
  return db.transaction().execute(async (trx): Promise<OpenPaymentResult> => {
    await lockProducts(
      trx,
      lines.map((l) => l.productId),
    )
    for (const line of lines) {
      const row = await trx
        .selectFrom('products as p')
        .select((eb) => [
          'p.name',
          'p.stock',
          eb
            .selectFrom('payment_reservations as r')
            .innerJoin('payments as pay', 'pay.id', 'r.payment_id')
            .select((e) => e.fn.coalesce(e.fn.sum<number>('r.quantity'), e.lit(0)).as('held'))
            .whereRef('r.product_id', '=', 'p.id')
            .where('r.status', '=', 'held')
            .where('r.expires_at', '>', at)
            // Another customer's (or an account since deleted): "IS NOT ?" written as its two cases.
            .where((e) => e.or([e('pay.user_id', '<>', userId), e('pay.user_id', 'is', null)]))
            .as('held'),
        ])
        .where('p.id', '=', line.productId)
        .executeTakeFirst()
      if (!row || row.stock < line.quantity) {
        return { ok: false, message: stockMessage(row?.name ?? line.name, row?.stock ?? 0) }
      }
      const free = row.stock - Number(row.held ?? 0)
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
    await trx
      .updateTable('payment_reservations')
      .set({ status: 'released', ended_at: at })
      .where('status', '=', 'held')
      .where('payment_id', 'in', (eb) =>
        eb.selectFrom('payments').select('id').where('user_id', '=', userId).where('status', '=', 'pending'),
      )
      .execute()
    const { id: paymentId } = await trx
      .insertInto('payments')
      .values({
        tx_ref: txRef,
        user_id: userId,
        amount_kobo: amountKobo,
        currency: 'NGN',
        gateway: input.gateway,
        lines: JSON.stringify(lines),
        return_origin: input.returnOrigin,
        delivery: input.delivery ? JSON.stringify(input.delivery) : null,
        delivery_fee_kobo: feeKobo,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx
      .insertInto('payment_reservations')
      .values(
        lines.map((line) => ({
          payment_id: paymentId,
          product_id: line.productId,
          quantity: line.quantity,
          expires_at: expiresAt,
          created_at: at,
        })),
      )
      .execute()
    return { ok: true, txRef, amountKobo, expiresAt }
  })
}

/** The gateway could not start the payment: it fails at once and its stock is free again. */
export async function abandonPayment(db: Database, txRef: string, now: number) {
  await db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('payments')
      .set({ status: 'failed', message: 'The payment provider could not start the payment.' })
      .where('tx_ref', '=', txRef)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst()
    if (changed) await releaseReservations(trx, changed.id, 'released', now)
  })
}

/** Marks holds past their time as expired (they already stopped counting); returns how many. */
export async function expireReservations(db: Queryable, now: number): Promise<number> {
  const result = await db
    .updateTable('payment_reservations')
    .set({ status: 'expired', ended_at: iso(now) })
    .where('status', '=', 'held')
    .where('expires_at', '<=', iso(now))
    .executeTakeFirst()
  return affectedRows(result)
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

export const refundOf = async (db: Queryable, paymentId: number) =>
  (await db.selectFrom('refunds').selectAll().where('payment_id', '=', paymentId).executeTakeFirst()) as
    RefundRow | undefined

/**
 * Asks the gateway to give back a charge recorded as due. A conditional claim (pending/failed ->
 * processing) lets exactly one caller ask at a time, so the payer is never refunded twice.
 * Never throws: a refusal is recorded and retried by the periodic check.
 */
export async function processRefund(
  db: Database,
  gateway: Gateway,
  paymentId: number,
  now: () => number = Date.now,
): Promise<RefundStatus | null> {
  const claimedAt = now()
  const claimed = await db
    .updateTable('refunds')
    .set((eb) => ({ status: 'processing', attempts: eb('attempts', '+', 1), updated_at: iso(claimedAt) }))
    .where('payment_id', '=', paymentId)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'pending'),
        eb.and([eb('status', '=', 'failed'), eb('attempts', '<', MAX_REFUND_ATTEMPTS)]),
        eb.and([eb('status', '=', 'processing'), eb('updated_at', '<', iso(claimedAt - STALE_REFUND_MS))]),
      ]),
    )
    .executeTakeFirst()
  if (!affectedRows(claimed)) return (await refundOf(db, paymentId))?.status ?? null
  const refund = (await refundOf(db, paymentId))!
  const payment = (await db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', paymentId)
    .executeTakeFirstOrThrow()) as PaymentRow
  try {
    // Outside any transaction: the claim above already keeps every other caller away.
    const done = await gateway.refund({
      txRef: payment.tx_ref,
      transactionId: refund.transaction_id,
      amountKobo: refund.amount_kobo,
      reason: refund.reason,
    })
    await db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable('refunds')
        .set({
          status: 'refunded',
          gateway_refund_id: done.refundId,
          error: '',
          updated_at: iso(now()),
          refunded_at: iso(now()),
        })
        .where('id', '=', refund.id)
        .where('status', '=', 'processing')
        .executeTakeFirst()
      if (!affectedRows(changed)) return
      await notify(
        trx,
        payment.user_id,
        'Payment Refunded',
        `We have refunded your payment of ${formatNaira(toNaira(refund.amount_kobo))} ` +
          `(Reference ${payment.tx_ref}): ${refund.reason} ` +
          'Your bank may take a few working days to show it.',
      )
      if (payment.user_id) {
        await sendMessage(
          { db: trx },
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
    })
    return 'refunded'
  } catch (err) {
    console.error(`Refund of ${payment.tx_ref} failed`, err)
    const error = err instanceof Error ? err.message.slice(0, 500) : String(err)
    await db.transaction().execute(async (trx) => {
      const failed = await trx
        .updateTable('refunds')
        .set({ status: 'failed', error, updated_at: iso(now()) })
        .where('id', '=', refund.id)
        .where('status', '=', 'processing')
        .executeTakeFirst()
      // The periodic check has given up: from now on the money goes back only if an admin acts.
      if (affectedRows(failed) && refund.attempts >= MAX_REFUND_ATTEMPTS) {
        await sendMessage(
          { db: trx },
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
    })
    return 'failed'
  }
}

// ---------- what the customer and the admin read ----------

/** The payer said they cancelled and the gateway has no charge: the held stock is free again. */
export async function releaseHold(db: Database, txRef: string, now: number) {
  // Only while the payment is still pending, in one statement (it may be settling elsewhere meanwhile).
  await db
    .updateTable('payment_reservations')
    .set({ status: 'released', ended_at: iso(now) })
    .where('status', '=', 'held')
    .where('payment_id', 'in', (eb) =>
      eb.selectFrom('payments').select('id').where('tx_ref', '=', txRef).where('status', '=', 'pending'),
    )
    .execute()
}

export async function paymentDetail(
  db: Queryable,
  payment: PaymentRow,
  now: number,
): Promise<PaymentOutcome> {
  const lines = JSON.parse(payment.lines) as PaymentLine[]
  const held = await db
    .selectFrom('payment_reservations')
    .select((eb) => eb.fn.min('expires_at').as('until'))
    .where('payment_id', '=', payment.id)
    .where('status', '=', 'held')
    .where('expires_at', '>', iso(now))
    .executeTakeFirst()
  const heldUntil = held?.until ?? null
  const orders = (await db
    .selectFrom('orders')
    .select(['id', 'status', 'product_name', 'quantity', 'price_kobo'])
    .where('payment_id', '=', payment.id)
    .orderBy('id')
    .execute()) as {
    id: number
    status: OrderStatus
    product_name: string
    quantity: number
    price_kobo: number
  }[]
  const refund = await refundOf(db, payment.id)
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

export async function refundsForAdmin(db: Queryable): Promise<AdminRefund[]> {
  const rows = (await db
    .selectFrom('refunds as r')
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .leftJoin('users as u', 'u.id', 'p.user_id')
    .selectAll('r')
    .select([
      'p.tx_ref',
      'p.lines',
      'u.email',
      sql<string>`COALESCE(NULLIF(TRIM(u.first_name || ' ' || u.last_name), ''), u.email, '')`.as('customer'),
    ])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute()) as (RefundRow & { tx_ref: string; lines: string; email: string | null; customer: string })[]
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
