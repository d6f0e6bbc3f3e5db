import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../types.js'

const KEY_SHAPE = /^[A-Za-z0-9-]{8,100}$/

/**
 * How long a claim holds its key while the first request runs. A request that dies (crash, kill,
 * deploy) before storing its answer leaves a claim behind; once the lease has passed, a repeat claims
 * the key afresh instead of being refused for ever. Far longer than any handler behind this middleware
 * takes once the body is in (they are single SQLite transactions).
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
 * repeats still cannot both get through: the claim is one INSERT ... ON CONFLICT on the primary key.
 */
export const idempotent: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = c.req.header('Idempotency-Key')
  if (!key) return next()
  if (!KEY_SHAPE.test(key)) return c.json({ message: 'Idempotency-Key must be a UUID' }, 400)
  // Cached by Hono: the validator and handler read the same bytes afterwards.
  await c.req.arrayBuffer()
  const { sqlite: db } = c.var
  const scope = c.var.user ? `user:${c.var.user.id}` : 'anonymous'
  const now = Date.now()
  const leaseUntil = now + IDEMPOTENCY_LEASE_MS
  // Claims a new key, or takes over an unfinished claim whose lease has run out (NULL: an older build's).
  const claimed = db
    .prepare(
      `INSERT INTO idempotency_keys (scope, key, method, path, lease_until) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (scope, key) DO UPDATE SET lease_until = excluded.lease_until,
         method = excluded.method, path = excluded.path
       WHERE idempotency_keys.status IS NULL
         AND (idempotency_keys.lease_until IS NULL OR idempotency_keys.lease_until <= ?)
         AND rtrim(idempotency_keys.path, '/') = rtrim(excluded.path, '/')`,
    )
    .run(scope, key, c.req.method, c.req.path, leaseUntil, now).changes
  if (!claimed) {
    const row = db
      .prepare('SELECT status, body, path, lease_until FROM idempotency_keys WHERE scope = ? AND key = ?')
      .get(scope, key) as {
      status: number | null
      body: string | null
      path: string
      lease_until: number | null
    }
    // A key names one request: reusing it for another call is a client bug, not a repeat.
    if (row.path.replace(/\/+$/, '') !== c.req.path.replace(/\/+$/, '')) {
      return c.json({ message: 'This Idempotency-Key was already used for a different request.' }, 422)
    }
    if (row.status === null) {
      // Machine-readable: 409 + a stable code + Retry-After. A live first request ends within a second or
      // two, so the hint is short; the lease end is only the worst case (a dead claim).
      const wait = Math.max(1, Math.ceil(((row.lease_until ?? now) - now) / 1000))
      c.header('Retry-After', String(Math.min(wait, 5)))
      return c.json({ message: IN_PROGRESS_MESSAGE, code: 'in_progress' }, 409)
    }
    return new Response(row.body, {
      status: row.status,
      headers: { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' },
    })
  }
  const release = () =>
    db
      .prepare(
        'DELETE FROM idempotency_keys WHERE scope = ? AND key = ? AND status IS NULL AND lease_until = ?',
      )
      .run(scope, key, leaseUntil)
  const store = (status: number, body: string) =>
    db
      .prepare(
        `UPDATE idempotency_keys SET status = ?, body = ?
         WHERE scope = ? AND key = ? AND lease_until = ? AND status IS NULL`,
      )
      .run(status, body, scope, key, leaseUntil)
  // Handlers commit their SQLite transaction and call c.json() in one synchronous run: storing the
  // answer right there leaves no await between the booking and its stored answer, so a kill cannot
  // leave a booking whose key a later retry would process a second time once the lease ran out.
  let stored = false
  const json = c.json as (...args: unknown[]) => Response
  c.json = ((...args: unknown[]) => {
    const res = json(...args)
    if (res.status < 500) stored = store(res.status, JSON.stringify(args[0])).changes > 0
    return res
  }) as typeof c.json
  try {
    await next()
  } catch (err) {
    release()
    throw err
  }
  // Server errors are not final answers: free the key so a retry is processed afresh.
  if (c.res.status >= 500 || c.error) {
    release()
    return
  }
  if (!stored) store(c.res.status, await c.res.clone().text())
}
