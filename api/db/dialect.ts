import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely'
import { engineOf, type Database, type Queryable } from './index.js'

/**
 * The few places where SQLite and PostgreSQL need different words. Everything else is written once
 * with Kysely's query builder and runs on both.
 */

/** Now as the ISO 8601 UTC text every timestamp column holds (the same on both engines). */
export const nowIso = () => new Date().toISOString()

/**
 * Locks the rows a transaction reads until it ends, so a check-then-write (stock, overlaps, a payment's
 * status) cannot interleave with another instance's. SQLite needs none: it has one writer at a time and
 * every query of this process goes through one connection, so a transaction already runs alone.
 */
export function forUpdate<DB, TB extends keyof DB, O>(
  db: Queryable,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return engineOf(db) === 'postgres' ? query.forUpdate() : query
}

/** How many rows an UPDATE, DELETE or INSERT touched, whichever Kysely result it is. */
export function affectedRows(
  result:
    | { numUpdatedRows: bigint }
    | { numDeletedRows: bigint }
    | { numInsertedOrUpdatedRows?: bigint }
    | readonly { numUpdatedRows: bigint }[],
): number {
  if (Array.isArray(result)) return result.reduce((sum, r) => sum + Number(r.numUpdatedRows), 0)
  if ('numUpdatedRows' in result) return Number(result.numUpdatedRows)
  if ('numDeletedRows' in result) return Number(result.numDeletedRows)
  return Number((result as { numInsertedOrUpdatedRows?: bigint }).numInsertedOrUpdatedRows ?? 0)
}

/**
 * Runs `work` in a transaction, or inside the caller's when `db` already is one (so a library function
 * can be called alone or as part of a bigger change).
 */
export function inTransaction<T>(db: Queryable, work: (trx: Queryable) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db)
  return (db as Database).transaction().execute(work)
}

/**
 * Makes transactions that take the same named lock run one at a time, until each ends: for a check over
 * many rows with no one row to lock (the balance before a withdrawal). PostgreSQL: an advisory lock held
 * to the end of the transaction; SQLite needs none (one writer, one connection).
 */
export async function lockForTransaction(trx: Queryable, lock: number): Promise<void> {
  if (!trx.isTransaction) throw new Error('lockForTransaction needs a transaction')
  if (engineOf(trx) === 'postgres') await sql`SELECT pg_advisory_xact_lock(${lock})`.execute(trx)
}

/** A UNIQUE constraint refused the write: SQLite's error code, or PostgreSQL's SQLSTATE 23505. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505'
}

/**
 * The Lagos calendar month (YYYY-MM) of a column holding ISO 8601 UTC text, for grouping by month in SQL.
 * Lagos keeps UTC+1 all year (no daylight saving), so it is the month of the instant one hour later; the
 * expression holds no parameters, so PostgreSQL matches it between SELECT and GROUP BY.
 */
export function lagosMonth(db: Queryable, column: string): RawBuilder<string> {
  const ref = sql.ref(column)
  return engineOf(db) === 'postgres'
    ? sql<string>`to_char((CAST(${ref} AS timestamptz) AT TIME ZONE 'UTC') + INTERVAL '1 hour', 'YYYY-MM')`
    : sql<string>`strftime('%Y-%m', ${ref}, '+1 hours')`
}
