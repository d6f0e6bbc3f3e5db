import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Client, makeLoggedInApp, type TestContext } from './helpers'
import { BUSINESS_TIME_ZONE, todayIso } from '../../contract/dates'

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
  date: todayIso(new Date(Date.now() + 3 * 86_400_000), BUSINESS_TIME_ZONE),
  time: '09:00',
  info: '',
})
const count = (table: string) => t.db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number

describe('Idempotency-Key', () => {
  it('replays the stored answer for a repeat, with or without the trailing slash, and creates nothing', async () => {
    const key = crypto.randomUUID()
    const before = count('bookings')
    const first = await customer.post('appointment/', booking(), { 'Idempotency-Key': key })
    const again = await customer.post('appointment', booking(), { 'Idempotency-Key': key })
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    expect(again.body).toEqual(first.body)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(count('bookings')).toBe(before + 1)
  })

  it('refuses a key reused for a different call (422) instead of answering with the other call', async () => {
    const key = crypto.randomUUID()
    expect((await customer.post('appointment/', booking(), { 'Idempotency-Key': key })).status).toBe(201)
    const messagesBefore = count('messages')
    const reused = await customer.post(
      'quick/message/',
      { name: 'Ada', email: 'ada@test.ng', message: 'Hello' },
      { 'Idempotency-Key': key },
    )
    expect(reused.status).toBe(422)
    expect(reused.body.message).toMatch(/already used for a different request/)
    expect(count('messages')).toBe(messagesBefore)
  })

  it('refuses a malformed key with 400', async () => {
    const res = await customer.post('appointment/', booking(), { 'Idempotency-Key': 'x y' })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Idempotency-Key must be a UUID')
  })
})
