/** The outbox pieces both outbox benchmarks use: entries queued as the page queues them, and one timed replay. */
import { performance } from 'node:perf_hooks'
import type { AppDatabase, OutboxEntry } from '../../src/offline/db'
import { replayOutbox } from '../../src/offline/replay'
import type { appFetch } from '../offline/app-fetch'

/** What a feature puts in the outbox (kind, path, body...); the rest is filled as for a new entry. */
type Queued = Pick<OutboxEntry, 'kind' | 'path' | 'body'> & Partial<OutboxEntry>

/** A new entry of `userId`'s, never tried yet. */
export const waiting = (userId: number, createdAt: number, queued: Queued): OutboxEntry => ({
  id: crypto.randomUUID(),
  method: 'POST',
  userId,
  createdAt,
  attempts: 0,
  status: 'waiting',
  ...queued,
})

/** One replay of `db`'s outbox through `browser` (logged in as `userId`), and how long it took. */
export async function timedReplay(db: AppDatabase, browser: ReturnType<typeof appFetch>, userId: number) {
  const start = performance.now()
  const result = await replayOutbox({
    db,
    fetch: browser.fetch,
    apiBase: 'http://localhost/api/',
    getCsrfToken: browser.token,
    getCurrentUserId: async () => userId,
    locks: null,
  })
  return { result, ms: performance.now() - start }
}

/** The public forms' per-minute limits lifted: a benchmark posts hundreds a minute from one account. */
export const UNLIMITED = { submitLimits: { perAddress: Infinity, perAccount: Infinity } }
