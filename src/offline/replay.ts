import { DEADLINES, fetchAnswer, joinApiPath, NoAnswerError, type ApiAnswer } from '../lib/http'
import { confirmedRecord } from './confirmed'
import type { AppDatabase, MultipartBody, OutboxEntry } from './db'

/**
 * Outbox replay: sends the queued posts, oldest first, one replay at a time across tabs and the
 * service worker. Runs in the page and in the worker alike, so it uses no React and no window-only
 * API: fetch, the CSRF token and the current user come in as dependencies.
 */

/** Entries older than this are shown as stale (never dropped: the user decides). */
export const STALE_AFTER_MS = 7 * 24 * 3600_000
/** Retry delays for network errors and 5xx: base * 2^(attempts-1), capped, with jitter. */
export const BACKOFF_BASE_MS = 5_000
export const BACKOFF_MAX_MS = 5 * 60_000
/**
 * The longest a send may take (a photo's; a JSON post gets DEADLINES.send): then it counts as no answer
 * and is retried later under the same key (the worker's sync event is time-limited too).
 */
export const SEND_TIMEOUT_MS = DEADLINES.upload
/** The fallback lock lease; renewed before a send it might not outlast, so it outlives any one send. */
export const LEASE_MS = 2 * SEND_TIMEOUT_MS
/**
 * How long a direct send (submitThroughOutbox) keeps its entry away from replays where the browser has
 * no Web Locks: the longest it can run (its CSRF token, then the post). With Web Locks the claim is a
 * lock (sendingLockName), which the browser releases the moment the page goes, mid-send included.
 */
export const SENDING_CLAIM_MS = DEADLINES.read + DEADLINES.send

const LOCK_NAME = 'greenshield-outbox-replay'

/** The Web Lock a direct send holds on its entry while it runs. */
export const sendingLockName = (entryId: string) => `greenshield-outbox-sending:${entryId}`

/** navigator.locks where the platform has it (deps.locks: null forces the Dexie fallbacks). */
function lockManager(deps: Pick<ReplayDeps, 'locks'>): LockManager | null {
  if (deps.locks !== undefined) return deps.locks
  return (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks ?? null
}

/**
 * Until when a direct send holds each entry, as seen now: by its Web Lock (held: Infinity, since the
 * holder settles the entry itself when it ends; not held: 0, free at once, whatever its sendingUntil
 * says), else by its claim's expiry (sendingUntil).
 */
async function claimedEntries(
  deps: Pick<ReplayDeps, 'locks'> = {},
): Promise<(entry: Pick<OutboxEntry, 'id' | 'sendingUntil'>) => number> {
  const locks = lockManager(deps)
  if (!locks) return (e) => e.sendingUntil ?? 0
  const { held = [] } = await locks.query()
  const names = new Set(held.map((lock) => lock.name))
  return (e) => (names.has(sendingLockName(e.id)) ? Infinity : 0)
}

export interface ReplayDeps {
  db: AppDatabase
  fetch: typeof fetch
  /** Where API paths are resolved, e.g. "/api/" or "https://api.example.ng/api/". */
  apiBase: string
  /** A FRESH CSRF token (a stale one makes every post fail with 403). */
  getCsrfToken: () => Promise<string>
  /** The logged-in user now (null when logged out): an entry is only sent in its owner's session. */
  getCurrentUserId: () => Promise<number | null>
  /**
   * Called after each 2xx. Keep it cheap: the page and the worker only note the entry here and announce
   * once when the replay is over (an announcement refetches what every open tab shows).
   */
  onSent?: (entry: OutboxEntry, data: unknown) => void
  /** True when connectivity just came back or the user asked: send even entries still backing off. */
  force?: boolean
  /** Navigator locks; undefined = the global one when there is one, null = use the Dexie lease. */
  locks?: LockManager | null
  now?: () => number
  random?: () => number
}

export interface ReplayResult {
  /** False when another replay held the lock, so this one did nothing. */
  ran: boolean
  sent: number
  failed: number
  auth: number
  /** Kept for a later attempt (network error or 5xx). */
  retrying: number
  /** Stopped at a network error: still offline. */
  offline: boolean
  /** Entries left in the outbox afterwards. */
  remaining: number
}

/** Milliseconds to wait after the n-th failed attempt (n >= 1): between half and all of the capped doubling. */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS)
  // Jitter spreads the retries of many phones that come back online at the same moment.
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}

