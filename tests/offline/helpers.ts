import { AppDatabase, type OutboxEntry } from '../../src/offline/db'
import type { ReplayDeps } from '../../src/offline/replay'
import type { JobUpdate } from '../../src/features/staff/jobs'

/** A fresh Dexie database per test (fake-indexeddb must be imported by the test file first). */
export const freshDb = () => new AppDatabase(`test-${crypto.randomUUID()}`)

let clock = 1_700_000_000_000
/** Outbox entries with increasing createdAt unless given. */
export function entry(overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  clock += 1000
  return {
    id: crypto.randomUUID(),
    kind: 'quick-message',
    method: 'POST',
    path: 'quick/message/',
    body: { name: 'Ada', email: 'ada@example.ng', message: `hello ${clock}` },
    userId: null,
    createdAt: clock,
    attempts: 0,
    status: 'waiting',
    ...overrides,
  }
}

let jobClock = Date.now()
/** A technician's job update as queueThroughOutbox puts it in the outbox (strictly increasing createdAt). */
export const queuedJobUpdate = (
  update: JobUpdate,
  userId: number,
  extra: Partial<OutboxEntry> = {},
): OutboxEntry => ({
  id: crypto.randomUUID(),
  method: 'POST',
  userId,
  createdAt: ++jobClock,
  attempts: 0,
  status: 'waiting',
  keepAnswer: true,
  ...extra,
  ...update,
})

export interface SentCall {
  url: string
  key: string | null
  token: string | null
  body: unknown
}

/**
 * A scripted fetch: `answer` decides each response (return a Response, or throw for a network error);
 * every call is recorded.
 */
export function scriptedFetch(answer: (call: SentCall, n: number) => Response | Promise<Response>) {
  const calls: SentCall[] = []
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers)
    const call: SentCall = {
      url: String(input),
      key: headers.get('Idempotency-Key'),
      token: headers.get('X-CSRFToken'),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }
    calls.push(call)
    return answer(call, calls.length)
  }) as typeof globalThis.fetch
  return { fetch, calls }
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** Replay dependencies with no lock manager (the Dexie lease, as in browsers without navigator.locks). */
export function deps(
  db: AppDatabase,
  fetch: typeof globalThis.fetch,
  overrides: Partial<ReplayDeps> = {},
): ReplayDeps {
  let tokens = 0
  return {
    db,
    fetch,
    apiBase: 'http://localhost/api/',
    getCsrfToken: async () => `token-${++tokens}`,
    getCurrentUserId: async () => null,
    locks: null,
    ...overrides,
  }
}

/** Replay dependencies as a logged-in browser's outbox has them: its session's fetch and token, as `userId`. */
export const browserDeps = (
  db: AppDatabase,
  browser: { fetch: typeof globalThis.fetch; token: () => Promise<string> },
  userId: number,
  overrides: Partial<ReplayDeps> = {},
): ReplayDeps =>
  deps(db, browser.fetch, { getCsrfToken: browser.token, getCurrentUserId: async () => userId, ...overrides })
