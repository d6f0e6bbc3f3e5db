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
    const { db } = c.var
    const row = await db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select([
        's.expires_at',
        'u.id',
        'u.email',
        'u.first_name',
        'u.last_name',
        'u.phone_number',
        'u.location',
        'u.role',
      ])
      .where('s.id', '=', id)
      .where('s.expires_at', '>', now)
      .executeTakeFirst()
    if (row) {
      const { expires_at, ...user } = row
      c.set('user', { ...user, role: user.role as SessionUser['role'] })
      c.set('sessionId', id)
      const ttl = c.var.config.sessionTtlMs
      if (expires_at - now < ttl / 2) {
        await db
          .updateTable('sessions')
          .set({ expires_at: now + ttl })
          .where('id', '=', id)
          .execute()
        writeCookie(c, raw)
      }
    } else {
      deleteCookie(c, SESSION_COOKIE, { path: '/' })
    }
  }
  await next()
}

/** Logs the user in with a fresh session id (the old one, if any, is destroyed: no fixation). */
export async function startSession(c: Context<AppEnv>, userId: number) {
  const { db, config } = c.var
  const raw = randomBytes(32).toString('base64url')
  const now = Date.now()
  if (c.var.sessionId) await db.deleteFrom('sessions').where('id', '=', c.var.sessionId).execute()
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute()
  await db
    .insertInto('sessions')
    .values({
      id: hashSessionId(raw),
      user_id: userId,
      expires_at: now + config.sessionTtlMs,
      created_at: now,
    })
    .execute()
  writeCookie(c, raw)
}

export async function endSession(c: Context<AppEnv>) {
  if (c.var.sessionId) await c.var.db.deleteFrom('sessions').where('id', '=', c.var.sessionId).execute()
  deleteCookie(c, SESSION_COOKIE, { path: '/' })
  c.set('user', null)
  c.set('sessionId', null)
}

/** Ends every session of a user except the caller's (after a password change). */
export async function endOtherSessions(c: Context<AppEnv>, userId: number) {
  const current = c.var.sessionId
  await c.var.db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .$if(current !== null, (q) => q.where('id', '!=', current!))
    .execute()
}