export const isStale = (entry: Pick<OutboxEntry, 'createdAt'>, now = Date.now()) =>
  now - entry.createdAt > STALE_AFTER_MS

/** Sends every due entry once. Returns at once (ran: false) when another replay is running. */
export async function replayOutbox(deps: ReplayDeps): Promise<ReplayResult> {
  const outcome = await withReplayLock(deps, (renew) => replayLocked(deps, renew))
  if (outcome) return outcome
  return {
    ran: false,
    sent: 0,
    failed: 0,
    auth: 0,
    retrying: 0,
    offline: false,
    remaining: await deps.db.outbox.count(),
  }
}

async function replayLocked(deps: ReplayDeps, renew: () => Promise<boolean>): Promise<ReplayResult> {
  const { db } = deps
  const now = deps.now ?? Date.now
  const result: ReplayResult = {
    ran: true,
    sent: 0,
    failed: 0,
    auth: 0,
    retrying: 0,
    offline: false,
    remaining: 0,
  }

  const claimedUntil = await claimedEntries(deps)
  const isDue = (e: OutboxEntry) =>
    (e.status === 'waiting' || e.status === 'auth') &&
    claimedUntil(e) <= now() &&
    (deps.force || e.status === 'auth' || !e.nextAttemptAt || e.nextAttemptAt <= now())
  const all = await db.outbox.orderBy('createdAt').toArray()
  // A group (a job's updates) goes in order: an entry not due yet holds every later one of its group.
  const held = new Set<string>()
  const candidates = all.filter((e) => {
    if (e.group && held.has(e.group)) return false
    if (isDue(e)) return true
    if (e.group && e.status !== 'failed') held.add(e.group)
    return false
  })
  if (candidates.length) {
    let token: string
    try {
      token = await deps.getCsrfToken()
    } catch {
      // Not even the token came back: offline (or the server is down). Nothing was sent, nothing changes.
      result.offline = true
      result.remaining = await db.outbox.count()
      return result
    }
    const needsUser = candidates.some((e) => e.userId !== null)
    let currentUserId: number | null = null
    try {
      if (needsUser) currentUserId = await deps.getCurrentUserId()
    } catch {
      // Whose session this is could not be confirmed (no answer): nothing goes, nothing changes.
      result.offline = true
      result.remaining = await db.outbox.count()
      return result
    }

    for (const candidate of candidates) {
      // Re-read: the user may have discarded or edited it meanwhile (in this or another tab).
      const entry = await db.outbox.get(candidate.id)
      if (!entry || entry.status === 'failed') continue
      if (entry.group && held.has(entry.group)) continue
      if (entry.userId !== null && entry.userId !== currentUserId) {
        if (entry.group) held.add(entry.group)
        // Sent in another session it would be booked for the wrong person: wait for its owner's login.
        if (entry.status !== 'auth') await db.outbox.update(entry.id, { status: 'auth' })
        result.auth++
        continue
      }
      // A lease that lapsed (a very slow send) may have passed to another replay: leave the rest to it.
      if (!(await renew())) break
      const outcome = await send(deps, entry, token)
      if (outcome.kind === 'ok') {
        // An answer its kind applies (the saved job sheet's) is kept in the same step, for the page
        // (applyConfirmed): the device never loses it, and the worker needs to know no kind.
        await db.transaction('rw', db.outbox, db.confirmed, async () => {
          await db.outbox.delete(entry.id)
          if (entry.keepAnswer) await db.confirmed.put(confirmedRecord(entry, outcome.data, now()))
        })
        result.sent++
        deps.onSent?.(entry, outcome.data)
      } else if (outcome.kind === 'auth') {
        await db.outbox.update(entry.id, { status: 'auth', lastError: outcome.message })
        if (entry.group) held.add(entry.group)
        result.auth++
      } else if (outcome.kind === 'failed') {
        await db.outbox.update(entry.id, {
          status: 'failed',
          lastError: outcome.message,
          attempts: entry.attempts + 1,
          nextAttemptAt: undefined,
        })
        result.failed++
      } else {
        const attempts = entry.attempts + 1
        await db.outbox.update(entry.id, {
          status: 'waiting',
          attempts,
          lastError: outcome.message,
          // Not before the server said (a rate limit's Retry-After): sooner would only be refused again.
          nextAttemptAt: now() + Math.max(backoffDelay(attempts, deps.random), outcome.retryAfterMs ?? 0),
        })
        result.retrying++
        if (entry.group) held.add(entry.group)
        if (outcome.kind === 'offline') {
          // Still offline: the rest would fail the same way.
          result.offline = true
          break
        }
      }
    }
  }
  result.remaining = await db.outbox.count()
  return result
}

