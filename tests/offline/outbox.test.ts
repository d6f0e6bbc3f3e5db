// @vitest-environment node
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { ApiError } from '../../src/lib/api-client'
import { db } from '../../src/offline/db'
import { requeueOutboxEntry, submitThroughOutbox } from '../../src/offline/outbox'
import { dropQueuedCartChanges } from '../../src/features/shop/offline'
import '../../src/components/contact-form-kind'
import { json } from './helpers'

const body = { name: 'Ada', email: 'ada@example.ng', message: 'Please call me back' }
let answer: (url: string, init?: RequestInit) => Response
const posts: Array<{ key: string | null; token: string | null }> = []
let tokens = 0

beforeEach(async () => {
  await db.outbox.clear()
  posts.length = 0
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (String(input).endsWith('/token')) return json(200, { token: `t${++tokens}` })
    const headers = new Headers(init?.headers)
    posts.push({ key: headers.get('Idempotency-Key'), token: headers.get('X-CSRFToken') })
    return answer(String(input), init)
  })
})
afterEach(() => vi.unstubAllGlobals())

it('sent: the answer is returned and nothing stays queued', async () => {
  answer = () => json(201, { message: 'Message sent' })
  const result = await submitThroughOutbox('quick-message', 'POST quick/message/', body, null)
  expect(result).toEqual({ state: 'sent', data: { message: 'Message sent' } })
  expect(posts[0].key).toMatch(/^[0-9a-f-]{36}$/)
  expect(await db.outbox.count()).toBe(0)
})

it('offline: kept as waiting with one attempt and a backoff deadline, free for the replay', async () => {
  answer = () => {
    throw new TypeError('Failed to fetch')
  }
  const before = Date.now()
  const result = await submitThroughOutbox('quick-message', 'POST quick/message/', body, null)
  expect(result.state).toBe('queued')
  const [stored] = await db.outbox.toArray()
  expect(stored).toMatchObject({ status: 'waiting', attempts: 1, body, kind: 'quick-message' })
  expect(stored.id).toBe(posts[0].key)
  expect(stored.nextAttemptAt).toBeGreaterThan(before)
  expect(stored.sendingUntil).toBeUndefined()
})

it('a 4xx is thrown for the form on screen and not kept', async () => {
  answer = () => json(400, { message: 'Email is not valid' })
  await expect(submitThroughOutbox('quick-message', 'POST quick/message/', body, null)).rejects.toEqual(
    new ApiError(400, 'Email is not valid', { message: 'Email is not valid' }),
  )
  expect(await db.outbox.count()).toBe(0)
})

it('a 429 (too many for now) is kept and sent later, not before the wait the server asked for', async () => {
  const message = 'Too many messages from this connection. Try again in 5 minutes.'
  answer = () =>
    new Response(JSON.stringify({ message }), {
      status: 429,
      headers: { 'Content-Type': 'application/json', 'Retry-After': '300' },
    })
  const before = Date.now()
  const result = await submitThroughOutbox('quick-message', 'POST quick/message/', body, null)
  expect(result).toMatchObject({ state: 'queued', retryLater: message })
  const [stored] = await db.outbox.toArray()
  expect(stored).toMatchObject({ status: 'waiting', attempts: 1, body, lastError: message })
  expect(stored.nextAttemptAt).toBeGreaterThanOrEqual(before + 300_000)
})

it('a 403 (rotated CSRF token) is retried once with a fresh token and the same key', async () => {
  let n = 0
  answer = () =>
    ++n === 1 ? json(403, { message: 'CSRF token missing or wrong' }) : json(201, { message: 'ok' })
  const result = await submitThroughOutbox('quick-message', 'POST quick/message/', body, null)
  expect(result.state).toBe('sent')
  expect(posts).toHaveLength(2)
  expect(posts[1].key).toBe(posts[0].key)
  expect(posts[1].token).not.toBe(posts[0].token)
})

it('re-queuing a refused entry gives it a new key (the old one is bound to the refusal) and keeps its place', async () => {
  const refused = {
    id: crypto.randomUUID(),
    kind: 'quick-message' as const,
    method: 'POST' as const,
    path: 'quick/message/',
    body,
    userId: null,
    createdAt: 1234,
    attempts: 2,
    status: 'failed' as const,
    lastError: 'Email is not valid',
  }
  await db.outbox.add(refused)
  await requeueOutboxEntry(refused.id, { ...body, email: 'ada@example.com' })
  const [stored] = await db.outbox.toArray()
  expect(stored.id).not.toBe(refused.id)
  expect(stored).toMatchObject({
    createdAt: 1234,
    status: 'waiting',
    attempts: 0,
    body: { ...body, email: 'ada@example.com' },
  })
  expect(stored.lastError).toBeUndefined()
})

it("after checkout has sent the whole cart, the user's queued cart changes are dropped (a stale one replayed later would refill the paid cart); other posts and other users' stay", async () => {
  const entry = (id: string, kind: 'cart' | 'appointment', userId: number) => ({
    id,
    kind,
    method: 'POST' as const,
    path: kind === 'cart' ? 'cart/set/' : 'appointment/',
    body: {},
    userId,
    createdAt: Date.now(),
    attempts: 1,
    status: 'waiting' as const,
    // Held by a page that was reloaded mid-send: the replay would only retry it after the claim.
    sendingUntil: Date.now() + 60_000,
  })
  await db.outbox.bulkAdd([entry('a', 'cart', 5), entry('b', 'appointment', 5), entry('c', 'cart', 6)])
  await dropQueuedCartChanges(db, 5)
  expect((await db.outbox.toArray()).map((e) => e.id).sort()).toEqual(['b', 'c'])
})

// A customer who reloads right after changing a quantity: the change on the device and the entry that
// sends it are written together, so the reload never finds the new quantity without its entry (the
// server's older cart then overwrote it: the shop e2e caught this).
it('a change passed alongside is written with its entry, or not at all', async () => {
  await db.cart.clear()
  answer = () => {
    throw new TypeError('Failed to fetch')
  }
  const line = {
    userId: 7,
    id: 3,
    name: 'Gel',
    description: '',
    prices: 4500,
    originalPrice: 5000,
    image: '',
    stock: 9,
    quantity: 2,
  }
  const queued = await submitThroughOutbox('cart', 'POST cart/set/', { id: 3, quantity: 2 }, 7, (d) =>
    d.cart.put(line),
  )
  expect(queued.state).toBe('queued')
  expect(await db.cart.get([7, 3])).toMatchObject({ quantity: 2 })
  expect(await db.outbox.count()).toBe(1)

  // The write fails part-way (after the cart line, before the entry): neither is kept.
  await expect(
    submitThroughOutbox('cart', 'POST cart/set/', { id: 3, quantity: 5 }, 7, async (d) => {
      await d.cart.update([7, 3], { quantity: 5 })
      throw new Error('disk full')
    }),
  ).rejects.toThrow('disk full')
  expect(await db.cart.get([7, 3])).toMatchObject({ quantity: 2 })
  expect(await db.outbox.count()).toBe(1)
})
