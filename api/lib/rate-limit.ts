import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { sql } from 'kysely'
import type { AppConfig } from '../config.js'
import type { Queryable } from '../db/index.js'

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

/** The public forms whose submissions are limited, each counted on its own. */
export type SubmitAction = 'message' | 'register' | 'newsletter' | 'booking'

/** Which counter a row of rate_limits belongs to. */
type Bucket =
  | 'login-account'
  | 'login-ip'
  | 'reset-request'
  | 'reset-confirm'
  | 'certificate-miss'
  | `submit-${SubmitAction}-${'address' | 'account'}`

interface Counter {
  count: number
  reset_at: number
  not_before: number
}

/**
 * Counts one more try for `key` in one statement, starting a fresh window when the last one has passed,
 * and returns the counter as it is now. A single INSERT ... ON CONFLICT DO UPDATE (the SET expressions
 * read the row as it was) so two instances counting at once never lose a try. Expired rows go as
 * failures come in, so the table only holds live windows.
 */
async function bump(db: Queryable, bucket: Bucket, key: string, windowMs: number, now: number) {
  const expired = sql<boolean>`rate_limits.reset_at <= ${now}`
  const counter = await db
    .insertInto('rate_limits')
    .values({ bucket, key, count: 1, reset_at: now + windowMs, not_before: 0 })
    .onConflict((oc) =>
      oc.columns(['bucket', 'key']).doUpdateSet({
        count: sql<number>`CASE WHEN ${expired} THEN 1 ELSE rate_limits.count + 1 END`,
        reset_at: sql<number>`CASE WHEN ${expired} THEN excluded.reset_at ELSE rate_limits.reset_at END`,
        not_before: sql<number>`CASE WHEN ${expired} THEN 0 ELSE rate_limits.not_before END`,
      }),
    )
    .returning(['count', 'reset_at', 'not_before'])
    .executeTakeFirstOrThrow()
  await db.deleteFrom('rate_limits').where('reset_at', '<=', now).execute()
  return counter
}

/** The live counters (window not over) of these keys, by bucket. */
async function liveCounters(db: Queryable, keys: [Bucket, string][], now: number) {
  const rows = await db
    .selectFrom('rate_limits')
    .select(['bucket', 'count', 'reset_at', 'not_before'])
    .where((eb) => eb.or(keys.map(([bucket, key]) => eb.and({ bucket, key }))))
    .where('reset_at', '>', now)
    .execute()
  return new Map<string, Counter>(rows.map((r) => [r.bucket, r]))
}

/**
 * Failed-login throttle, counted in the database (table rate_limits) so every instance sees every try.
 * Two different limits, because an account and an address are different things:
 * - per account (the target of password guessing): a hard limit per window, as before;
 * - per IP (possibly a whole carrier's NAT or a reverse proxy): many free failures, then growing delays.
 *   One person's typos never lock out their neighbours, but an address spraying many accounts slows down
 *   exponentially. A success from the IP does not reset it, or an attacker could reset it with their own
 *   account between guesses.
 */
export class AttemptLimiter {
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
  async blockedFor(db: Queryable, ip: string, account: string, now: number): Promise<number> {
    const live = await liveCounters(
      db,
      [
        ['login-account', account],
        ['login-ip', ip],
      ],
      now,
    )
    const acc = live.get('login-account')
    const accountWait = acc && acc.count >= this.options.accountMax ? acc.reset_at - now : 0
    const addr = live.get('login-ip')
    const ipWait = addr ? addr.not_before - now : 0
    const wait = Math.max(accountWait, ipWait)
    return wait > 0 ? Math.ceil(wait / 1000) : 0
  }

