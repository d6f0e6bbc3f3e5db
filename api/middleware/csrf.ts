import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import type { AppEnv } from '../types.js'
import { serverSecret } from '../lib/server-secret.js'
import { isHttps } from './session.js'

export const CSRF_COOKIE = 'csrftoken'
export const CSRF_HEADER = 'X-CSRFToken'
/** httpOnly id of this browser that the token is signed for; scripts (and other sites) cannot read it. */
export const CSRF_BINDING_COOKIE = 'csrfbind'
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])
const BINDING_SHAPE = /^[A-Za-z0-9_-]{32,64}$/
const YEAR_SECONDS = 365 * 24 * 3600

/**
 * The HMAC key: CSRF_SECRET when set, else one generated on first start and kept in the database, so
 * restarts and several processes over one database accept each other's tokens without any setup.
 */
async function csrfSecret(c: Context<AppEnv>): Promise<Buffer> {
  const { db, config } = c.var
  return config.csrfSecret ? Buffer.from(config.csrfSecret) : serverSecret(db, 'csrf')
}

const sign = async (c: Context<AppEnv>, binding: string, nonce: string) =>
  createHmac('sha256', await csrfSecret(c))
    .update(`${binding}.${nonce}`)
    .digest('base64url')

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/** Length of the random part of a token: 18 bytes in base64url. The HMAC (43 characters) follows it. */
const NONCE_CHARS = 24
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{67}$/

/** True when the server issued this token for this binding: `nonce + HMAC(secret, binding.nonce)`. */
async function isIssued(c: Context<AppEnv>, token: string, binding: string | undefined): Promise<boolean> {
  if (!binding || !BINDING_SHAPE.test(binding) || !TOKEN_SHAPE.test(token)) return false
  const nonce = token.slice(0, NONCE_CHARS)
  return sameText(token.slice(NONCE_CHARS), await sign(c, binding, nonce))
}

/**
 * Returns the caller's token, issuing one (and its cookies) when there is none valid; tabs share one
 * token. The token is bound to an httpOnly per-browser id (not to the session id), so logging in or
 * out does not change it and the app's cached token keeps working.
 */
export async function issueCsrfToken(c: Context<AppEnv>): Promise<string> {
  const secure = isHttps(c)
  let binding = getCookie(c, CSRF_BINDING_COOKIE)
  if (!binding || !BINDING_SHAPE.test(binding)) {
    binding = randomBytes(32).toString('base64url')
    setCookie(c, CSRF_BINDING_COOKIE, binding, {
      httpOnly: true,
      sameSite: 'Lax',
      secure,
      path: '/',
      maxAge: YEAR_SECONDS,
    })
  }
  const existing = getCookie(c, CSRF_COOKIE)
  let token = existing
  if (!token || !(await isIssued(c, token, binding))) {
    const nonce = randomBytes(18).toString('base64url')
    token = nonce + (await sign(c, binding, nonce))
  }
  setCookie(c, CSRF_COOKIE, token, { sameSite: 'Lax', secure, path: '/', maxAge: YEAR_SECONDS })
  return token
}

/**
 * Signed double-submit check: every unsafe method must echo the `csrftoken` cookie in `X-CSRFToken`
 * (a cross-site form can send the cookie but cannot read it to set the header), AND that token must
 * be one the server signed for this browser's binding cookie, so a pair made up by whoever can plant
 * cookies (a sibling subdomain, a plain-http injection) is refused.
 */
export function csrfProtection(isExempt: (path: string) => boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE.has(c.req.method) || isExempt(c.req.path)) return next()
    const cookie = getCookie(c, CSRF_COOKIE) ?? ''
    const header = c.req.header(CSRF_HEADER) ?? ''
    const ok =
      cookie.length > 0 &&
      sameText(cookie, header) &&
      (await isIssued(c, header, getCookie(c, CSRF_BINDING_COOKIE)))
    if (!ok) {
      return c.json({ message: 'CSRF token missing or incorrect. Refresh the page and try again.' }, 403)
    }
    return next()
  }
}
