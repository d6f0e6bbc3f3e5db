import path from 'node:path'

/** Everything the server reads from the environment, parsed once with its defaults (README lists them). */
export interface AppConfig {
  /** SQLite file; its folder is created. */
  databasePath: string
  /** Where uploaded product images are written. */
  mediaDir: string
  /** Public origin of the web app, used for payment redirects (no trailing slash). */
  appUrl: string
  /** Mount point of the API, with leading and trailing slash. */
  apiBase: string
  /** Allowed cross-origin caller when the SPA lives on another host; empty = same origin only. */
  corsOrigin: string
  sessionTtlMs: number
  /** Failed logins allowed per account per window (then 429 until the window ends). */
  loginMaxAttempts: number
  loginWindowMs: number
  /** Largest product image accepted, in bytes. */
  maxUploadBytes: number
  flwSecretKey: string
  flwSecretHash: string
  flwBaseUrl: string
  // ---- hardening (security headers, body limits, login throttling, CSRF); README lists them ----
  /** Largest JSON / form body accepted, in bytes (MAX_JSON_KB, default 64). */
  maxJsonBytes: number
  /**
   * Reverse proxies in front of the server (TRUST_PROXY: unset/false = 0, true = 1, or a number). Only
   * then are X-Forwarded-For (client address, N entries from the right) and X-Forwarded-Proto believed.
   */
  trustProxyHops: number
  /** Failed logins per IP per window before delays start (LOGIN_IP_FREE_ATTEMPTS, default 50). */
  loginIpFreeAttempts: number
  /** Longest delay between tries from one IP past that (LOGIN_IP_MAX_DELAY_SECONDS, default 300). */
  loginIpMaxDelayMs: number
  /** HMAC key of CSRF tokens (CSRF_SECRET); empty = generated once and kept in the database. */
  csrfSecret: string
  /** Origin of the API when the web app was built to call another host (VITE_API_BASE absolute); '' = same origin. */
  apiOrigin: string
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 8080)
  const apiBase = normaliseBase(env.API_BASE ?? '/api/')
  return {
    databasePath: path.resolve(env.DATABASE_PATH ?? './data/app.db'),
    mediaDir: path.resolve(env.MEDIA_DIR ?? './data/media'),
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    apiBase,
    corsOrigin: env.CORS_ORIGIN ?? '',
    sessionTtlMs: Number(env.SESSION_TTL_HOURS ?? 24 * 14) * 3600_000,
    loginMaxAttempts: Number(env.LOGIN_MAX_ATTEMPTS ?? 10),
    loginWindowMs: Number(env.LOGIN_WINDOW_MINUTES ?? 15) * 60_000,
    maxUploadBytes: 5 * 1024 * 1024,
    flwSecretKey: env.FLW_SECRET_KEY ?? '',
    flwSecretHash: env.FLW_SECRET_HASH ?? '',
    flwBaseUrl: (env.FLW_BASE_URL ?? 'https://api.flutterwave.com').replace(/\/+$/, ''),
    ...loadHardeningConfig(env),
  }
}

function normaliseBase(base: string): string {
  return ('/' + base.replace(/^\/+|\/+$/g, '') + '/').replace(/^\/\/$/, '/')
}

/** The hardening settings (one block, so the zod config rework can fold it in as is). */
function loadHardeningConfig(env: NodeJS.ProcessEnv) {
  const trust = (env.TRUST_PROXY ?? '').trim().toLowerCase()
  return {
    maxJsonBytes: Number(env.MAX_JSON_KB ?? 64) * 1024,
    trustProxyHops: trust === 'true' ? 1 : /^\d+$/.test(trust) ? Number(trust) : 0,
    loginIpFreeAttempts: Number(env.LOGIN_IP_FREE_ATTEMPTS ?? 50),
    loginIpMaxDelayMs: Number(env.LOGIN_IP_MAX_DELAY_SECONDS ?? 300) * 1000,
    csrfSecret: env.CSRF_SECRET ?? '',
    apiOrigin: /^https?:\/\//i.test(env.VITE_API_BASE ?? '') ? new URL(env.VITE_API_BASE!).origin : '',
  }
}
