import type { Queryable } from '../db/index.js'
import { affectedRows } from '../db/dialect.js'
import { repeat, type Repeating } from './repeat.js'

/**
 * How long an Idempotency-Key's stored answer is kept. A phone may replay its outbox after days without
 * signal; a month covers any real absence, and the table stops growing with every write ever made.
 */
export const IDEMPOTENCY_KEEP_DAYS = 30

/** Deletes stored answers older than IDEMPOTENCY_KEEP_DAYS whose claim is over; returns how many. */
export async function pruneIdempotencyKeys(db: Queryable, now: number): Promise<number> {
  const before = new Date(now - IDEMPOTENCY_KEEP_DAYS * 24 * 3600 * 1000).toISOString()
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', before)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .executeTakeFirst()
  return affectedRows(result)
}

/**
 * Tidies the tables that only grow (now: stored idempotency answers) at start and every intervalMs (6 hours
 * by default). Any instance may run it: deleting what another already deleted is harmless.
 */
export function startHousekeeping(db: Queryable, now: () => number, intervalMs = 6 * 3600_000): Repeating {
  return repeat({ everyMs: intervalMs, atStart: true, failure: 'Housekeeping failed' }, () =>
    pruneIdempotencyKeys(db, now()),
  )
}
