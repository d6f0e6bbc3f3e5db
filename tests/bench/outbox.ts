/** What both outbox benchmarks share: one timed replay, and the public forms' limits lifted. */
import { performance } from 'node:perf_hooks'
import type { AppDatabase } from '../../src/offline/db'
import { replayOutbox } from '../../src/offline/replay'
import type { appFetch } from '../offline/app-fetch'
import { deps } from '../offline/helpers'

/** One replay of `db`'s outbox through `browser` (logged in as `userId`), and how long it took. */
export async function timedReplay(db: AppDatabase, browser: ReturnType<typeof appFetch>, userId: number) {
  const start = performance.now()
  const result = await replayOutbox(
    deps(db, browser.fetch, { getCsrfToken: browser.token, getCurrentUserId: async () => userId }),
  )
  return { result, ms: performance.now() - start }
}

/** The public forms' per-minute limits lifted: a benchmark posts hundreds a minute from one account. */
export const UNLIMITED = { submitLimits: { perAddress: Infinity, perAccount: Infinity } }
