import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Client, countRows, expireLease, makeLoggedInApp, productsInStock, type TestContext } from './helpers'
import { addTechnician, at, book, completion, lagosDay, photoForm, treatment, uuid } from './staff-helpers'

/**
 * The answer to a request with an Idempotency-Key is stored in the same transaction as the writes it
 * answers (answerOnce). Before, it was stored by a separate statement after the handler's commit: a
 * process killed in between left the work done and the key unanswered, and the phone's retry after
 * the lease did it all a second time. A trigger that refuses to store answers stands in for that kill
 * here: it fails the store at exactly that moment, deterministically, on both engines.
 */

let t: TestContext
let admin: Client
let customer: Client
let tech: Client
let techId: number
const dropAfter: string[] = []

beforeEach(async () => {
  ;({ t, admin, customer } = await makeLoggedInApp())
  ;({ client: tech, id: techId } = await addTechnician(t.app, admin))
})
afterEach(async () => {
  // PGlite keeps one database per file (only the rows are reset between tests): remove what a test added.
  for (const name of dropAfter.splice(0)) {
    if (t.engine === 'postgres') {
      await sql.raw(`DROP TRIGGER IF EXISTS ${name} ON ${name.split('__')[1]}`).execute(t.db)
      await sql.raw(`DROP FUNCTION IF EXISTS ${name}()`).execute(t.db)
    } else await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(t.db)
  }
  await t.close()
})

/** A trigger on `table` running `statement` (one SQL statement, the same on both engines). */
async function addTrigger(
  name: string,
  table: string,
  when: { timing: 'BEFORE' | 'AFTER'; event: 'INSERT' | 'UPDATE'; condition?: string },
  statement: { sqlite: string; postgres: string },
) {
  const full = `${name}__${table}`
  dropAfter.push(full)
  const condition = when.condition ? ` WHEN (${when.condition})` : ''
  if (t.engine === 'postgres') {
    await sql
      .raw(
        `CREATE FUNCTION ${full}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${statement.postgres}; RETURN NULL; END $$`,
      )
      .execute(t.db)
    await sql
      .raw(
        `CREATE TRIGGER ${full} ${when.timing} ${when.event} ON ${table} FOR EACH ROW${condition} EXECUTE FUNCTION ${full}()`,
      )
      .execute(t.db)
  } else {
    await sql
      .raw(
        `CREATE TRIGGER ${full} ${when.timing} ${when.event} ON ${table}${condition} BEGIN ${statement.sqlite}; END`,
      )
      .execute(t.db)
  }
  return async () => {
    dropAfter.splice(dropAfter.indexOf(full), 1)
    if (t.engine === 'postgres') {
      await sql.raw(`DROP TRIGGER ${full} ON ${table}`).execute(t.db)
      await sql.raw(`DROP FUNCTION ${full}()`).execute(t.db)
    } else await sql.raw(`DROP TRIGGER ${full}`).execute(t.db)
  }
}

/** Every attempt to store an answer fails, as a process killed right after the handler's commit would. */
async function refuseAnswers() {
  // The server logs each refusal as a 500; expected here.
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
  const drop = await addTrigger(
    'refuse_answer',
    'idempotency_keys',
    { timing: 'BEFORE', event: 'UPDATE', condition: 'NEW.status IS NOT NULL' },
    {
      sqlite: "SELECT RAISE(ABORT, 'answer not stored')",
      postgres: "RAISE EXCEPTION 'answer not stored'",
    },
  )
  return async () => {
    quiet.mockRestore()
    await drop()
  }
}

type Counted =
  | 'bookings'
  | 'messages'
  | 'cart_items'
  | 'job_assignments'
  | 'job_events'
  | 'job_treatments'
  | 'job_photos'
  | 'job_reports'
const count = (table: Counted) => countRows(t.db, table)

async function assignedJob() {
  const id = await book(customer)
  expect((await admin.post(`admins/bookings/${id}/assign/`, { staff_id: techId })).status).toBe(200)
  return id
}

interface Call {
  name: string
  table: Counted
  status: number
  /** Makes what the call needs, and returns the call itself (the same request each time it is sent). */
  prepare: () => Promise<(key: string) => ReturnType<Client['post']>>
}

/** The technician's POST of `body` to staff/jobs/{id}/<step>/ of a job assigned to them, creating a row of `table`. */
const jobWrite = (step: string, what: string, table: Counted, body: () => unknown): Call => ({
  name: `POST staff/jobs/{id}/${step}/ (${what})`,
  table,
  status: 201,
  prepare: async () => {
    const id = await assignedJob()
    const sent = body()
    return (key) => tech.post(`staff/jobs/${id}/${step}/`, sent, { 'Idempotency-Key': key })
  },
})

