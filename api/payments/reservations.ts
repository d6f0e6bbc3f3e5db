import type { ExpressionBuilder } from 'kysely'
import type { Database, Queryable, Tables } from '../db/index.js'
import { affectedRows, forUpdate } from '../db/dialect.js'
import { iso, type PaymentLine } from './rows.js'

/** Units of products.id held by live reservations (at `at`, ISO) of payments other than `paymentId`. */
export function heldByOthers(eb: ExpressionBuilder<Tables, 'products'>, at: string, paymentId: number) {
  return eb
    .selectFrom('payment_reservations as r')
    .select((e) => e.fn.coalesce(e.fn.sum<number>('r.quantity'), e.lit(0)).as('held'))
    .whereRef('r.product_id', '=', 'products.id')
    .where('r.status', '=', 'held')
    .where('r.expires_at', '>', at)
    .where('r.payment_id', '<>', paymentId)
}

/**
 * Locks the lines' products' rows until the transaction ends, in id order so two transactions locking
 * overlapping sets cannot deadlock. On PostgreSQL this is what makes a stock check and the hold or
 * sale after it one step for every instance; SQLite's single writer already does (forUpdate is a no-op).
 */
export async function lockProducts(trx: Queryable, lines: Pick<PaymentLine, 'productId'>[]) {
  if (lines.length === 0) return
  await forUpdate(
    trx,
    trx
      .selectFrom('products')
      .select('id')
      .where('id', 'in', [...new Set(lines.map((l) => l.productId))])
      .orderBy('id'),
  ).execute()
}

export async function releaseReservations(
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
