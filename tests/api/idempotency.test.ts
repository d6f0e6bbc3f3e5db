import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { pruneIdempotencyKeys } from '../../api/lib/housekeeping'
import {
  Client,
  countRows,
  expectReplayOf,
  expireLease,
  findUserId,
  makeLoggedInApp,
  CUSTOMER,
  lagosDay,
  type TestContext,
} from './helpers'
import { secondInstance } from './instances'

let t: TestContext
let customer: Client
beforeEach(async () => {
  ;({ t, customer } = await makeLoggedInApp())
})
afterEach(() => t.close())

const booking = () => ({
  phone_number: '08031234567',
  location: '1 Broad Street, Lagos',
  service: 'cleaning',
  date: lagosDay(3),
  time: '09:00',
  info: '',
})
const count = (table: 'bookings' | 'messages') => countRows(t.db, table)

describe('Idempotency-Key', () => {
  it('replays the stored answer for a repeat, with or without the trailing slash, and creates nothing', async () => {
    const key = crypto.randomUUID()
    const before = await count('bookings')
    const first = await customer.post('appointment/', booking(), { 'Idempotency-Key': key })
    const again = await customer.post('appointment', booking(), { 'Idempotency-Key': key })
    expect(first.status).toBe(201)
    expectReplayOf(again, first)
    expect(await count('bookings')).toBe(before + 1)
  })

  it('refuses a key reused for a different call (422) instead of answering with the other call', async () => {
    const key = crypto.randomUUID()
    expect((await customer.post('appointment/', booking(), { 'Idempotency-Key': key })).status).toBe(201)
    const messagesBefore = await count('messages')
    const reused = await customer.post(
      'quick/message/',
      { name: 'Ada', email: 'ada@test.ng', message: 'Hello' },
      { 'Idempotency-Key': key },
    )
    expect(reused.status).toBe(422)
    expect(reused.body.message).toMatch(/already used for a different request/)
    expect(await count('messages')).toBe(messagesBefore)
  })

  it('refuses a malformed key with 400', async () => {
    const res = await customer.post('appointment/', booking(), { 'Idempotency-Key': 'x y' })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Idempotency-Key must be a UUID')
  })

  it('answers 409 in_progress with Retry-After while a live claim runs, and re-claims a claim whose lease ran out', async () => {
    const key = crypto.randomUUID()
    const scope = `user:${await findUserId(t.db, CUSTOMER.email)}`
    // The first request is still running (its lease is in the future): the repeat must wait, not fail.
    await t.db
      .insertInto('idempotency_keys')
      .values({ scope, key, method: 'POST', path: '/api/appointment/', lease_until: Date.now() + 30_000 })
      .execute()
    const before = await count('bookings')
    const busy = await customer.post('appointment/', booking(), { 'Idempotency-Key': key })
    expect(busy.status).toBe(409)
    expect(busy.body).toMatchObject({
      code: 'in_progress',
      message: expect.stringMatching(/already being processed/),
    })
    expect(Number(busy.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await count('bookings')).toBe(before)

    // The process that claimed it died: once the lease has passed, the repeat is processed.
    await expireLease(t.db, key)
    const retried = await customer.post('appointment/', booking(), { 'Idempotency-Key': key })
    expect(retried.status).toBe(201)
    expect(await count('bookings')).toBe(before + 1)
    const replay = await customer.post('appointment/', booking(), { 'Idempotency-Key': key })
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await count('bookings')).toBe(before + 1)
  })

  it('frees a key that an older build left claimed with no lease (stuck before this fix)', async () => {
    const key = crypto.randomUUID()
    const scope = `user:${await findUserId(t.db, CUSTOMER.email)}`
    await t.db
      .insertInto('idempotency_keys')
      .values({ scope, key, method: 'POST', path: '/api/appointment/' })
      .execute()
    const res = await customer.post('appointment/', booking(), { 'Idempotency-Key': key })
    expect(res.status).toBe(201)
  })

  it('forgets stored answers after 30 days, never a claim still running', async () => {
    const now = t.config.now()
    const daysAgo = (days: number) => new Date(now - days * 24 * 3600 * 1000).toISOString()
    const scope = `user:${await findUserId(t.db, CUSTOMER.email)}`
    const stored = { scope, method: 'POST', path: '/api/appointment/', status: 201, body: '{}' }
    await t.db
      .insertInto('idempotency_keys')
      .values([
        { ...stored, key: 'old-answer-1', created_at: daysAgo(31) },
        { ...stored, key: 'recent-answer', created_at: daysAgo(29) },
        {
          ...stored,
          key: 'old-but-running',
          created_at: daysAgo(40),
          status: null,
          lease_until: now + 30_000,
        },
      ])
      .execute()
    expect(await pruneIdempotencyKeys(t.db, now)).toBe(1)
    const left = await t.db.selectFrom('idempotency_keys').select('key').where('scope', '=', scope).execute()
    expect(left.map((r) => r.key).sort()).toEqual(['old-but-running', 'recent-answer'])
  })

  it('two instances over one database given the same key at once process it once', async () => {
    const onOther = customer.onInstance(secondInstance(t))
    const key = crypto.randomUUID()
    const before = await count('bookings')
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? onOther : customer).post('appointment/', booking(), { 'Idempotency-Key': key }),
      ),
    )
    // Each answer is the booking (processed or replayed) or "still running": never a second booking.
    for (const a of answers) expect([201, 409]).toContain(a.status)
    expect(await count('bookings')).toBe(before + 1)
    const replay = await onOther.post('appointment/', booking(), { 'Idempotency-Key': key })
    expect(replay.status).toBe(201)
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true')
  })
})
