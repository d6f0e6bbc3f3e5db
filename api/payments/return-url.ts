import { randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import type { AppEnv } from '../types.js'

/** A reference nobody can guess or reuse: time for humans reading logs, randomness for uniqueness. */
export const newTxRef = () => `GS-${Date.now().toString(36).toUpperCase()}-${randomBytes(6).toString('hex')}`

/** The origin of a URL, undefined when it is not one. */
export const originOf = (url: string) => {
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

/**
 * The origin the customer is using (Origin, else Referer), when it is one the operator named: APP_URL,
 * one of PUBLIC_ORIGINS, or CORS_ORIGIN (a web app served apart from the API). Anything else falls back
 * to APP_URL. The Host header is not trusted: a request sent with `Host: evil.example` (a proxy passing
 * any host, a rebinding DNS name) would otherwise point the gateway's return at a stranger's site.
 */
export function returnOriginOf(c: Context<AppEnv>): string {
  const { appUrl, publicOrigins, corsOrigin } = c.var.config
  const fallback = new URL(appUrl).origin
  const given = originOf(c.req.header('Origin') ?? c.req.header('Referer') ?? '')
  const trusted = new Set([fallback, ...publicOrigins.map(originOf), corsOrigin && originOf(corsOrigin)])
  return given && trusted.has(given) ? given : fallback
}

/**
 * Where the gateway sends the browser: our own pay/return on the API, as the browser reaches it. A web
 * app built for a separate API host names that host (VITE_API_BASE); otherwise the API lives under the
 * app's origin, the one the customer started from. Never the request's own Host (see returnOriginOf).
 */
export function gatewayReturnUrl(c: Context<AppEnv>, returnOrigin: string): string {
  const { config } = c.var
  return `${config.apiOrigin || returnOrigin}${config.apiBase}pay/return`
}
