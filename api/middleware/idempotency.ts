import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../types.js'

const KEY_SHAPE = /^[A-Za-z0-9-]{8,100}$/

/**
 * Idempotency-Key support (API.md): the first request with a key is processed and its status and body
 * stored; a repeat from the same caller gets the stored answer and creates nothing. The row is claimed
 * before the handler runs, so two concurrent repeats cannot both get through.
 */
export const idempotent: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = c.req.header('Idempotency-Key')
  if (!key) return next()
  if (!KEY_SHAPE.test(key)) return c.json({ message: 'Idempotency-Key must be a UUID' }, 400)
  const { db } = c.var
  const scope = c.var.user ? `user:${c.var.user.id}` : 'anonymous'
  const claimed = db
    .prepare(
      'INSERT INTO idempotency_keys (scope, key, method, path) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
    )
    .run(scope, key, c.req.method, c.req.path).changes
  if (!claimed) {
    const row = db
      .prepare('SELECT status, body, path FROM idempotency_keys WHERE scope = ? AND key = ?')
      .get(scope, key) as { status: number | null; body: string | null; path: string }
    // A key names one request: reusing it for another call is a client bug, not a repeat.
    if (row.path.replace(/\/+$/, '') !== c.req.path.replace(/\/+$/, '')) {
      return c.json({ message: 'This Idempotency-Key was already used for a different request.' }, 422)
    }
    if (row.status === null) {
      return c.json({ message: 'This request is already being processed. Try again in a moment.' }, 409)
    }
    return new Response(row.body, {
      status: row.status,
      headers: { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' },
    })
  }
  try {
    await next()
  } catch (err) {
    db.prepare('DELETE FROM idempotency_keys WHERE scope = ? AND key = ?').run(scope, key)
    throw err
  }
  // Server errors are not final answers: free the key so a retry is processed afresh.
  if (c.res.status >= 500 || c.error) {
    db.prepare('DELETE FROM idempotency_keys WHERE scope = ? AND key = ?').run(scope, key)
    return
  }
  const body = await c.res.clone().text()
  db.prepare('UPDATE idempotency_keys SET status = ?, body = ? WHERE scope = ? AND key = ?').run(
    c.res.status,
    body,
    scope,
    key,
  )
}
