// @vitest-environment node
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { replayOutbox } from '../../src/offline/replay'
import { CUSTOMER, countRows, expireLease, lagosDay, makeTestApp, type TestContext } from '../api/helpers'
import { browserDeps, entry, freshDb } from './helpers'
import { appFetch } from './app-fetch'

let ctx: TestContext
beforeEach(async () => {
  ctx = await makeTestApp()
})
afterEach(() => ctx.close())

/**
 * The customer logged in on a phone whose outbox holds a booking for tomorrow, the replay's dependencies,
 * and the customer's bookings counted (`before`: how many the server held first).
 */
async function phoneWithQueuedBooking(change: Record<string, unknown>) {
  const browser = appFetch(ctx.app)
  const { id: userId } = await browser.login(CUSTOMER)
  const count = () => countRows(ctx.db, 'bookings', ['user_id', userId])
  const before = await count()
  const db = freshDb()
  const booking = entry({
    kind: 'appointment',
    path: 'appointment/',
    userId,
    body: { phone_number: '0803 123 4567', location: '12 Allen Avenue, Ikeja', date: lagosDay(1), ...change },
  })
  await db.outbox.add(booking)
  return { browser, userId, count, before, db, booking, deps: browserDeps(db, browser, userId) }
}

it('a booking whose answer was lost is created exactly once when the outbox replays it', async () => {
  const { browser, count, before, db, booking, deps } = await phoneWithQueuedBooking({
    service: 'fumigation',
    time: '10:00',
    info: 'Two-bedroom flat',
  })

  // The post reaches the server and is processed, but the answer never comes back (signal lost).
  const lossy: typeof fetch = async (input, init) => {
    await browser.fetch(input, init)
    throw new TypeError('Failed to fetch')
  }
  const first = await replayOutbox({ ...deps, fetch: lossy })
  expect(first).toMatchObject({ sent: 0, retrying: 1, offline: true })
  expect(await count()).toBe(before + 1)
  expect(await db.outbox.get(booking.id)).toMatchObject({ attempts: 1, status: 'waiting' })

  // Back online: the replay repeats the post with the same Idempotency-Key.
  const answers: Response[] = []
  const recording: typeof fetch = async (input, init) => {
    const res = await browser.fetch(input, init)
    answers.push(res.clone())
    return res
  }
  const second = await replayOutbox({ ...deps, fetch: recording, force: true })
  expect(second).toMatchObject({ sent: 1, remaining: 0 })
  expect(answers[0].status).toBe(201)
  expect(answers[0].headers.get('Idempotent-Replayed')).toBe('true')
  expect(await count()).toBe(before + 1)
})

it('a booking whose first send died holding its key waits (409 in progress), then is booked once after the lease', async () => {
  const { userId, count, before, db, booking, deps } = await phoneWithQueuedBooking({
    service: 'cleaning',
    time: '11:00',
    info: '',
  })
  // The server process that took the first send was killed after claiming the key.
  await ctx.db
    .insertInto('idempotency_keys')
    .values({
      scope: `user:${userId}`,
      key: booking.id,
      method: 'POST',
      path: '/api/appointment/',
      lease_until: Date.now() + 30_000,
    })
    .execute()
  const first = await replayOutbox(deps)
  expect(first).toMatchObject({ sent: 0, failed: 0, retrying: 1, remaining: 1 })
  expect(await db.outbox.get(booking.id)).toMatchObject({ status: 'waiting' })
  expect(await count()).toBe(before)

  await expireLease(ctx.db, booking.id)
  const second = await replayOutbox({ ...deps, force: true })
  expect(second).toMatchObject({ sent: 1, remaining: 0 })
  expect(await count()).toBe(before + 1)
})
