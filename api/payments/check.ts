import type { Database } from '../db/index.js'
import { repeat, type Repeating } from '../lib/repeat.js'
import type { Gateway } from './gateway.js'
import { MAX_REFUND_ATTEMPTS, processRefund, refundLateCharge } from './refunds.js'
import { expireReservations } from './reservations.js'
import { settlePending } from './rows.js'
import { verifyAndSettle } from './settle.js'

export interface PaymentCheckDeps {
  db: Database
  gateway: Gateway
  now?: () => number
  /** A payment the gateway still knows nothing of after this long was abandoned: it is closed. */
  abandonAfterMs?: number
  /** Aborted at shutdown: the run ends after the payment or refund under way (the rest wait for the next). */
  signal?: AbortSignal
}

export interface PaymentCheckReport {
  /** Holds past their time, marked expired. */
  expired: number
  /** Pending payments asked about, and what became of them. */
  checked: number
  settled: number
  closed: number
  abandoned: number
  /** Refunds asked of the gateway this run (due, retried, or for a late charge), and how many it accepted. */
  refundsTried: number
  refunded: number
  /** Gateway calls that failed (retried next time). */
  errors: number
}

const DAY_MS = 24 * 3600_000
/** One run asks about at most this many payments, oldest first, so a backlog cannot hog the gateway. */
const BATCH = 200

/**
 * The third way a payment is settled, after the redirect and the webhook: asks the gateway about
 * every pending payment, so a paid one is settled even when the browser never came back and the
 * webhook was lost. Also expires stock holds, retries refunds, and gives back late charges for
 * payments closed in the last day. Safe to run alongside the other two (settling is conditional).
 */
export async function checkPendingPayments(deps: PaymentCheckDeps): Promise<PaymentCheckReport> {
  const { db, gateway } = deps
  const now = deps.now ?? Date.now
  const abandonAfterMs = deps.abandonAfterMs ?? DAY_MS
  const stopped = () => deps.signal?.aborted === true
  const report: PaymentCheckReport = {
    expired: await expireReservations(db, now()),
    checked: 0,
    settled: 0,
    closed: 0,
    abandoned: 0,
    refundsTried: 0,
    refunded: 0,
    errors: 0,
  }

  const pending = await db
    .selectFrom('payments')
    .select(['id', 'tx_ref', 'created_at', 'invoice_id'])
    .where('status', '=', 'pending')
    .orderBy('id')
    .limit(BATCH)
    .execute()
  for (const payment of pending) {
    if (stopped()) return report
    report.checked++
    const answer = await verifyAndSettle(db, gateway, payment.tx_ref, undefined, now)
    if (answer.httpStatus === 502) report.errors++
    else if (answer.body.status === 'successful') report.settled++
    else if (answer.body.status === 'failed' || answer.body.status === 'cancelled') {
      const stillPending = await db
        .selectFrom('payments')
        .select('status')
        .where('id', '=', payment.id)
        .executeTakeFirst()
      if (stillPending?.status !== 'pending') report.closed++
      else if (Date.parse(payment.created_at) < now() - abandonAfterMs) {
        // The gateway has no charge a day on: the customer walked away. Closed quietly (no
        // notification: they were never charged), so it stops being asked about.
        const closed = await settlePending(db, payment.id, {
          status: 'cancelled',
          message: `No payment was made for this ${payment.invoice_id === null ? 'order' : 'invoice'}.`,
        })
        if (closed) report.abandoned++
      }
    }
  }

  const since = new Date(now() - DAY_MS).toISOString()
  const closedRecently = await db
    .selectFrom('payments as p')
    .select('p.tx_ref')
    .where('p.status', 'in', ['failed', 'cancelled'])
    .where('p.settled_at', '>=', since)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('refunds as r').select('r.id').whereRef('r.payment_id', '=', 'p.id'))),
    )
    .orderBy('p.id')
    .limit(BATCH)
    .execute()
  for (const { tx_ref } of closedRecently) {
    if (stopped()) return report
    try {
      if (await refundLateCharge(db, gateway, tx_ref, undefined, now)) {
        report.refundsTried++
        const refund = await db
          .selectFrom('refunds as r')
          .innerJoin('payments as p', 'p.id', 'r.payment_id')
          .select('r.status')
          .where('p.tx_ref', '=', tx_ref)
          .executeTakeFirst()
        if (refund?.status === 'refunded') report.refunded++
      }
    } catch (err) {
      console.error(`Late charge check of ${tx_ref} failed`, err)
      report.errors++
    }
  }

  const due = await db
    .selectFrom('refunds')
    .select('payment_id')
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['pending', 'processing']),
        eb.and([eb('status', '=', 'failed'), eb('attempts', '<', MAX_REFUND_ATTEMPTS)]),
      ]),
    )
    .orderBy('id')
    .limit(BATCH)
    .execute()
  for (const { payment_id: paymentId } of due) {
    if (stopped()) return report
    // Another caller may be asking right now: processRefund's claim lets only one through.
    const status = await processRefund(db, gateway, paymentId, now)
    if (status === 'refunded' || status === 'failed') report.refundsTried++
    if (status === 'refunded') report.refunded++
    if (status === 'failed') report.errors++
  }
  return report
}

/**
 * The periodic checks of a running server. stop(): no further runs; resolves once the run under way has
 * finished its current payment or refund.
 */
export type PaymentChecks = Repeating

/**
 * Runs checkPendingPayments every intervalMs (5 minutes by default) in the server process; a run
 * never overlaps the previous one, and the timer does not keep the process alive.
 */
export function startPaymentChecks(deps: PaymentCheckDeps, intervalMs = 5 * 60_000): PaymentChecks {
  const stopping = new AbortController()
  return repeat(
    {
      everyMs: intervalMs,
      atStart: false,
      failure: 'Periodic payment check failed',
      onStop: () => stopping.abort(),
    },
    () => checkPendingPayments({ ...deps, signal: stopping.signal }),
  )
}
