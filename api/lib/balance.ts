import type { DB } from '../db/index.js'

/**
 * The business's balance in kobo: money received (successful payments) minus money withdrawn or
 * waiting to be (every withdrawal not Rejected, so a pending one cannot be requested twice).
 */
export function balanceKobo(db: DB): number {
  return db
    .prepare(
      `SELECT (SELECT COALESCE(SUM(amount_kobo), 0) FROM payments WHERE status = 'successful')
            - (SELECT COALESCE(SUM(amount_kobo), 0) FROM withdrawals WHERE status <> 'Rejected')`,
    )
    .pluck()
    .get() as number
}
