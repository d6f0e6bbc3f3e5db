import type { Context, MiddlewareHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { sql } from 'kysely'
import type { Queryable } from '../db/index.js'
import { affectedRows } from '../db/dialect.js'
import type { AppEnv } from '../types.js'
import { ApiFailure } from '../lib/http-error.js'

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

/** Thrown inside a handler's transaction when its claim on the key is no longer its own (see answerOnce). */
export class IdempotencyClaimLost extends HTTPException {
  constructor() {
    super(409, { message: IN_PROGRESS_MESSAGE })
  }
}

/**
 * Idempotency-Key support (docs/api-conventions.md): the first request with a key is processed and its status and body
 * stored; a repeat from the same caller gets the stored answer and creates nothing.
 *
 * The body is read in full BEFORE the key is claimed: a request cut off mid-body (a phone losing its
 * signal, a server killed) never claims anything, so its repeat is simply processed. The claim is a
 * lease, so a request that dies after claiming frees its key when the lease runs out. Two concurrent
 * repeats still cannot both get through, on one instance or several: see claim().
 *
 * A handler that writes answers through answerOnce(), which stores the answer in the same transaction
 * as the writes: a process killed between the commit and a later store can no longer leave done work
 * behind an unanswered key that a repeat, once the lease has run out, would do a second time.
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
  // Each only touches this claim (its lease), never a later claimer's or a stored answer.
  const ours = (q: Queryable) =>
    q
      .updateTable('idempotency_keys')
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where('lease_until', '=', leaseUntil)
      .where('status', 'is', null)
  const release = () =>
    db
      .deleteFrom('idempotency_keys')
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where('lease_until', '=', leaseUntil)
      .where('status', 'is', null)
      .execute()
  c.set('idempotency', {
    async keep(trx, status, body) {
      // Outside a transaction the answer would again be stored apart from the writes it answers.
      if (!trx.isTransaction) throw new Error('answerOnce needs the transaction of the writes it answers')
      const stored = await ours(trx).set({ status, body }).executeTakeFirst()
      // Our lease ran out and another request took the key over (or answered it): throwing rolls the
      // handler's writes back, so only one of the two ever commits.
      if (affectedRows(stored) === 0) throw new IdempotencyClaimLost()
    },
  })
  try {
    await next()
  } catch (err) {
    await release()
    throw err
  }
  if (c.error instanceof IdempotencyClaimLost) {
    // Nothing of ours committed and the key is someone else's: the repeat gets their answer.
    c.error = undefined
    c.res = inProgress(c, 1)
    return
  }
  // Server errors and "too many, try later" are not final answers: free the key so a retry is processed
  // afresh. A refusal a handler threw (fail()) is one, like a refusal it returned.
  const refused = c.error instanceof ApiFailure
  if (c.res.status >= 500 || c.res.status === 429 || (c.error && !refused)) {
    await release()
    return
  }
  // The fallback for answers given without a transaction (a 400, a 404, a refusal): they wrote
  // nothing, so storing them after the fact risks no duplicate. A no-op when answerOnce stored the
  // answer with the handler's writes (the status is no longer NULL).
  await ours(db)
    .set({ status: c.res.status, body: await c.res.clone().text() })
    .execute()
}

/**
 * The answer of a handler behind `idempotent` that writes: stores status and body in `trx`, the
 * transaction of those writes, and returns the same as c.json. Call it last inside the transaction,
 * with what the request answers: the writes and the stored answer then commit together or not at
 * all, so a process killed after the commit leaves a key whose repeat replays the answer instead of
 * writing again. Without an Idempotency-Key it is plain c.json.
 */
export async function answerOnce(
  c: Context<AppEnv>,
  trx: Queryable,
  body: object,
  status: ContentfulStatusCode = 200,
): Promise<Response> {
  await c.var.idempotency?.keep(trx, status, JSON.stringify(body))
  return c.json(body, status)
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
