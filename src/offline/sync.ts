import type { QueryClient } from '@tanstack/react-query'
import { API_BASE, getCsrfToken } from '../lib/api-client'
import { USER_SCOPE } from '../lib/query'
import { useSession } from '../lib/session'
import { OUTBOX_CHANNEL, type OutboxSentMessage } from '../lib/worker-protocol'
import { hasSavedData } from './device'
import { lastUser } from './last-user'
import type { ReplayResult } from './replay'

// The database, the replay (with the job schemas) and the clean-up load when first needed: on a first
// visit nothing is saved or queued, and the public pages start without Dexie.
const loadDb = () => import('./db').then((m) => m.db)
const clearUserData = (userId: number | null) => import('./user-data').then((m) => m.clearUserData(userId))

/**
 * The page's side of the outbox: when to replay (app start, back online, tab visible again, login,
 * the next backoff deadline) and what to refresh afterwards. The service worker replays on 'sync'
 * with the same replayOutbox(); the lock inside keeps the two from running at once.
 */

let queryClient: QueryClient | null = null
let channel: BroadcastChannel | null = null
let retryTimer: ReturnType<typeof setTimeout> | undefined

/**
 * A sent post changed server data: a booking joined the lists (the customer's and the admin's), and the
 * server wrote a notification. Every private query is marked stale; what is on screen refetches.
 */
function refreshAfterSent() {
  void queryClient?.invalidateQueries({ queryKey: USER_SCOPE })
}

/** The logged-in user as the server sees it; waits for the startup auth check, re-checks after an offline start. */
async function currentUserId(): Promise<number | null> {
  const session = useSession.getState()
  if (session.status === 'anonymous' && session.message === 'offline') {
    await session.checkAuth()
    return useSession.getState().id
  }
  if (session.status !== 'loading') return session.id
  return new Promise((resolve) => {
    const unsubscribe = useSession.subscribe((s) => {
      if (s.status === 'loading') return
      unsubscribe()
      resolve(s.id)
    })
  })
}

/** Replays the outbox from this page. `force` ignores backoff: connectivity just came back, or the user asked. */
export async function replayOutboxNow({ force = false } = {}): Promise<ReplayResult> {
  const [db, { replayOutbox }] = await Promise.all([loadDb(), import('./replay')])
  const result = await replayOutbox({
    db,
    fetch: (input, init) => fetch(input, init),
    apiBase: API_BASE,
    getCsrfToken: () => getCsrfToken(true),
    getCurrentUserId: currentUserId,
    force,
    onSent: (entry) => {
      refreshAfterSent()
      channel?.postMessage({
        type: 'sent',
        kind: entry.kind,
        userId: entry.userId,
      } satisfies OutboxSentMessage)
    },
  })
  if (!result.ran && force) {
    // Another replay (a tab, the worker) holds the lock and may have started before this reason to
    // hurry arrived: ask again shortly rather than wait for the backoff deadline.
    clearTimeout(retryTimer)
    retryTimer = setTimeout(() => void replayOutboxNow({ force }).catch(reportError), 1000)
  } else await scheduleNextAttempt()
  return result
}

/** Without Background Sync nothing else wakes us for a backoff deadline: keep one timer for the earliest. */
async function scheduleNextAttempt() {
  clearTimeout(retryTimer)
  const db = await loadDb()
  const waiting = await db.outbox.where('status').equals('waiting').toArray()
  const next = Math.min(
    ...waiting.map((e) => Math.max(e.nextAttemptAt ?? 0, e.sendingUntil ?? 0, Date.now())),
  )
  if (!Number.isFinite(next)) return
  retryTimer = setTimeout(() => void replayOutboxNow().catch(reportError), Math.max(next - Date.now(), 1000))
}

function reportError(err: unknown) {
  console.warn('Outbox replay failed:', err)
}

/**
 * Starts the replay triggers and the per-user data hygiene; called once from start-app.tsx.
 * Returns a function that stops them (tests, hot reload).
 */
export function startOutboxSync(client: QueryClient): () => void {
  queryClient = client
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_CHANNEL)
  if (channel)
    channel.onmessage = (e: MessageEvent<OutboxSentMessage>) => e.data?.type === 'sent' && refreshAfterSent()

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
    } else if (s.status === 'anonymous' && s.message !== 'offline' && lastUser.get() !== null) {
      // The server says nobody is logged in (expired session): same as a logout.
      onLogout()
    }
  })

  window.addEventListener('online', onOnline)
  document.addEventListener('visibilitychange', onVisible)
  window.addEventListener('session:logout', onLogout)
  // App start: whatever is left from the last visit (an app start is no retry loop: backoff waived).
  // A first visit has no database yet: nothing to send.
  void hasSavedData().then((saved) => saved && replay(true)())

  return () => {
    window.removeEventListener('online', onOnline)
    document.removeEventListener('visibilitychange', onVisible)
    window.removeEventListener('session:logout', onLogout)
    unsubscribeSession()
    clearTimeout(retryTimer)
    channel?.close()
    channel = null
    queryClient = null
  }
}