type SendOutcome =
  | { kind: 'ok'; data: unknown }
  | { kind: 'auth' | 'failed' | 'retry' | 'offline'; message: string; retryAfterMs?: number }

async function send(deps: ReplayDeps, entry: OutboxEntry, token: string): Promise<SendOutcome> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-CSRFToken': token,
    'Idempotency-Key': entry.id,
  }
  let body: BodyInit
  if (entry.bodyType === 'multipart') {
    // fetch sets the multipart Content-Type with its boundary itself.
    const { fields, files } = entry.body as MultipartBody
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    for (const [name, file] of Object.entries(files)) form.append(name, file.blob, file.name)
    body = form
  } else {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(entry.body)
  }
  let res: Response
  let answer: ApiAnswer
  try {
    // An answer that never comes is abandoned; the same key goes again later, so a late one changes nothing.
    ;({ res, answer } = await fetchAnswer(
      deps.fetch,
      joinApiPath(deps.apiBase, entry.path),
      { method: entry.method, headers, body, credentials: 'include' },
      entry.bodyType === 'multipart' ? DEADLINES.upload : DEADLINES.send,
    ))
  } catch (err) {
    return {
      kind: 'offline',
      message: err instanceof NoAnswerError ? 'The network is not answering' : 'No connection',
    }
  }
  const { ok, data, message, retryAfterMs } = answer
  if (ok) return { kind: 'ok', data }
  if (res.status === 401) return { kind: 'auth', message }
  if (isRetryable(res.status, message)) return { kind: 'retry', message, retryAfterMs }
  return { kind: 'failed', message }
}

/**
 * Server trouble, rate limits and "the same key is still being processed" are worth another try; other
 * 4xx are final. The in-progress answer (api/middleware/idempotency.ts: 409, code "in_progress",
 * Retry-After, a stable message) means the first send of this very entry holds the key, or held it when
 * the server died: its lease runs out within a minute and a later try gets the real answer. Marking the
 * entry failed there would drop a booking that may well exist, or never be made.
 */
export function isRetryable(status: number, message: string) {
  if (status >= 500 || status === 408 || status === 425 || status === 429) return true
  return status === 409 && /already being processed/i.test(message)
}

/**
 * Runs fn while holding the one replay lock (tabs and the service worker share it), or returns
 * undefined at once when someone else holds it. navigator.locks where the platform has it; otherwise
 * a lease row in Dexie, claimed in a transaction and renewed before any send it might not outlast.
 */
export async function withReplayLock<T>(
  deps: Pick<ReplayDeps, 'db' | 'locks' | 'now'>,
  fn: (renew: () => Promise<boolean>) => Promise<T>,
): Promise<T | undefined> {
  const locks = lockManager(deps)
  if (locks) {
    return locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) =>
      lock ? fn(async () => true) : undefined,
    )
  }
  const { db } = deps
  const now = deps.now ?? Date.now
  const holder = crypto.randomUUID()
  /** Until when the lease we last wrote is ours: nobody else may claim it before then. */
  let ours = 0
  const claim = () =>
    db.transaction('rw', db.leases, async () => {
      const lease = await db.leases.get(LOCK_NAME)
      if (lease && lease.holder !== holder && lease.expiresAt > now()) return false
      const expiresAt = now() + LEASE_MS
      await db.leases.put({ name: LOCK_NAME, holder, expiresAt })
      ours = expiresAt
      return true
    })
  // Renewed only when what is left of it might not cover the next send: a write per send cost a
  // transaction per entry, and the lease we wrote stays ours until it expires whatever others do.
  const renew = async () => (ours - now() > SEND_TIMEOUT_MS ? true : claim())
  if (!(await claim())) return undefined
  try {
    return await fn(renew)
  } finally {
    await db.transaction('rw', db.leases, async () => {
      const lease = await db.leases.get(LOCK_NAME)
      if (lease?.holder === holder) await db.leases.delete(LOCK_NAME)
    })
  }
}
