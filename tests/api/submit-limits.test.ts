import { afterEach, describe, expect, it } from 'vitest'
import { createApp } from '../../api/app'
import type { AppConfig } from '../../api/config'
import type { OpenedDatabase } from '../../api/db'
import { createGateway } from '../../api/payments'
import { ADMIN, CUSTOMER, Client, makeTestApp, type TestContext, appointment } from './helpers'
import { secondInstance } from './instances'

let t: TestContext
let second: OpenedDatabase | undefined
afterEach(async () => {
  await second?.close()
  second = undefined
  await t.close()
})

/** A fresh app whose forms allow `perAddress` per address per hour and `perAccount` per account per minute. */
const limitedApp = (perAddress: number, perAccount: number, overrides: Partial<AppConfig> = {}) =>
  makeTestApp({ trustProxyHops: 1, submitLimits: { perAddress, perAccount }, ...overrides })

/** Moves the app's clock `ms` on from where it is now. */
function advance(ms: number) {
  const at = t.config.now() + ms
  t.config.now = () => at
}

const from = (ip: string) => ({ 'X-Forwarded-For': ip })

const message = (c: Client, ip: string, n = 0, headers: Record<string, string> = {}) =>
  c.post(
    'quick/message/',
    { name: 'Ada', email: `ada${n}@test.ng`, message: `Hello number ${n}` },
    { ...from(ip), ...headers },
  )

async function loggedIn(account: { email: string; password: string }, app = t.app) {
  const c = new Client(app)
  await c.login(account)
  return c
}

