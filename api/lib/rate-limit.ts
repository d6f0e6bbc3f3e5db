import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { AppConfig } from '../config.js'

export interface LoginThrottleOptions {
  /** Failed logins per account per window; then that account waits out the window (429). */
  accountMax: number
  windowMs: number
  /** Failed logins per IP per window that cost nothing: many phones share one carrier-NAT address. */
  ipFree: number
  /** Past ipFree, each failure from the IP delays its next try: base, 2 × base, 4 × base, … up to ipMaxDelayMs. */
  ipBaseDelayMs: number
  ipMaxDelayMs: number
}

interface Entry {
  count: number
  resetAt: number
  /** IPs only: no try from this address before then. */
  notBefore: number
}

/**
 * Failed-login throttle kept in memory (one server process). Two different limits, because an account
 * and an address are different things:
 * - per account (the target of password guessing): a hard limit per window, as before;
 * - per IP (possibly a whole carrier's NAT or a reverse proxy): many free failures, then growing delays.
 *   One person's typos never lock out their neighbours, but an address spraying many accounts slows down
 *   exponentially. A success from the IP does not reset it, or an attacker could reset it with their own
 *   account between guesses.
 */
export class AttemptLimiter {
  private readonly accounts = new Map<string, Entry>()
  private readonly ips = new Map<string, Entry>()

  constructor(private readonly options: LoginThrottleOptions) {}

  static fromConfig(config: AppConfig) {
    return new AttemptLimiter({
      accountMax: config.loginMaxAttempts,
      windowMs: config.loginWindowMs,
      ipFree: config.loginIpFreeAttempts,
      ipBaseDelayMs: 1000,
      ipMaxDelayMs: config.loginIpMaxDelayMs,
    })
  }

  /** Seconds the caller must wait before this login try, or 0 when it may try now. */
  blockedFor(ip: string, account: string, now = Date.now()): number {
    const acc = this.live(this.accounts, account, now)
    const accountWait = acc && acc.count >= this.options.accountMax ? acc.resetAt - now : 0
    const addr = this.live(this.ips, ip, now)
    const ipWait = addr ? addr.notBefore - now : 0
    const wait = Math.max(accountWait, ipWait)
    return wait > 0 ? Math.ceil(wait / 1000) : 0
  }

  fail(ip: string, account: string, now = Date.now()) {
    this.bump(this.accounts, account, now)
    const addr = this.bump(this.ips, ip, now)
    const over = addr.count - this.options.ipFree
    if (over > 0) {
      const delay = Math.min(
        this.options.ipBaseDelayMs * 2 ** Math.min(over - 1, 30),
        this.options.ipMaxDelayMs,
      )
      addr.notBefore = now + delay
    }
    if (this.accounts.size + this.ips.size > 50_000) this.prune(now)
  }

  /** A correct password clears its account's failures (not the address's: see the class comment). */
  succeed(account: string) {
    this.accounts.delete(account)
  }

  private live(map: Map<string, Entry>, key: string, now: number) {
    const entry = map.get(key)
    return entry && entry.resetAt > now ? entry : undefined
  }

  private bump(map: Map<string, Entry>, key: string, now: number): Entry {
    let entry = this.live(map, key, now)
    if (!entry) {
      entry = { count: 0, resetAt: now + this.options.windowMs, notBefore: 0 }
      map.set(key, entry)
    }
    entry.count++
    return entry
  }

  private prune(now: number) {
    for (const map of [this.accounts, this.ips]) {
      for (const [key, entry] of map) if (entry.resetAt <= now) map.delete(key)
    }
  }
}

/** Fixed-window counter per key (one server process): the password-reset calls' per-address limit. */
export class WindowLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>()

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Seconds until the key may try again, or 0 when it may try now. */
  blockedFor(key: string, now = Date.now()): number {
    const entry = this.hits.get(key)
    if (!entry || entry.resetAt <= now) return 0
    return entry.count >= this.max ? Math.ceil((entry.resetAt - now) / 1000) : 0
  }

  fail(key: string, now = Date.now()) {
    const entry = this.hits.get(key)
    if (!entry || entry.resetAt <= now) this.hits.set(key, { count: 1, resetAt: now + this.windowMs })
    else entry.count++
    if (this.hits.size > 50_000) for (const [k, e] of this.hits) if (e.resetAt <= now) this.hits.delete(k)
  }
}

/**
 * The caller's IP address. Behind a reverse proxy the socket address is the proxy's, so with
 * TRUST_PROXY = N (hops; "true" = 1) the address is read from X-Forwarded-For, N entries from the
 * right: the entries further left were written by the client and can be anything. Without
 * TRUST_PROXY the header is ignored, or anyone could pick a fresh address for every guess.
 */
export function clientAddress(c: Context, trustProxyHops: number): string {
  if (trustProxyHops > 0) {
    const hops = (c.req.header('X-Forwarded-For') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
    const fromProxy = hops[hops.length - trustProxyHops]
    if (fromProxy) return fromProxy
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown' // app.request() in tests has no socket
  }
}