  async fail(db: Queryable, ip: string, account: string, now: number) {
    const { windowMs, ipFree, ipBaseDelayMs, ipMaxDelayMs } = this.options
    await bump(db, 'login-account', account, windowMs, now)
    const addr = await bump(db, 'login-ip', ip, windowMs, now)
    const over = addr.count - ipFree
    if (over > 0) {
      const notBefore = now + Math.min(ipBaseDelayMs * 2 ** Math.min(over - 1, 30), ipMaxDelayMs)
      // Only ever later: of two failures counted at once, the one with the higher count sets the delay.
      await db
        .updateTable('rate_limits')
        .set({ not_before: notBefore })
        .where('bucket', '=', 'login-ip')
        .where('key', '=', ip)
        .where('not_before', '<', notBefore)
        .execute()
    }
  }

  /** A correct password clears its account's failures (not the address's: see the class comment). */
  async succeed(db: Queryable, account: string) {
    await db
      .deleteFrom('rate_limits')
      .where('bucket', '=', 'login-account')
      .where('key', '=', account)
      .execute()
  }
}

/** Fixed-window counter per key, in the database: the password-reset calls' per-address limit. */
export class WindowLimiter {
  constructor(
    private readonly bucket: Bucket,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Seconds until the key may try again, or 0 when it may try now. */
  async blockedFor(db: Queryable, key: string, now: number): Promise<number> {
    const entry = (await liveCounters(db, [[this.bucket, key]], now)).get(this.bucket)
    if (!entry) return 0
    return entry.count >= this.max ? Math.ceil((entry.reset_at - now) / 1000) : 0
  }

  async fail(db: Queryable, key: string, now: number) {
    await bump(db, this.bucket, key, this.windowMs, now)
  }
}

/** A form's per-address window: an hour, so a carrier address shared by many phones gets a large allowance. */
export const SUBMIT_ADDRESS_WINDOW_MS = 60 * 60_000
/** A form's per-account window: a minute, enough for a person, too short to be a flood. */
export const SUBMIT_ACCOUNT_WINDOW_MS = 60_000

export interface SubmitRefusal {
  /** Whole seconds until the refusing counter's window ends (Retry-After). */
  waitSeconds: number
  by: 'address' | 'account'
}

/**
 * Limits how often one client sends a public form (a contact message emails every admin, a sign-up costs a
 * password hash, a booking costs the office a call): at most `perAddress` per address per hour and
 * `perAccount` per account (or email) per minute, counted in the database so every instance counts the
 * same submissions. A refused submission is not counted, so waiting out the window always works.
 */
export class SubmitLimiter {
  constructor(
    private readonly action: SubmitAction,
    private readonly limits: { perAddress: number; perAccount: number },
  ) {}

  /** Counts one submission, or refuses it (counting nothing) when a window is already full. */
  async take(
    db: Queryable,
    who: { address: string; account: string | null },
    now: number,
  ): Promise<SubmitRefusal | null> {
    const counters: {
      by: SubmitRefusal['by']
      bucket: Bucket
      key: string
      max: number
      windowMs: number
    }[] = [
      {
        by: 'address',
        bucket: `submit-${this.action}-address`,
        key: who.address,
        max: this.limits.perAddress,
        windowMs: SUBMIT_ADDRESS_WINDOW_MS,
      },
    ]
    if (who.account !== null) {
      counters.push({
        by: 'account',
        bucket: `submit-${this.action}-account`,
        key: who.account,
        max: this.limits.perAccount,
        windowMs: SUBMIT_ACCOUNT_WINDOW_MS,
      })
    }
    const refusal = (by: SubmitRefusal['by'], resetAt: number): SubmitRefusal => ({
      by,
      waitSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)),
    })
    const live = await liveCounters(
      db,
      counters.map((k) => [k.bucket, k.key]),
      now,
    )
    for (const k of counters) {
      const entry = live.get(k.bucket)
      if (entry && entry.count >= k.max) return refusal(k.by, entry.reset_at)
    }
    // Two instances may both have read room for one more: the count after the increment decides.
    for (const k of counters) {
      const counted = await bump(db, k.bucket, k.key, k.windowMs, now)
      if (counted.count > k.max) return refusal(k.by, counted.reset_at)
    }
    return null
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
