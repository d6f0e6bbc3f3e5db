// @vitest-environment node
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import {
  BACKOFF_BASE_MS,
  BACKOFF_MAX_MS,
  backoffDelay,
  isStale,
  replayOutbox,
  sendingLockName,
  STALE_AFTER_MS,
  withReplayLock,
} from '../../src/offline/replay'
import { deps, entry, freshDb, json, scriptedFetch } from './helpers'

const offline = () => {
  throw new TypeError('Failed to fetch')
}

describe('replayOutbox', () => {
  it('sends entries oldest first, each with its id as Idempotency-Key and a fresh token, and removes them', async () => {
    const db = freshDb()
    const [a, b, c] = [entry(), entry(), entry()]
    await db.outbox.bulkAdd([c, a, b]) // stored out of order
    const { fetch, calls } = scriptedFetch(() => json(201, { message: 'ok' }))
    const sent: string[] = []
    let tokenFetches = 0
    const result = await replayOutbox(
      deps(db, fetch, {
        getCsrfToken: async () => `fresh-${++tokenFetches}`,
        onSent: (e) => sent.push(e.id),
      }),
    )

    expect(calls.map((x) => x.key)).toEqual([a.id, b.id, c.id])
    expect(calls[0].url).toBe('http://localhost/api/quick/message/')
    expect(calls[0].body).toEqual(a.body)
    expect(tokenFetches).toBe(1)
    expect(calls.every((x) => x.token === 'fresh-1')).toBe(true)
    expect(sent).toEqual([a.id, b.id, c.id])
    expect(result).toMatchObject({ ran: true, sent: 3, remaining: 0 })
    expect(await db.outbox.count()).toBe(0)
  })

  it('a 4xx keeps the entry as failed with the server message (never dropped) and goes on', async () => {
    const db = freshDb()
    const [bad, good] = [entry(), entry()]
    await db.outbox.bulkAdd([bad, good])
    const { fetch } = scriptedFetch((call) =>
      call.key === bad.id ? json(400, { message: 'Email is not valid' }) : json(201, { message: 'ok' }),
    )
    const result = await replayOutbox(deps(db, fetch))

    expect(result).toMatchObject({ sent: 1, failed: 1, remaining: 1 })
    expect(await db.outbox.get(bad.id)).toMatchObject({
      status: 'failed',
      lastError: 'Email is not valid',
      attempts: 1,
    })
    // A failed entry is not retried automatically: the same key would get the same refusal.
    const again = await replayOutbox(deps(db, fetch, { force: true }))
    expect(again.sent + again.failed).toBe(0)
  })

  it('a 401 marks the entry as needing a login and sends it after its owner logs in', async () => {
    const db = freshDb()
    const mine = entry({ kind: 'appointment', path: 'appointment/', userId: 7 })
    await db.outbox.add(mine)
    let loggedIn = true
    const { fetch, calls } = scriptedFetch(() =>
      loggedIn ? json(401, { message: 'Please log in.' }) : json(201, { message: 'booked', id: 1 }),
    )
    // The page still believed user 7 was logged in; the server disagreed.
    const first = await replayOutbox(deps(db, fetch, { getCurrentUserId: async () => 7 }))
    expect(first.auth).toBe(1)
    expect(await db.outbox.get(mine.id)).toMatchObject({ status: 'auth', lastError: 'Please log in.' })

    loggedIn = false
    const second = await replayOutbox(deps(db, fetch, { getCurrentUserId: async () => 7 }))
    expect(second.sent).toBe(1)
    expect(calls).toHaveLength(2)
    expect(await db.outbox.count()).toBe(0)
  })

  it("never sends an entry in another user's session", async () => {
    const db = freshDb()
    const theirs = entry({ kind: 'appointment', path: 'appointment/', userId: 5 })
    await db.outbox.add(theirs)
    const { fetch, calls } = scriptedFetch(() => json(201, {}))

    const asOther = await replayOutbox(deps(db, fetch, { getCurrentUserId: async () => 9 }))
    const loggedOut = await replayOutbox(deps(db, fetch, { getCurrentUserId: async () => null }))
    expect(calls).toHaveLength(0)
    expect(asOther.auth + loggedOut.auth).toBe(2)
    expect((await db.outbox.get(theirs.id))?.status).toBe('auth')

    await replayOutbox(deps(db, fetch, { getCurrentUserId: async () => 5 }))
    expect(calls).toHaveLength(1)
    expect(await db.outbox.count()).toBe(0)
  })

  it('a 5xx keeps the entry waiting with backoff, attempts counted, and tries the next one', async () => {
    const db = freshDb()
    const [first, second] = [entry(), entry()]
    await db.outbox.bulkAdd([first, second])
    const now = 1_800_000_000_000
    const { fetch, calls } = scriptedFetch((call) =>
      call.key === first.id ? json(503, { message: 'Down for maintenance' }) : json(201, {}),
    )
    const result = await replayOutbox(deps(db, fetch, { now: () => now, random: () => 1 }))

    expect(calls).toHaveLength(2)
    expect(result).toMatchObject({ sent: 1, retrying: 1, offline: false, remaining: 1 })
    expect(await db.outbox.get(first.id)).toMatchObject({
      status: 'waiting',
      attempts: 1,
      lastError: 'Down for maintenance',
      nextAttemptAt: now + BACKOFF_BASE_MS,
    })
  })

  it('a 429 keeps the entry waiting, not before the Retry-After the server asked for', async () => {
    const db = freshDb()
    const [limited, next] = [entry(), entry()]
    await db.outbox.bulkAdd([limited, next])
    const now = 1_800_000_000_000
    const message = 'Too many messages from this connection. Try again in 5 minutes.'
    const { fetch } = scriptedFetch((call) =>
      call.key === limited.id
        ? new Response(JSON.stringify({ message }), {
            status: 429,
            headers: { 'Content-Type': 'application/json', 'Retry-After': '300' },
          })
        : json(201, {}),
    )
    const result = await replayOutbox(deps(db, fetch, { now: () => now, random: () => 1 }))

    expect(result).toMatchObject({ sent: 1, retrying: 1, failed: 0, remaining: 1 })
    expect(await db.outbox.get(limited.id)).toMatchObject({
      status: 'waiting',
      attempts: 1,
      lastError: message,
      nextAttemptAt: now + 300_000,
    })
    // Not due before then; sent once it is.
    const early = await replayOutbox(deps(db, fetch, { now: () => now + 299_000 }))
    expect(early.sent + early.retrying).toBe(0)
  })

  it('a network error keeps the entry with backoff and stops there (still offline)', async () => {
    const db = freshDb()
    const [first, second] = [entry(), entry()]
    await db.outbox.bulkAdd([first, second])
    const { fetch, calls } = scriptedFetch(offline)
    const result = await replayOutbox(deps(db, fetch, { now: () => 1000, random: () => 0 }))

    expect(calls).toHaveLength(1)
    expect(result).toMatchObject({ offline: true, retrying: 1, sent: 0, remaining: 2 })
    expect(await db.outbox.get(first.id)).toMatchObject({
      attempts: 1,
      status: 'waiting',
      nextAttemptAt: 1000 + BACKOFF_BASE_MS / 2,
    })
    expect(await db.outbox.get(second.id)).toMatchObject({ attempts: 0 })
  })

  it('does nothing and changes nothing when even the CSRF token cannot be fetched', async () => {
    const db = freshDb()
    const queued = entry()
    await db.outbox.add(queued)
    const { fetch, calls } = scriptedFetch(() => json(201, {}))
    const result = await replayOutbox(deps(db, fetch, { getCsrfToken: async () => offline() }))
    expect(result).toMatchObject({ offline: true, sent: 0 })
    expect(calls).toHaveLength(0)
    expect(await db.outbox.get(queued.id)).toEqual(queued)
  })

  it('treats "already being processed" (409 from the idempotency layer) as worth a retry', async () => {
    const db = freshDb()
    const queued = entry()
    await db.outbox.add(queued)
    const { fetch } = scriptedFetch(() =>
      json(409, { message: 'This request is already being processed. Try again in a moment.' }),
    )
    await replayOutbox(deps(db, fetch))
    expect((await db.outbox.get(queued.id))?.status).toBe('waiting')
  })

  it('respects nextAttemptAt unless forced, and sends once the time has come', async () => {
    const db = freshDb()
    let now = 10_000
    const queued = entry({ attempts: 2, nextAttemptAt: 20_000 })
    await db.outbox.add(queued)
    const { fetch, calls } = scriptedFetch(() => json(201, {}))

    await replayOutbox(deps(db, fetch, { now: () => now }))
    expect(calls).toHaveLength(0)
    now = 20_000
    await replayOutbox(deps(db, fetch, { now: () => now }))
    expect(calls).toHaveLength(1)

    const backingOff = entry({ attempts: 1, nextAttemptAt: 99_000 })
    await db.outbox.add(backingOff)
    await replayOutbox(deps(db, fetch, { now: () => now, force: true }))
    expect(calls).toHaveLength(2)
  })

  it('leaves an entry alone while a direct send holds it', async () => {
    const db = freshDb()
    await db.outbox.add(entry({ sendingUntil: Date.now() + 60_000 }))
    const { fetch, calls } = scriptedFetch(() => json(201, {}))
    await replayOutbox(deps(db, fetch, { force: true }))
    expect(calls).toHaveLength(0)
  })

  it("with Web Locks, a direct send's claim is its lock: held, the entry waits; gone with its page, it is sent", async () => {
    const db = freshDb()
    // A claim that has not expired: without the lock behind it, it means nothing (its page went away).
    const orphan = entry({ sendingUntil: Date.now() + 60_000 })
    const sending = entry({ sendingUntil: Date.now() + 60_000 })
    await db.outbox.bulkAdd([orphan, sending])
    const held = new Set([sendingLockName(sending.id)])
    const locks = {
      request: (_name: string, _options: unknown, run: (lock: { name: string }) => unknown) =>
        Promise.resolve(run({ name: _name })),
      query: async () => ({ held: [...held].map((name) => ({ name })) }),
    } as unknown as LockManager
    const { fetch, calls } = scriptedFetch(() => json(201, {}))
    await replayOutbox(deps(db, fetch, { locks, force: true }))
    expect(calls.map((c) => c.key)).toEqual([orphan.id])
    expect(await db.outbox.get(sending.id)).toBeDefined()
  })

  it('backoff doubles from the base, is capped, and jitters between half and all of it', () => {
    const full = (n: number) => backoffDelay(n, () => 1)
    expect([1, 2, 3, 4].map(full)).toEqual([
      BACKOFF_BASE_MS,
      BACKOFF_BASE_MS * 2,
      BACKOFF_BASE_MS * 4,
      BACKOFF_BASE_MS * 8,
    ])
    expect(full(30)).toBe(BACKOFF_MAX_MS)
    expect(backoffDelay(3, () => 0)).toBe(BACKOFF_BASE_MS * 2)
    for (let i = 0; i < 50; i++) {
      const d = backoffDelay(4)
      expect(d).toBeGreaterThanOrEqual(BACKOFF_BASE_MS * 4)
      expect(d).toBeLessThanOrEqual(BACKOFF_BASE_MS * 8)
    }
  })

  it('backoff grows over consecutive failed replays', async () => {
    const db = freshDb()
    const queued = entry()
    await db.outbox.add(queued)
    const { fetch } = scriptedFetch(() => json(500, { message: 'boom' }))
    let now = 0
    const delays: number[] = []
    for (let i = 0; i < 5; i++) {
      await replayOutbox(deps(db, fetch, { now: () => now, random: () => 1 }))
      const stored = (await db.outbox.get(queued.id))!
      delays.push(stored.nextAttemptAt! - now)
      now = stored.nextAttemptAt!
    }
    expect(delays).toEqual([1, 2, 4, 8, 16].map((x) => x * BACKOFF_BASE_MS))
    expect((await db.outbox.get(queued.id))?.attempts).toBe(5)
  })

  it('an entry older than 7 days is shown as stale and is kept, not dropped', async () => {
    const db = freshDb()
    const old = entry({ createdAt: Date.now() - STALE_AFTER_MS - 60_000 })
    await db.outbox.add(old)
    expect(isStale(old)).toBe(true)
    expect(isStale(entry({ createdAt: Date.now() - STALE_AFTER_MS + 60_000 }))).toBe(false)

    const down = scriptedFetch(offline)
    await replayOutbox(deps(db, down.fetch))
    expect(await db.outbox.get(old.id)).toMatchObject({ id: old.id, status: 'waiting' })
    // And it still goes when the network is back.
    const up = scriptedFetch(() => json(201, {}))
    await replayOutbox(deps(db, up.fetch, { force: true }))
    expect(up.calls.map((c) => c.key)).toEqual([old.id])
  })
})

