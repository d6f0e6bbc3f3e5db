import type { QueryClient } from '@tanstack/react-query'
import { API_BASE, getCsrfToken, NetworkError } from '../lib/api-client'
import { useConnection } from '../lib/connection'
import { USER_SCOPE } from '../lib/user-scope'
import { useSession } from '../lib/session'
import { OUTBOX_CHANNEL, type OutboxSentMessage } from '../lib/worker-protocol'
import { hasSavedData } from './device'
import { lastUser } from './last-user'
import type { OutboxEntry } from './db'
import type { ReplayResult } from './replay'

// The database, the replay and the clean-up load when first needed: on a first
// visit nothing is saved or queued, and the public pages start without Dexie.
const loadDb = () => import('./db').then((m) => m.db)
/** The answers a replay here or in the worker confirmed, applied by the kinds that asked for them. */
const applyConfirmed = () =>
  Promise.all([loadDb(), import('./confirmed')]).then(([db, m]) => m.applyConfirmed(db))
const clearUserData = (userId: number | null) => import('./user-data').then((m) => m.clearUserData(userId))

/**
 * The page's side of the outbox: when to replay (app start, back online, tab visible again, login,
 * the next backoff deadline) and what to refresh afterwards. The service worker replays on 'sync'
 * with the same replayOutbox(); the lock inside keeps the two from running at once.
 */

/** How often a silent network is asked again whether it answers. */
const PROBE_EVERY_MS = 10_000

/** The page's query cache, if a page has loaded it: a marketing page has none and so nothing to refresh. */
let loadedQueryClient: (() => QueryClient | undefined) | null = null
let channel: BroadcastChannel | null = null
let retryTimer: ReturnType<typeof setTimeout> | undefined

/**
 * A sent post changed server data: a booking joined the lists (the customer's and the admin's), and the
 * server wrote a notification. Every private query is marked stale; what is on screen refetches.
 */
function refreshAfterSent() {
  void loadedQueryClient?.()?.invalidateQueries({ queryKey: USER_SCOPE })
}

/**
 * The logged-in user as the server sees it. Until the server has answered an auth check in this visit
 * the device's remembered session is only a guess: one more check decides, and with no answer it throws
 * (nothing is sent: an entry goes only in its owner's confirmed session).
 */
async function currentUserId(): Promise<number | null> {
  if (!useSession.getState().confirmed) await useSession.getState().checkAuth()
  const session = useSession.getState()
  if (!session.confirmed) throw new NetworkError(new Error('The session could not be confirmed'))
  return session.status === 'authenticated' ? session.id : null
}

/** An entry reached the server: this tab and every other refresh what it changed. */
export function announceSent(entry: Pick<OutboxEntry, 'kind' | 'userId'>) {
  refreshAfterSent()
  channel?.postMessage({ type: 'sent', kind: entry.kind, userId: entry.userId } satisfies OutboxSentMessage)
}

/** Replays the outbox from this page. `force` ignores backoff: connectivity just came back, or the user asked. */
export async function replayOutboxNow({ force = false } = {}): Promise<ReplayResult> {
  const [db, { replayOutbox, backoffDelay }] = await Promise.all([loadDb(), import('./replay')])
  let lastSent: OutboxEntry | undefined
  let result: ReplayResult
  try {
    result = await replayOutbox({
      db,
      fetch: (input, init) => fetch(input, init),
      apiBase: API_BASE,
      getCsrfToken: () => getCsrfToken(true),
      getCurrentUserId: currentUserId,
      force,
      onSent: (entry) => void (lastSent = entry),
    })
  } finally {
    if (lastSent) {
      await applyConfirmed()
      // Once per replay, not per entry: each announcement refetches every private query on screen (the
      // job sheet and the catalogue), so a day of 64 updates downloaded the sheet 64 times while sending.
      announceSent(lastSent)
    }
  }
  if (!result.ran && force) {
    // Another replay (a tab, the worker) holds the lock and may have started before this reason to
    // hurry arrived: ask again shortly rather than wait for the backoff deadline.
    clearTimeout(retryTimer)
    retryTimer = setTimeout(() => void replayOutboxNow({ force }).catch(reportError), 1000)
  } else {
    // Not even the token came back: the next try waits longer each time (the network's return, seen by
    // the probe below or the browser, sends everything at once anyway).
    unanswered = result.offline && result.sent === 0 ? unanswered + 1 : 0
    await scheduleReplay(unanswered ? backoffDelay(unanswered) : 0)
  }
  return result
}

/** Replays in a row that reached no server. */
let unanswered = 0

