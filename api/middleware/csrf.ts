import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import type { AppEnv } from '../types.js'
import { isHttps } from './session.js'

export const CSRF_COOKIE = 'csrftoken'
export const CSRF_HEADER = 'X-CSRFToken'
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32,64}$/

/** Returns the caller's token, issuing one (and its cookie) when there is none; tabs share one token. */
export function issueCsrfToken(c: Context<AppEnv>): string {
  const existing = getCookie(c, CSRF_COOKIE)
  const token = existing && TOKEN_SHAPE.test(existing) ? existing : randomBytes(32).toString('base64url')
  setCookie(c, CSRF_COOKIE, token, {
    sameSite: 'Lax',
    secure: isHttps(c),
    path: '/',
    maxAge: 365 * 24 * 3600,
  })
  return token
}

/**
 * Double-submit check: every unsafe method must echo the `csrftoken` cookie in `X-CSRFToken`.
 * A cross-site form can send the cookie but cannot read it to set the header.
 */
export function csrfProtection(isExempt: (path: string) => boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE.has(c.req.method) || isExempt(c.req.path)) return next()
    const cookie = getCookie(c, CSRF_COOKIE) ?? ''
    const header = c.req.header(CSRF_HEADER) ?? ''
    const ok =
      cookie.length > 0 &&
      cookie.length === header.length &&
      timingSafeEqual(Buffer.from(cookie), Buffer.from(header))
    if (!ok) {
      return c.json({ message: 'CSRF token missing or incorrect. Refresh the page and try again.' }, 403)
    }
    return next()
  }
}
