// @vitest-environment node
// "Lie-fi": the network connects and never answers. Nothing may wait for it without a deadline, and
// what the user did is acknowledged as saved at once and applied exactly once when an answer comes.
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { callApi, NetworkError } from '../../src/lib/api-client'
import { SILENT_AFTER_MS, useConnection } from '../../src/lib/connection'
import { fetchAnswer, NoAnswerError } from '../../src/lib/http'
import { db } from '../../src/offline/db'
import { submitThroughOutbox } from '../../src/offline/outbox'
import { replayOutbox } from '../../src/offline/replay'
import '../../src/components/contact-form-kind'
import { deps, entry, freshDb, json } from './helpers'

/** A fetch that connects and never answers: it only ends when its signal aborts. */
const silent = (_input: RequestInfo | URL, init?: RequestInit) =>
  new Promise<Response>((_, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))
  })

/** A promise resolved from outside: an answer that arrives when the test says. */
function later<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

const body = { name: 'Ada', email: 'ada@example.ng', message: 'Please call me back' }

afterEach(() => {
  vi.unstubAllGlobals()
  useConnection.setState({ state: 'online' })
})

describe('deadlines', () => {
  it('a request with no answer is abandoned at its deadline, and the app says the network is not answering', async () => {
    vi.stubGlobal('fetch', silent)
    const failure = await callApi('GET appointment/', undefined, { deadlineMs: 150 }).catch(
      (err: unknown) => err,
    )
    expect(failure).toBeInstanceOf(NetworkError)
    expect(failure).toMatchObject({ notAnswering: true, message: 'The network is not answering' })
    expect(useConnection.getState().state).toBe('not-answering')

    // Any answer, even a refusal, means the network answers again.
    vi.stubGlobal('fetch', async () => json(404, { message: 'Not found' }))
    await callApi('GET appointment/').catch(() => undefined)
    expect(useConnection.getState().state).toBe('online')
  })

  it('a request still waiting after a few seconds is already told as "not answering"; its late answer clears it', async () => {
    vi.useFakeTimers()
    try {
      const late = later<Response>()
      vi.stubGlobal('fetch', () => late.promise)
      const request = callApi('GET appointment/')
      await vi.advanceTimersByTimeAsync(SILENT_AFTER_MS - 100)
      expect(useConnection.getState().state).toBe('online')
      await vi.advanceTimersByTimeAsync(200)
      expect(useConnection.getState().state).toBe('not-answering')
      late.resolve(json(200, { ok: true }))
      await expect(request).resolves.toEqual({ ok: true })
      expect(useConnection.getState().state).toBe('online')
    } finally {
      vi.useRealTimers()
    }
  })

  it('a refused connection is "offline", told apart from a silent one', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch')
    })
    const failure = await callApi('GET appointment/').catch((err: unknown) => err)
    expect(failure).toMatchObject({ name: 'NetworkError', notAnswering: false })
    expect(useConnection.getState().state).toBe('offline')
  })

  it('an answer whose body stops arriving is no answer, never an empty success', async () => {
    // The headers came, then half a list, then nothing.
    const stalled = new ReadableStream<Uint8Array>({
      start: (c) => c.enqueue(new TextEncoder().encode('[{"id"')),
    })
    await expect(
      fetchAnswer(async () => new Response(stalled, { status: 200 }), '/api/orders/', {}, 150),
    ).rejects.toBeInstanceOf(NoAnswerError)
  })

  it("the caller's own abort stays the caller's, not the network's", async () => {
    vi.stubGlobal('fetch', silent)
    const controller = new AbortController()
    const request = callApi('GET appointment/', undefined, { signal: controller.signal })
    controller.abort()
    await expect(request).rejects.not.toBeInstanceOf(NetworkError)
    expect(useConnection.getState().state).toBe('online')
  })
})

