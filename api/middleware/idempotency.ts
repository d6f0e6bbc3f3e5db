import type { Context, MiddlewareHandler } from 'hono'
import { sql } from 'kysely'
import type { Queryable } from '../db/index.js'
import { affectedRows } from '../db/dialect.js'
import type { AppEnv } from '../types.js'

const KEY_SHAPE = /^[A-Za-z0-9-]{8,100}$/

/**
 * How long a claim holds its key while the first request runs. A request that dies (crash, kill,
 * deploy) before storing its answer leaves a claim behind; once the lease has passed, a repeat claims
 * the key afresh instead of being refused for ever. Far longer than any handler behind this middleware
 * takes once the body is in (each is one short transaction).
 */
export const IDEMPOTENCY_LEASE_MS = 60_000

/** The answer while the first request with a key runs; src/offline/replay.ts retries on this message. */
export const IN_PROGRESS_MESSAGE = 'This request is already being processed. Try again in a moment.'

/**
 * Idempotency-Key support (API.md): the first request with a key is processed and its status and body
 * stored; a repeat from the same caller gets the stored answer and creates nothing.
 *
 * The body is read in full BEFORE the key is claimed: a request cut off mid-body (a phone losing its
 * signal, a server killed) never claims anything, so its repeat is simply processed. The claim is a
 * lease, so a request that dies after claiming frees its key when the lease runs out. Two concurrent
 * repeats still cannot both get through, on one instance or several: see claim().
 */
export const idempotent: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = c.req.header('Idempotency-Key')
  if (!key) return next()
  if (!KEY_SHAPE.test(key)) return c.json({ message: 'Idempotency-Key must be a UUID' }, 400)
  // Cached by Hono: the validator and handler read the same bytes afterwards.
  await c.req.arrayBuffer()
  const { db } = c.var
  const scope = c.var.user ? `user:${c.var.user.id}` : 'anonymous'
  const path = c.req.path
  const now = Date.now()
  const leaseUntil = now + IDEMPOTENCY_LEASE_MS
  if (!(await claim(db, { scope, key, method: c.req.method, path, now, leaseUntil }))) {
    const row = await db
      .selectFrom('idempotency_keys')
      .select(['status', 'body', 'path', 'lease_until'])
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst()
    // Gone between the claim and this read: its claimer failed and released it. A retry claims it afresh.
    if (!row) return inProgress(c, 1)
    // A key names one request: reusing it for another call is a client bug, not a repeat.
    if (row.path.replace(/\/+$/, '') !== path.replace(/\/+$/, '')) {
      return c.json({ message: 'This Idempotency-Key was already used for a different request.' }, 422)
    }
    if (row.status === null) {
      // A live first request ends within a second or two, so the hint is short; the lease end is only
      // the worst case (a dead claim).
      return inProgress(c, Math.max(1, Math.ceil(((row.lease_until ?? now) - now) / 1000)))
    }
    return new Response(row.body, {
      status: row.status,
      headers: { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' },
    })
  }
  // Both only touch this claim (its lease), never a later claimer's or a stored answer.
  const release = () =>
    db
      .deleteFrom('idempotency_keys')
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where('lease_until', '=', leaseUntil)
      .where('status', 'is', null)
      .execute()
  const store = async (status: number, body: string) => {
    const result = await db
      .updateTable('idempotency_keys')
      .set({ status, body })
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where('lease_until', '=', leaseUntil)
      .where('status', 'is', null)
      .executeTakeFirst()
    return affectedRows(result) > 0
  }
  // The answer is stored as soon as the handler builds it (c.json), started with no await in between,
  // so the window in which a kill leaves a done request with an unanswered key is as short as it can be
  // from outside the handler's transaction.
  const pending: { store?: Promise<boolean> } = {}
  const json = c.json as (...args: unknown[]) => Response
  c.json = ((...args: unknown[]) => {
    const res = json(...args)
    if (res.status < 500 && !pending.store) pending.store = store(res.status, JSON.stringify(args[0]))
    return res
  }) as typeof c.json
  try {
    await next()
  } catch (err) {
    await pending.store?.catch(() => false)
    await release()
    throw err
  }
  const stored = pending.store ? await pending.store : false
  // Server errors are not final answers: free the key so a retry is processed afresh.
  if (c.res.status >= 500 || c.error) {
    await release()
    return
  }
  if (!stored) await store(c.res.status, await c.res.clone().text())
}

/** 409 + a stable code + Retry-After (seconds, at most 5): the first request with the key still runs. */
function inProgress(c: Context<AppEnv>, waitSeconds: number) {
  c.header('Retry-After', String(Math.min(waitSeconds, 5)))
  return c.json({ message: IN_PROGRESS_MESSAGE, code: 'in_progress' }, 409)
}

/**
 * Claims the key for this request: a new key, or an unfinished claim of the same path whose lease has
 * run out (NULL: an older build's). Each is one statement whose row count says who won, so of two
 * instances claiming at once exactly one proceeds (PostgreSQL re-checks the UPDATE's WHERE on the row
 * it locked, after the other's commit).
 */
async function claim(
  db: Queryable,
  k: { scope: string; key: string; method: string; path: string; now: number; leaseUntil: number },
): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ scope: k.scope, key: k.key, method: k.method, path: k.path, lease_until: k.leaseUntil })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .executeTakeFirst()
  if (affectedRows(inserted) > 0) return true
  const retaken = await db
    .updateTable('idempotency_keys')
    .set({ lease_until: k.leaseUntil, method: k.method, path: k.path })
    .where('scope', '=', k.scope)
    .where('key', '=', k.key)
    .where('status', 'is', null)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', k.now)]))
    .where(sql<boolean>`rtrim(path, '/') = rtrim(${k.path}, '/')`)
    .executeTakeFirst()
  return affectedRows(retaken) > 0
}