/**
 * Without Background Sync nothing else wakes us for a backoff deadline: keep one timer for the earliest.
 * An entry claimed by a send (sendingUntil) waits for its claim: the replay's own sends are claimed that way
 * and hold no Web Lock, so judging by locks alone replayed them again every second (on a network that answers
 * 10 s late, those replays' token and session checks crowded out the sends).
 */
export async function scheduleReplay(atLeastMs = 0) {
  clearTimeout(retryTimer)
  const db = await loadDb()
  const waiting = await db.outbox.where('status').equals('waiting').toArray()
  const now = Date.now()
  const next = Math.min(...waiting.map((e) => Math.max(e.nextAttemptAt ?? 0, e.sendingUntil ?? 0, now)))
  if (!Number.isFinite(next)) return
  retryTimer = setTimeout(
    () => void replayOutboxNow().catch(reportError),
    Math.max(next - now, 1000, atLeastMs),
  )
}

function reportError(err: unknown) {
  console.warn('Outbox replay failed:', err)
}

/**
 * Starts the replay triggers and the per-user data hygiene; called once from start-app.tsx.
 * Returns a function that stops them (tests, hot reload).
 */
export function startOutboxSync(queryClient: () => QueryClient | undefined): () => void {
  loadedQueryClient = queryClient
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_CHANNEL)
  if (channel)
    channel.onmessage = (e: MessageEvent<OutboxSentMessage>) => {
      if (e.data?.type !== 'sent') return
      refreshAfterSent()
      // The worker (or another tab) confirmed it: what its kind does with the answer happens here.
      void applyConfirmed().catch(reportError)
    }

  const replay = (force: boolean) => () => void replayOutboxNow({ force }).catch(reportError)
  const onOnline = replay(true)
  const onVisible = () => document.visibilityState === 'visible' && replay(false)()

  // Someone logged out: this device forgets their private data.
  const onLogout = () => {
    void clearUserData(lastUser.get()).catch(reportError)
    lastUser.set(null)
  }
  const unsubscribeSession = useSession.subscribe((s, previous) => {
    if (
      s.status === 'authenticated' &&
      s.id !== null &&
      (previous.status !== 'authenticated' || previous.id !== s.id)
    ) {
      const before = lastUser.get()
      // A different person logged in on this device: drop the previous user's saved data first.
      if (before !== null && before !== s.id) void clearUserData(before).catch(reportError)
      lastUser.set(s.id)
      // Entries that waited for this login go now.
      replay(true)()
    } else if (s.status === 'anonymous' && s.confirmed && lastUser.get() !== null) {
      // The server says nobody is logged in (expired session): same as a logout.
      onLogout()
    }
  })

  // The network answers again (the browser's 'online', or any answer after none): what waits goes now,
  // and a session the device only remembered is confirmed. While nothing answers, a tiny probe asks
  // now and then, since a silent network sends no 'online' event when it recovers.
  let probe: ReturnType<typeof setTimeout> | undefined
  const probeLater = () => {
    clearTimeout(probe)
    probe = setTimeout(async () => {
      if (useConnection.getState().state === 'online') return
      if (document.visibilityState === 'visible') await getCsrfToken(true).catch(() => undefined)
      if (useConnection.getState().state !== 'online') probeLater()
      // The browser's own 'online' too, even when no request had failed yet.
      window.addEventListener('online', onOnline)
    }, PROBE_EVERY_MS)
  }
  const unsubscribeConnection = useConnection.subscribe(({ state }, before) => {
    if (state === 'online' && before.state !== 'online') {
      clearTimeout(probe)
      if (!useSession.getState().confirmed) void useSession.getState().checkAuth()
      replay(true)()
    } else if (state !== 'online' && before.state === 'online') probeLater()
  })
  if (useConnection.getState().state !== 'online') probeLater()
  // The browser's own 'online' too, even when no request had failed yet.
  window.addEventListener('online', onOnline)
  document.addEventListener('visibilitychange', onVisible)
  window.addEventListener('session:logout', onLogout)
  // App start: whatever is left from the last visit (an app start is no retry loop: backoff waived).
  // A first visit has no database yet: nothing to send.
  // Answers the worker kept while no page was open are applied first.
  void hasSavedData().then(async (saved) => {
    if (!saved) return
    await applyConfirmed().catch(reportError)
    replay(true)()
  })

  return () => {
    unsubscribeConnection()
    clearTimeout(probe)
    window.removeEventListener('online', onOnline)
    document.removeEventListener('visibilitychange', onVisible)
    window.removeEventListener('session:logout', onLogout)
    unsubscribeSession()
    clearTimeout(retryTimer)
    channel?.close()
    channel = null
    loadedQueryClient = null
  }
}
