import { createHash, randomBytes } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { AppEnv, SessionUser } from '../types.js'

export const SESSION_COOKIE = 'sid'

const hashSessionId = (raw: string) => createHash('sha256').update(raw).digest('hex')

export const isHttps = (c: Context) =>
  new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https'

function writeCookie(c: Context<AppEnv>, raw: string) {
  setCookie(c, SESSION_COOKIE, raw, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
    path: '/',
    maxAge: Math.floor(c.var.config.sessionTtlMs / 1000),
  })
}

/** Loads the caller from the `sid` cookie and slides the expiry once half of it has passed. */
export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('user', null)
  c.set('sessionId', null)
  const raw = getCookie(c, SESSION_COOKIE)
  if (raw) {
    const id = hashSessionId(raw)
    const now = Date.now()
    const row = c.var.sqlite
      .prepare(
        `SELECT s.expires_at, u.id, u.email, u.first_name, u.last_name, u.phone_number, u.location, u.role
         FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ? AND s.expires_at > ?`,
      )
      .get(id, now) as (SessionUser & { expires_at: number }) | undefined
    if (row) {
      const { expires_at, ...user } = row
      c.set('user', user)
      c.set('sessionId', id)
      const ttl = c.var.config.sessionTtlMs
      if (expires_at - now < ttl / 2) {
        c.var.sqlite.prepare('UPDATE sessions SET expires_at = ? WHERE id = ?').run(now + ttl, id)
        writeCookie(c, raw)
      }
    } else {
      deleteCookie(c, SESSION_COOKIE, { path: '/' })
    }
  }
  await next()
}

/** Logs the user in with a fresh session id (the old one, if any, is destroyed: no fixation). */
export function startSession(c: Context<AppEnv>, userId: number) {
  const { sqlite: db, config } = c.var
  if (c.var.sessionId) db.prepare('DELETE FROM sessions WHERE id = ?').run(c.var.sessionId)
  const raw = randomBytes(32).toString('base64url')
  const now = Date.now()
  db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(now)
  db.prepare('INSERT INTO sessions (id, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)').run(
    hashSessionId(raw),
    userId,
    now + config.sessionTtlMs,
    now,
  )
  writeCookie(c, raw)
}

export function endSession(c: Context<AppEnv>) {
  if (c.var.sessionId) c.var.sqlite.prepare('DELETE FROM sessions WHERE id = ?').run(c.var.sessionId)
  deleteCookie(c, SESSION_COOKIE, { path: '/' })
  c.set('user', null)
  c.set('sessionId', null)
}

/** Ends every session of a user except the caller's (after a password change). */
export function endOtherSessions(c: Context<AppEnv>, userId: number) {
  c.var.sqlite.prepare('DELETE FROM sessions WHERE user_id = ? AND id IS NOT ?').run(userId, c.var.sessionId)
}