/** Each call behind `idempotent` that writes: how to send it once more with the same key, and what it creates. */
const calls: Call[] = [
  {
    name: 'POST appointment/ (a booking)',
    table: 'bookings',
    status: 201,
    prepare: async () => {
      const body = { phone_number: '08031234567', location: '1 Broad Street', service: 'cleaning' }
      const date = lagosDay(3)
      return (key) =>
        customer.post('appointment/', { ...body, date, time: '09:00', info: '' }, { 'Idempotency-Key': key })
    },
  },
  {
    name: 'POST quick/message/ (a contact message)',
    table: 'messages',
    status: 201,
    prepare: async () => {
      const visitor = new Client(t.app)
      const body = { name: 'Ada', email: 'ada@test.ng', message: 'Please call me back.' }
      return (key) => visitor.post('quick/message/', body, { 'Idempotency-Key': key })
    },
  },
  {
    name: 'POST cart/set/ (a cart line)',
    table: 'cart_items',
    status: 200,
    prepare: async () => {
      const [product] = await productsInStock(t.db, 1, 2)
      await t.db.deleteFrom('cart_items').execute()
      return (key) => customer.post('cart/set/', { id: product.id, quantity: 2 }, { 'Idempotency-Key': key })
    },
  },
  {
    name: 'POST admins/bookings/{id}/assign/ (an assignment)',
    table: 'job_assignments',
    status: 200,
    prepare: async () => {
      const id = await book(customer)
      return (key) =>
        admin.post(`admins/bookings/${id}/assign/`, { staff_id: techId }, { 'Idempotency-Key': key })
    },
  },
  jobWrite('events', 'a job event', 'job_events', () => ({ type: 'on_my_way', occurred_at: at() })),
  jobWrite('treatments', 'a treatment', 'job_treatments', treatment),
  jobWrite('photos', 'a photo', 'job_photos', () => photoForm(uuid())),
  {
    name: 'POST staff/jobs/{id}/complete/ (a completion and its report)',
    table: 'job_reports',
    status: 201,
    prepare: async () => {
      const id = await assignedJob()
      const arrived = { type: 'arrived', occurred_at: at() }
      expect(
        (await tech.post(`staff/jobs/${id}/events/`, arrived, { 'Idempotency-Key': uuid() })).status,
      ).toBe(201)
      const body = completion()
      return (key) => tech.post(`staff/jobs/${id}/complete/`, body, { 'Idempotency-Key': key })
    },
  },
]

describe('the answer to an Idempotency-Key is stored with the writes it answers', () => {
  for (const call of calls) {
    it(`${call.name}: an answer that could not be stored takes the writes with it, and the retry after the lease does them once`, async () => {
      const send = await call.prepare()
      const key = uuid()
      const before = await count(call.table)

      const allowAnswers = await refuseAnswers()
      const failed = await send(key)
      await allowAnswers()
      expect(failed.status).toBe(500)
      // Neither the writes nor the answer: nothing done that a retry could do again.
      expect(await count(call.table)).toBe(before)
      const answered = await t.db
        .selectFrom('idempotency_keys')
        .select('status')
        .where('key', '=', key)
        .where('status', 'is not', null)
        .executeTakeFirst()
      expect(answered).toBeUndefined()

      // The phone retries, after the lease if a claim were left behind: processed once, then replayed.
      await expireLease(t.db, key)
      const retried = await send(key)
      expect(retried.status).toBe(call.status)
      expect(await count(call.table)).toBe(before + 1)
      const replayed = await send(key)
      expect(replayed.status).toBe(call.status)
      expect(replayed.headers.get('Idempotent-Replayed')).toBe('true')
      expect(replayed.body).toEqual(retried.body)
      expect(await count(call.table)).toBe(before + 1)
    })
  }

  it('a request whose claim was taken over while it ran commits nothing and answers 409 in_progress', async () => {
    const visitor = new Client(t.app)
    const body = { name: 'Ada', email: 'ada@test.ng', message: 'Please call me back.' }
    const key = uuid()
    const before = await count('messages')
    // Another request with the same key re-claims it (our lease ran out) while this one is writing.
    const stealClaim = 'UPDATE idempotency_keys SET lease_until = lease_until + 1 WHERE status IS NULL'
    const stopStealing = await addTrigger(
      'steal_claim',
      'messages',
      { timing: 'AFTER', event: 'INSERT' },
      { sqlite: stealClaim, postgres: stealClaim },
    )
    const lost = await visitor.post('quick/message/', body, { 'Idempotency-Key': key })
    await stopStealing()
    expect(lost.status).toBe(409)
    expect(lost.body.code).toBe('in_progress')
    expect(Number(lost.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await count('messages')).toBe(before)

    // Once the request that took the key over is gone too (its lease run out), the key is processed once.
    await expireLease(t.db, key)
    const retried = await visitor.post('quick/message/', body, { 'Idempotency-Key': key })
    expect(retried.status).toBe(201)
    expect(await count('messages')).toBe(before + 1)
    const replayed = await visitor.post('quick/message/', body, { 'Idempotency-Key': key })
    expect(replayed.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await count('messages')).toBe(before + 1)
  })

  it('an answer without writes (a validation 400) is still stored and replayed', async () => {
    const key = uuid()
    const first = await customer.post('appointment/', { service: 'cleaning' }, { 'Idempotency-Key': key })
    expect(first.status).toBe(400)
    const again = await customer.post('appointment/', { service: 'cleaning' }, { 'Idempotency-Key': key })
    expect(again.status).toBe(400)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(again.body).toEqual(first.body)
  })
})