describe('a form on a silent network', () => {
  let answer: ReturnType<typeof later<Response>>
  const posts: string[] = []

  beforeEach(async () => {
    await db.outbox.clear()
    posts.length = 0
    answer = later<Response>()
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (String(input).endsWith('/token')) return json(200, { token: 't' })
      posts.push(new Headers(init?.headers).get('Idempotency-Key')!)
      return answer.promise
    })
  })

  it('is told "saved on this phone" with no answer yet; the late answer removes the entry', async () => {
    // The server has not answered (and never will, unless the test says so): the form is answered anyway.
    const result = await submitThroughOutbox('quick-message', 'POST quick/message/', body, null)
    expect(result.state).toBe('queued')
    const [waiting] = await db.outbox.toArray()
    // Still claimed by the send under way: a replay meanwhile would send it a second time.
    expect(waiting).toMatchObject({ status: 'waiting', attempts: 0 })
    expect(waiting!.sendingUntil).toBeGreaterThan(Date.now())

    answer.resolve(json(201, { message: 'Message sent' }))
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0))
    expect(posts).toHaveLength(1)
  })

  it('a refusal that arrives after the acknowledgement stays in the outbox with the reason, to be corrected', async () => {
    await submitThroughOutbox('quick-message', 'POST quick/message/', body, null)
    answer.resolve(json(400, { message: 'Email is not valid' }))
    await vi.waitFor(async () =>
      expect(await db.outbox.toArray()).toMatchObject([
        { status: 'failed', lastError: 'Email is not valid', body },
      ]),
    )
    // No longer claimed by a send: "Correct and send again" can take it.
    expect((await db.outbox.toArray())[0]!.sendingUntil).toBeUndefined()
  })

  it('no answer in the end: kept for the replay with the same key, after a backoff', async () => {
    await submitThroughOutbox('quick-message', 'POST quick/message/', body, null)
    answer.resolve(json(503, { message: 'Service unavailable' }))
    await vi.waitFor(async () =>
      expect(await db.outbox.toArray()).toMatchObject([{ id: posts[0], status: 'waiting', attempts: 1 }]),
    )
    const [kept] = await db.outbox.toArray()
    expect(kept!.sendingUntil).toBeUndefined()
    expect(kept!.nextAttemptAt).toBeGreaterThan(Date.now())
  })
})

describe('the replay on a silent network', () => {
  it('a token that never comes sends nothing and changes nothing; no user is assumed', async () => {
    const local = freshDb()
    const queued = entry({ userId: 5 })
    await local.outbox.add(queued)
    const whoAsked = vi.fn(async () => 5)
    const result = await replayOutbox(
      deps(local, vi.fn(), {
        getCsrfToken: () => Promise.reject(new NetworkError(new NoAnswerError(10))),
        getCurrentUserId: whoAsked,
      }),
    )
    expect(result).toMatchObject({ offline: true, sent: 0 })
    expect(whoAsked).not.toHaveBeenCalled()
    expect(await local.outbox.get(queued.id)).toEqual(queued)
  })

  it('a session that cannot be confirmed sends nothing, and nothing is marked as needing a login', async () => {
    const local = freshDb()
    const queued = entry({ userId: 5 })
    await local.outbox.add(queued)
    const fetch = vi.fn()
    const result = await replayOutbox(
      deps(local, fetch, { getCurrentUserId: () => Promise.reject(new NoAnswerError(10)) }),
    )
    expect(result).toMatchObject({ offline: true, sent: 0, auth: 0 })
    expect(fetch).not.toHaveBeenCalled()
    expect(await local.outbox.get(queued.id)).toMatchObject({ status: 'waiting', attempts: 0 })
  })

  it('a send with no answer keeps the entry and its key for later, and says the network is not answering', async () => {
    const local = freshDb()
    const queued = entry()
    await local.outbox.add(queued)
    const result = await replayOutbox(
      deps(local, async () => {
        throw new NoAnswerError(20_000)
      }),
    )
    expect(result).toMatchObject({ offline: true, retrying: 1, sent: 0 })
    expect(await local.outbox.get(queued.id)).toMatchObject({
      id: queued.id,
      status: 'waiting',
      attempts: 1,
      lastError: 'The network is not answering',
    })
  })
})
