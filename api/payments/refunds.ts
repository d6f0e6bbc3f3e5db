import type { AdminRefund, RefundStatus } from '../../contract/payments.js'
import { formatNaira, toNaira } from '../../contract/money.js'
import { sql } from 'kysely'
import type { Database, Queryable } from '../db/index.js'
import { affectedRows } from '../db/dialect.js'
import type { Gateway } from './gateway.js'
import { tell } from '../lib/notify.js'
import { sendMessage } from '../messaging/index.js'
import { findPayment, iso, itemsText, linesOf, type PaymentRow } from './rows.js'

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
      const amount = formatNaira(toNaira(refund.amount_kobo))
      await tell(
        trx,
        payment.user_id,
        {
          heading: 'Payment Refunded',
          body:
            `We have refunded your payment of ${amount} (Reference ${payment.tx_ref}): ${refund.reason} ` +
            'Your bank may take a few working days to show it.',
          kind: 'invoices',
        },
        { template: 'refund', data: { amount, reference: payment.tx_ref, reason: refund.reason } },
      )
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

export async function refundsForAdmin(db: Queryable): Promise<AdminRefund[]> {
  const rows = (await db
    .selectFrom('refunds as r')
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .leftJoin('users as u', 'u.id', 'p.user_id')
    .leftJoin('invoices as i', 'i.id', 'p.invoice_id')
    .selectAll('r')
    .select([
      'p.tx_ref',
      'p.lines',
      'i.number',
      'u.email',
      sql<string>`COALESCE(NULLIF(TRIM(u.first_name || ' ' || u.last_name), ''), u.email, '')`.as('customer'),
    ])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute()) as (RefundRow & {
    tx_ref: string
    lines: string
    number: string | null
    email: string | null
    customer: string
  })[]
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
    // What the charge was for: the goods, or money on an invoice.
    products: r.number === null ? itemsText(linesOf(r)) : `Invoice ${r.number}`,
    created: r.created_at,
    refunded: r.refunded_at,
  }))
}