describe('one replay at a time', () => {
  it('two concurrent replays: one runs, the other returns at once; each entry is sent once', async () => {
    const db = freshDb()
    const entries = [entry(), entry(), entry(), entry()]
    await db.outbox.bulkAdd(entries)
    const { fetch, calls } = scriptedFetch(async () => {
      await new Promise((r) => setTimeout(r, 20))
      return json(201, {})
    })
    const results = await Promise.all([replayOutbox(deps(db, fetch)), replayOutbox(deps(db, fetch))])

    expect(results.map((r) => r.ran).sort()).toEqual([false, true])
    expect(calls.map((c) => c.key).sort()).toEqual(entries.map((e) => e.id).sort())
    expect(await db.outbox.count()).toBe(0)
    // The lease is released: the next replay runs.
    expect((await replayOutbox(deps(db, fetch))).ran).toBe(true)
  })

  it('two database connections (tabs, the worker) share the Dexie lease', async () => {
    const db = freshDb()
    const { AppDatabase } = await import('../../src/offline/db')
    const otherTab = new AppDatabase(db.name)
    let release!: () => void
    const held = withReplayLock({ db, locks: null }, () => new Promise<void>((r) => (release = r)))
    await new Promise((r) => setTimeout(r, 10))
    expect(await withReplayLock({ db: otherTab, locks: null }, async () => 'ran')).toBeUndefined()
    release()
    await held
    expect(await withReplayLock({ db: otherTab, locks: null }, async () => 'ran')).toBe('ran')
  })

  it('a lease left by a crashed replay expires', async () => {
    const db = freshDb()
    let now = 0
    await db.leases.put({ name: 'greenshield-outbox-replay', holder: 'crashed-tab', expiresAt: 60_000 })
    expect(await withReplayLock({ db, locks: null, now: () => now }, async () => 'ran')).toBeUndefined()
    now = 60_001
    expect(await withReplayLock({ db, locks: null, now: () => now }, async () => 'ran')).toBe('ran')
  })

  it('uses navigator.locks with ifAvailable where the platform has it', async () => {
    const db = freshDb()
    const requests: unknown[] = []
    let held = false
    const locks = {
      request: async (name: string, options: { ifAvailable: boolean }, fn: (lock: unknown) => unknown) => {
        requests.push({ name, ...options })
        if (held) return fn(null)
        held = true
        try {
          return await fn({ name })
        } finally {
          held = false
        }
      },
      // No direct send holds an entry.
      query: async () => ({ held: [] }),
    } as unknown as LockManager
    const { fetch, calls } = scriptedFetch(async () => {
      await new Promise((r) => setTimeout(r, 10))
      return json(201, {})
    })
    await db.outbox.bulkAdd([entry(), entry()])
    const results = await Promise.all([
      replayOutbox(deps(db, fetch, { locks })),
      replayOutbox(deps(db, fetch, { locks })),
    ])
    expect(requests).toEqual([
      { name: 'greenshield-outbox-replay', ifAvailable: true },
      { name: 'greenshield-outbox-replay', ifAvailable: true },
    ])
    expect(results.filter((r) => r.ran)).toHaveLength(1)
    expect(calls).toHaveLength(2)
    expect(await db.leases.count()).toBe(0) // the Dexie lease is not used
  })
})
