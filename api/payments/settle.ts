import type { VerifyAnswer } from '../../contract/payments.js'
import type { Database } from '../db/index.js'
import type { Gateway, GatewayTransaction } from './gateway.js'
import { notify } from '../lib/notify.js'
import { catalogueWritten } from '../lib/catalogue-cache.js'
import { placeOrders, SoldOut } from './place-orders.js'
import { processRefund } from './refunds.js'
import { releaseReservations } from './reservations.js'
import { InvoiceNotPayable, recordInvoiceCharge } from './invoice.js'
import {
  PENDING_MESSAGE,
  findPayment,
  iso,
  settlePending,
  successMessageOf,
  type PaymentRow,
} from './rows.js'

/** What the payer reads when a payment does not go through, by what it pays for. */
const TEXTS = {
  cart: {
    failed: 'Your payment was not successful. Your cart has been kept, so you can try again.',
    cancelled: 'Your payment was cancelled. Your cart has been kept, so you can try again.',
    mismatch:
      'The amount or currency paid does not match your order. Please contact us; any charge will be refunded.',
    mismatchReason: 'The amount or currency paid did not match the order.',
    notFound: 'No payment was made for this order. Your cart has been kept.',
  },
  invoice: {
    failed: 'Your payment was not successful. Nothing was taken off your invoice, so you can try again.',
    cancelled: 'Your payment was cancelled. Nothing was taken off your invoice, so you can try again.',
    mismatch:
      'The amount or currency paid does not match your invoice payment. Please contact us; any charge will be refunded.',
    mismatchReason: 'The amount or currency paid did not match the invoice payment.',
    notFound: 'No payment was made for this invoice.',
  },
}
const textsOf = (payment: Pick<PaymentRow, 'invoice_id'>) =>
  payment.invoice_id === null ? TEXTS.cart : TEXTS.invoice

/** The answer of POST verify/ (and the webhook): the same for every repeat. */
export interface SettleAnswer {
  httpStatus: 201 | 400 | 502
  body: VerifyAnswer
}

/** The recorded outcome of a payment that is no longer pending. */
function answerFor(payment: PaymentRow): SettleAnswer {
  if (payment.status === 'successful') {
    return { httpStatus: 201, body: { message: successMessageOf(payment), status: 'successful' } }
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
  // Settled already (pay/return, the webhook or the periodic check got there first): the recorded
  // answer, so the confirmation page's verify after the return does not ask the gateway a second time.
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
  const texts = textsOf(before)
  // Nothing recorded yet: leave the payment open, so a late charge (or its webhook) still settles it.
  if (!tx) return { httpStatus: 400, body: { message: texts.notFound, status: 'cancelled' } }
  if (tx.status === 'pending')
    return { httpStatus: 400, body: { message: PENDING_MESSAGE, status: 'pending' } }

  if (tx.status !== 'successful') {
    return closeUnpaid(db, before, {
      status: tx.status,
      message: tx.status === 'cancelled' ? texts.cancelled : texts.failed,
      tx,
      now: now(),
    })
  }
  if (tx.txRef !== before.tx_ref) {
    // Not a charge for this payment: nothing of ours to settle or to give back.
    return closeUnpaid(db, before, { status: 'failed', message: texts.mismatch, tx, now: now() })
  }
  if (tx.currency !== 'NGN' || tx.amountKobo < before.amount_kobo) {
    // Money was taken for our reference, but not what was asked: it goes back.
    const answer = await closeUnpaid(db, before, {
      status: 'failed',
      message: texts.mismatch,
      tx,
      now: now(),
      refundReason: texts.mismatchReason,
    })
    await processRefund(db, gateway, before.id, now)
    return answer
  }
  return settlePaid(db, gateway, before, tx, now)
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
    if (!(await settlePending(trx, payment.id, { status, message, transactionId: tx?.transactionId })))
      return false
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
    await notify(
      trx,
      payment.user_id,
      heading,
      `${message} (Reference ${payment.tx_ref})`,
      undefined,
      'invoices',
    )
    return true
  })
  // Another caller closed or settled it first: theirs is the answer.
  return closed
    ? { httpStatus: 400, body: { message, status } }
    : answerFor((await findPayment(db, payment.tx_ref))!)
}

/**
 * One transaction, guarded by the payment's status: the first caller moves it from pending to
 * successful and does what it pays for: places a cart's orders (stock only goes down where enough is
 * left) or records the money on its invoice. When that cannot be done, everything rolls back and the
 * charge goes back to the payer.
 */
async function settlePaid(
  db: Database,
  gateway: Gateway,
  payment: PaymentRow,
  tx: GatewayTransaction,
  now: () => number,
): Promise<SettleAnswer> {
  const at = now()
  try {
    const settled = await db
      .transaction()
      .execute((trx) =>
        payment.invoice_id === null
          ? placeOrders(trx, payment, tx, at)
          : recordInvoiceCharge(trx, payment, tx, at),
      )
    // The stock taken shows in the catalogue this instance answers next (see catalogueWritten).
    if (settled && payment.invoice_id === null) catalogueWritten(db)
    return settled
      ? { httpStatus: 201, body: { message: successMessageOf(payment), status: 'successful' } }
      : answerFor((await findPayment(db, payment.tx_ref))!)
  } catch (err) {
    const refundReason =
      err instanceof SoldOut
        ? `${err.productName} sold out before the payment completed.`
        : err instanceof InvoiceNotPayable
          ? err.reason
          : null
    if (refundReason === null) throw err
    // The money was taken but cannot be used for what it paid: the payment fails and the charge goes back.
    const answer = await closeUnpaid(db, payment, {
      status: 'failed',
      message: (err as Error).message,
      tx,
      now: at,
      heading: 'Unable to Process Transaction',
      refundReason,
    })
    await processRefund(db, gateway, payment.id, now)
    return answer
  }
}
