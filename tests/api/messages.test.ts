import { describe, expect, it } from 'vitest'
import { ADMIN, CUSTOMER, Client, countRows, expectReplayOf } from './helpers'
import { onEachTestApp, t } from './app-per-test'
import { seedMessages } from '../../api/lib/seed-data'

onEachTestApp()

const THANKS = 'Thank you! Your message has been received. We will get back to you shortly.'
const message = {
  name: 'Kemi Lawal',
  email: 'kemi@example.com',
  message: 'Do you treat bed bugs in hostels?',
}
const countOf = (table: 'messages' | 'newsletter_subscribers') => countRows(t.db, table)
const messageCount = () => countOf('messages')

describe('POST quick/message/', () => {
  it('stores the message (201) from a visitor who is not logged in', async () => {
    const res = await new Client(t.app).post('quick/message/', message)
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ message: THANKS })
    const admin = new Client(t.app)
    await admin.login(ADMIN)
    const [newest] = (await admin.get('admins/messages')).body
    expect(newest).toMatchObject(message)
  })

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ email: 'not-an-email' }, 'Enter a valid email address'],
    [{ email: undefined }, 'Email is required'],
    [{ message: '   ' }, 'Message is required'],
  ])('answers 400 for %j with "%s" and stores nothing', async (change, text) => {
    const before = await messageCount()
    const res = await new Client(t.app).post('quick/message/', { ...message, ...change })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(text)
    expect(await messageCount()).toBe(before)
  })

  it('is 403 without the CSRF header', async () => {
    const res = await new Client(t.app).post('quick/message', message, { 'X-CSRFToken': '' })
    expect(res.status).toBe(403)
    expect(await messageCount()).toBe(seedMessages.length)
  })

  it('replays the same answer for a repeated Idempotency-Key and stores one message', async () => {
    const key = crypto.randomUUID()
    const visitor = new Client(t.app)
    const first = await visitor.post('quick/message/', message, { 'Idempotency-Key': key })
    const second = await visitor.post('quick/message/', message, { 'Idempotency-Key': key })
    expect(first.status).toBe(201)
    expectReplayOf(second, first)
    expect(await messageCount()).toBe(seedMessages.length + 1)
    // A logged-in caller with the same key is a separate scope.
    const customer = new Client(t.app)
    await customer.login(CUSTOMER)
    expect((await customer.post('quick/message/', message, { 'Idempotency-Key': key })).status).toBe(201)
    expect(await messageCount()).toBe(seedMessages.length + 2)
    expect((await customer.post('quick/message/', message, { 'Idempotency-Key': key })).status).toBe(201)
    expect(await messageCount()).toBe(seedMessages.length + 2)
  })

  it('refuses a malformed Idempotency-Key (400)', async () => {
    const res = await new Client(t.app).post('quick/message/', message, { 'Idempotency-Key': 'a b' })
    expect(res.status).toBe(400)
    expect(await messageCount()).toBe(seedMessages.length)
  })
})

describe('GET admins/messages/', () => {
  it('lists every message newest first with an ISO date', async () => {
    await new Client(t.app).post('quick/message/', message)
    const admin = new Client(t.app)
    await admin.login(ADMIN)
    const res = await admin.get('admins/messages/')
    expect(res.status).toBe(200)
    expect(res.body).toHaveLength(seedMessages.length + 1)
    for (const m of res.body) {
      expect(Object.keys(m).sort()).toEqual(['archived', 'date', 'email', 'id', 'message', 'name', 'read'])
      expect(new Date(m.date).toISOString()).toBe(m.date)
    }
    const dates = res.body.map((m: any) => m.date)
    expect(dates).toEqual([...dates].sort().reverse())
    expect(res.body[0].name).toBe('Kemi Lawal')
    // The seed's first message is the most recent of the seeded ones.
    expect(res.body[1].name).toBe(seedMessages[0].name)
  })

  it('is 401 logged out and 403 for a customer', async () => {
    expect((await new Client(t.app).get('admins/messages')).status).toBe(401)
    const customer = new Client(t.app)
    await customer.login(CUSTOMER)
    const res = await customer.get('admins/messages')
    expect(res.status).toBe(403)
    expect(res.body.message).toBeTruthy()
  })
})

describe('POST newsletter/', () => {
  it('subscribes (201) and recognises a repeat in any letter case (200)', async () => {
    const c = new Client(t.app)
    const first = await c.post('newsletter/', { email: 'Reader@Example.com' })
    expect(first.status).toBe(201)
    expect(first.body).toEqual({ message: 'Thank you for subscribing!' })
    const again = await c.post('newsletter', { email: 'reader@example.COM' })
    expect(again.status).toBe(200)
    expect(again.body).toEqual({ message: 'You are already subscribed.' })
    expect(await countOf('newsletter_subscribers')).toBe(1)
  })

  it('answers 400 for a bad email and 403 without CSRF', async () => {
    const c = new Client(t.app)
    const bad = await c.post('newsletter/', { email: 'nope' })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('Enter a valid email address')
    expect((await c.post('newsletter/', {})).body.message).toBe('Email is required')
    expect((await c.post('newsletter/', { email: 'a@b.ng' }, { 'X-CSRFToken': '' })).status).toBe(403)
    expect(await countOf('newsletter_subscribers')).toBe(0)
  })
})