const bookingsOf = async (email: string) =>
  Number(
    (
      await t.db
        .selectFrom('bookings as b')
        .innerJoin('users as u', 'u.id', 'b.user_id')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('u.email', '=', email)
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('quick/message/ per address', () => {
  it('refuses a burst past the limit with 429, Retry-After and a clear message; another address still sends', async () => {
    t = await limitedApp(3, 100)
    const visitor = new Client(t.app)
    for (let i = 0; i < 3; i++) expect((await message(visitor, '102.89.1.1', i)).status).toBe(201)
    const refused = await message(visitor, '102.89.1.1', 3)
    expect(refused.status).toBe(429)
    expect(refused.body.message).toBe('Too many messages from this connection. Try again in 60 minutes.')
    expect(Number(refused.headers.get('Retry-After'))).toBe(3600)
    // Nothing was stored or emailed for the refused one.
    const stored = await t.db
      .selectFrom('messages')
      .select('message')
      .where('message', 'like', 'Hello number%')
      .execute()
    expect(stored).toHaveLength(3)
    // A phone on another address is not affected.
    expect((await message(new Client(t.app), '197.210.2.2', 9)).status).toBe(201)
  })

  it('the window passes: the same address may send again, and Retry-After counts down', async () => {
    t = await limitedApp(2, 100)
    const visitor = new Client(t.app)
    for (let i = 0; i < 2; i++) expect((await message(visitor, '102.89.1.2', i)).status).toBe(201)
    advance(45 * 60_000)
    const refused = await message(visitor, '102.89.1.2', 2)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toBe(String(15 * 60))
    expect(refused.body.message).toBe('Too many messages from this connection. Try again in 15 minutes.')
    advance(15 * 60_000)
    expect((await message(visitor, '102.89.1.2', 3)).status).toBe(201)
  })

  it('a logged-in sender is also limited per account, whatever address they come from', async () => {
    t = await limitedApp(100, 2)
    const customer = await loggedIn(CUSTOMER)
    expect((await message(customer, '102.89.1.3', 0)).status).toBe(201)
    expect((await message(customer, '102.89.1.4', 1)).status).toBe(201)
    const refused = await message(customer, '102.89.1.5', 2)
    expect(refused.status).toBe(429)
    expect(refused.body.message).toBe('Too many messages from this account. Try again in 1 minute.')
    expect(Number(refused.headers.get('Retry-After'))).toBe(60)
    // Someone else on that same address is fine.
    expect((await message(new Client(t.app), '102.89.1.5', 3)).status).toBe(201)
    advance(61_000)
    expect((await message(customer, '102.89.1.5', 4)).status).toBe(201)
  })
})

describe('appointment/ per account', () => {
  it('a customer booking in a burst is stopped; another customer on the same address is not', async () => {
    t = await limitedApp(100, 3)
    const customer = await loggedIn(CUSTOMER)
    const before = await bookingsOf(CUSTOMER.email)
    for (let i = 0; i < 3; i++) {
      expect((await customer.post('appointment/', appointment(), from('102.89.2.1'))).status).toBe(201)
    }
    const refused = await customer.post('appointment/', appointment(), from('102.89.2.1'))
    expect(refused.status).toBe(429)
    expect(refused.body.message).toBe('Too many bookings from this account. Try again in 1 minute.')
    expect(refused.headers.get('Retry-After')).toBe('60')
    expect(await bookingsOf(CUSTOMER.email)).toBe(before + 3)

    const neighbour = new Client(t.app)
    expect(
      (
        await neighbour.post('register/', {
          fullName: 'Bola Ade',
          email: 'bola@test.ng',
          password: 'password-123',
        })
      ).status,
    ).toBe(200)
    await neighbour.login({ email: 'bola@test.ng', password: 'password-123' })
    expect((await neighbour.post('appointment/', appointment(), from('102.89.2.1'))).status).toBe(201)
  })

  it('an admin booking for callers is not limited', async () => {
    t = await limitedApp(2, 2)
    const admin = await loggedIn(ADMIN)
    for (let i = 0; i < 4; i++) {
      const res = await admin.post(
        'appointment/',
        { ...appointment(), full_name: `Caller ${i}` },
        from('102.89.2.2'),
      )
      expect(res.status).toBe(201)
    }
  })

  it('a replayed request already answered gets its stored answer, not 429; a refused one is processed once the window passes', async () => {
    t = await limitedApp(100, 1)
    const customer = await loggedIn(CUSTOMER)
    const first = crypto.randomUUID()
    const booked = await customer.post('appointment/', appointment(), {
      ...from('102.89.2.3'),
      'Idempotency-Key': first,
    })
    expect(booked.status).toBe(201)
    // The device's outbox sends it again (its answer was lost): the stored 201, with the same booking.
    const replay = await customer.post('appointment/', appointment(), {
      ...from('102.89.2.3'),
      'Idempotency-Key': first,
    })
    expect(replay.status).toBe(201)
    expect(replay.body.id).toBe(booked.body.id)
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true')

    const second = crypto.randomUUID()
    const refused = await customer.post('appointment/', appointment(), {
      ...from('102.89.2.3'),
      'Idempotency-Key': second,
    })
    expect(refused.status).toBe(429)
    // "Try later" is not the key's final answer: after the wait the same entry is booked.
    advance(61_000)
    const later = await customer.post('appointment/', appointment(), {
      ...from('102.89.2.3'),
      'Idempotency-Key': second,
    })
    expect(later.status).toBe(201)
    expect(later.body.id).not.toBe(booked.body.id)
  })
})

describe('register/ and newsletter/', () => {
  const register = (email: string, ip: string) =>
    new Client(t.app).post('register/', { fullName: 'Bola Ade', email, password: 'password-123' }, from(ip))

  it('sign-ups are limited per address and per email', async () => {
    t = await limitedApp(3, 2)
    for (const email of ['one@test.ng', 'two@test.ng', 'three@test.ng']) {
      expect((await register(email, '102.89.3.1')).status, email).toBe(200)
    }
    const busy = await register('four@test.ng', '102.89.3.1')
    expect(busy.status).toBe(429)
    expect(busy.body.message).toBe('Too many sign-ups from this connection. Try again in 60 minutes.')
    expect(
      await t.db.selectFrom('users').select('id').where('email', '=', 'four@test.ng').executeTakeFirst(),
    ).toBeUndefined()
    expect((await register('four@test.ng', '102.89.3.2')).status).toBe(200)

    // One email tried again and again from many addresses (each try costs a password hash).
    expect((await register('Five@test.ng', '102.89.4.1')).status).toBe(200)
    expect((await register('five@test.ng', '102.89.4.2')).status).toBe(409)
    const again = await register('FIVE@test.ng', '102.89.4.3')
    expect(again.status).toBe(429)
    expect(again.body.message).toBe('Too many sign-ups for this email address. Try again in 1 minute.')
    expect(again.headers.get('Retry-After')).toBe('60')
  })

  it('newsletter sign-ups are limited per address', async () => {
    t = await limitedApp(2, 5)
    const visitor = new Client(t.app)
    expect((await visitor.post('newsletter/', { email: 'n1@test.ng' }, from('102.89.5.1'))).status).toBe(201)
    expect((await visitor.post('newsletter/', { email: 'n2@test.ng' }, from('102.89.5.1'))).status).toBe(201)
    const refused = await visitor.post('newsletter/', { email: 'n3@test.ng' }, from('102.89.5.1'))
    expect(refused.status).toBe(429)
    expect(refused.body.message).toBe('Too many sign-ups from this connection. Try again in 60 minutes.')
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect((await visitor.post('newsletter/', { email: 'n3@test.ng' }, from('102.89.5.2'))).status).toBe(201)
  })

  it('a bad request is refused as bad and not counted', async () => {
    t = await limitedApp(1, 5)
    const visitor = new Client(t.app)
    for (let i = 0; i < 3; i++) {
      expect((await visitor.post('newsletter/', { email: 'not-an-email' }, from('102.89.5.3'))).status).toBe(
        400,
      )
    }
    expect((await visitor.post('newsletter/', { email: 'n4@test.ng' }, from('102.89.5.3'))).status).toBe(201)
  })
})

describe('several instances over one database', () => {
  it('submissions on instance A and instance B count together', async () => {
    t = await limitedApp(4, 100)
    second = t.connectAgain()
    const other = createApp({ db: second.db, config: t.config, gateway: createGateway(t.config) })
    const a = new Client(t.app)
    const b = new Client(other)
    // Alternating: each instance alone has seen only two.
    for (let i = 0; i < 4; i++) expect((await message(i % 2 ? b : a, '102.89.6.1', i)).status).toBe(201)
    for (const instance of [a, b]) {
      const refused = await message(instance, '102.89.6.1', 9)
      expect(refused.status).toBe(429)
      expect(refused.headers.get('Retry-After')).toBe('3600')
    }
  })

  it('submissions arriving at the same moment on two instances never get past the limit together', async () => {
    t = await limitedApp(5, 100)
    // Over the same pool: two SQLite connections writing at once would only show SQLite's busy lock.
    const other = secondInstance(t)
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => message(new Client(i % 2 ? other : t.app), '102.89.6.2', i)),
    )
    expect(answers.filter((r) => r.status === 201)).toHaveLength(5)
    expect(answers.filter((r) => r.status === 429)).toHaveLength(7)
  })
})
