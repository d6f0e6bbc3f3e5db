import { sql, type KyselyPlugin } from 'kysely'
import { describe, expect, it } from 'vitest'
import { CUSTOMER, Client, countRows, expectReplayOf, lagosDay, lagosWeekday, appointment } from './helpers'
import { onEachLoggedInApp, t, admin, customer } from './app-per-test'
import { createApp } from '../../api/app'
import { createGateway } from '../../api/payments'

onEachLoggedInApp()

const bookingCount = () => countRows(t.db, 'bookings')
const statusOf = async (id: number) =>
  (await t.db.selectFrom('bookings').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status

/** Makes every notification insert fail (a full disk), on either engine, until the returned undo runs. */
async function failNotifications() {
  if (t.engine === 'postgres') {
    await sql
      .raw(
        `CREATE FUNCTION notifications_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$;
         CREATE TRIGGER notifications_fail BEFORE INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION notifications_fail();`,
      )
      .execute(t.db)
    return async () => {
      await sql
        .raw('DROP TRIGGER notifications_fail ON notifications; DROP FUNCTION notifications_fail();')
        .execute(t.db)
    }
  }
  await sql
    .raw(
      "CREATE TEMP TRIGGER notifications_fail BEFORE INSERT ON notifications BEGIN SELECT RAISE(ABORT, 'disk full'); END",
    )
    .execute(t.db)
  return async () => {
    await sql.raw('DROP TRIGGER notifications_fail').execute(t.db)
  }
}
const notificationsOf = async (c: Client) => (await c.get('users/notifications')).body as any[]
const uuid = () => crypto.randomUUID()

async function book(c: Client = customer, change: Record<string, unknown> = {}) {
  const res = await c.post('appointment/', appointment(change))
  expect(res.status).toBe(201)
  return res.body.id as number
}

describe('POST appointment/', () => {
  it("books (201) with the caller's name, the phone in E.164 and status Pending, and notifies them", async () => {
    const res = await customer.post('appointment/', appointment())
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      message: 'Your appointment has been booked. We will confirm it within 24 hours.',
      id: expect.any(Number),
      emergency: false,
    })
    const mine = (await customer.get('appointment')).body as any[]
    expect(mine.find((b) => b.id === res.body.id)).toEqual({
      id: res.body.id,
      full_name: 'Ada Customer',
      phone_number: '+2348031234567',
      service: 'fumigation',
      info: 'Cockroaches in the kitchen',
      date: lagosWeekday(3),
      time: '10:30',
      status: 'Pending',
      location: '3 Marina Road, Lagos Island',
      technician: null,
      job_status: null,
      report_url: null,
      emergency: false,
    })
    const [latest] = await notificationsOf(customer)
    expect(latest.heading).toBe('Appointment Received')
    expect(latest.body).toContain('fumigation')
  })

  it('accepts today (Lagos time) and uses the email when the account has no name', async () => {
    await t.db
      .updateTable('users')
      .set({ first_name: '', last_name: '' })
      .where('email', '=', CUSTOMER.email)
      .execute()
    // 23:59: the only time of today that has not passed whenever the suite runs (a passed one is refused).
    const id = await book(customer, { date: lagosDay(0), time: '23:59', service: 'cleaning' })
    const row = await t.db
      .selectFrom('bookings')
      .select(['full_name', 'service'])
      .where('id', '=', id)
      .executeTakeFirst()
    expect(row).toEqual({ full_name: CUSTOMER.email, service: 'cleaning' })
  })

  it.each([
    [{ date: lagosDay(-1) }, 'The date cannot be in the past'],
    [{ phone_number: '12345' }, 'Enter a Nigerian mobile number, e.g. 0803 123 4567 or +234 803 123 4567'],
    [{ service: 'gardening' }, 'Choose a service: fumigation or cleaning'],
    [{ location: '  ' }, 'Location is required'],
    [{ time: '25:00' }, 'Time is required'],
    [{ date: 'tomorrow' }, 'Date is required'],
    // Date.parse would roll these over to another day; a booking needs a day that exists.
    [{ date: `${Number(lagosDay(0).slice(0, 4)) + 1}-02-30` }, 'Enter a real date'],
    [{ date: `${Number(lagosDay(0).slice(0, 4)) + 1}-04-31` }, 'Enter a real date'],
  ])('answers 400 for %j with "%s" and books nothing', async (change, message) => {
    const before = await bookingCount()
    const res = await customer.post('appointment/', appointment(change))
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(message)
    expect(await bookingCount()).toBe(before)
  })

  it('is 401 logged out and 403 without CSRF', async () => {
    const before = await bookingCount()
    expect((await new Client(t.app).post('appointment/', appointment())).status).toBe(401)
    expect((await customer.post('appointment/', appointment(), { 'X-CSRFToken': '' })).status).toBe(403)
    expect(await bookingCount()).toBe(before)
  })

  it('replays the same answer for a repeated Idempotency-Key and books once', async () => {
    const before = await bookingCount()
    const key = uuid()
    const first = await customer.post('appointment/', appointment(), { 'Idempotency-Key': key })
    const second = await customer.post('appointment/', appointment(), { 'Idempotency-Key': key })
    expect(first.status).toBe(201)
    expectReplayOf(second, first)
    expect(await bookingCount()).toBe(before + 1)
    expect(
      (await notificationsOf(customer)).filter((n) => n.heading === 'Appointment Received'),
    ).toHaveLength(1)
    // Another caller with the same key is a separate scope: their booking is made.
    const third = await admin.post('appointment/', appointment(), { 'Idempotency-Key': key })
    expect(third.status).toBe(201)
    expect(third.body.id).not.toBe(first.body.id)
    expect(await bookingCount()).toBe(before + 2)
    // A new key books again.
    expect((await customer.post('appointment/', appointment(), { 'Idempotency-Key': uuid() })).status).toBe(
      201,
    )
    expect(await bookingCount()).toBe(before + 3)
  })
  it('books nothing when the notification cannot be written, so the retry with the same key books once', async () => {
    const before = await bookingCount()
    const key = uuid()
    const undo = await failNotifications()
    const failed = await customer.post('appointment/', appointment(), { 'Idempotency-Key': key })
    expect(failed.status).toBe(500)
    expect(failed.body.message).toBeTruthy()
    expect(await bookingCount()).toBe(before)
    await undo()
    const retried = await customer.post('appointment/', appointment(), { 'Idempotency-Key': key })
    expect(retried.status).toBe(201)
    expect(await bookingCount()).toBe(before + 1)
  })
})

describe('GET appointment/', () => {
  it('gives the admin every booking and a customer only their own, newest date first', async () => {
    const later = await book(customer, { date: lagosDay(20) })
    const sooner = await book(customer, { date: lagosDay(1) })
    const all = (await admin.get('appointment/')).body as any[]
    expect(all).toHaveLength(6)
    const mine = (await customer.get('appointment')).body as any[]
    // The seed gives the demo customer one booking.
    expect(mine).toHaveLength(3)
    expect(mine[0].id).toBe(later)
    expect(mine.map((b) => b.id)).toContain(sooner)
    const dates = all.map((b) => `${b.date} ${b.time}`)
    expect(dates).toEqual([...dates].sort().reverse())
  })

  it('is 401 logged out', async () => {
    expect((await new Client(t.app).get('appointment')).status).toBe(401)
  })

  it('lists 10,000 bookings in one indexed query', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      user_id: null,
      full_name: `Customer ${i}`,
      phone_number: '+2348031234567',
      location: 'Lagos',
      service: 'cleaning',
      date: lagosDay(i % 365),
      time: '09:00',
      info: '',
      status: 'Pending',
    }))
    await t.db.transaction().execute(async (trx) => {
      // In chunks: SQLite limits the bound values of one statement.
      for (let i = 0; i < rows.length; i += 500)
        await trx
          .insertInto('bookings')
          .values(rows.slice(i, i + 500))
          .execute()
    })
    // The same app over the same database, counting every query that names the bookings table.
    const bookingQueries: string[] = []
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => {
        const text = JSON.stringify(node)
        if (/"name":"bookings"/.test(text)) bookingQueries.push(node.kind)
        return node
      },
      transformResult: async ({ result }) => result,
    }
    const watched = new Client(
      createApp({ db: t.db.withPlugin(counting), config: t.config, gateway: createGateway(t.config) }),
    )
    watched.cookies = admin.cookies
    const res = await watched.get('appointment')
    expect(bookingQueries).toHaveLength(1)
    expect(res.status).toBe(200)
    expect(res.body).toHaveLength(10_004)
    expect(res.body[0].date >= res.body[res.body.length - 1].date).toBe(true)
    // The order the list asks for is the bookings_date index's (SQLite's plan; PostgreSQL's planner may
    // prefer a sort for a table this small, and says so in its own words).
    if (t.engine === 'sqlite') {
      const plan = await sql<{
        detail: string
      }>`EXPLAIN QUERY PLAN SELECT id FROM bookings ORDER BY date DESC, time DESC, id DESC`.execute(t.db)
      expect(plan.rows.map((r) => r.detail).join(' ')).toMatch(/bookings_date/)
    }
  })
})

describe('POST admins/actions/{id}/', () => {
  it('moves Pending -> Confirmed -> Completed, notifying the customer, then refuses (409)', async () => {
    const id = await book()
    const confirm = await admin.post(`admins/actions/${id}/`)
    expect(confirm.status).toBe(200)
    expect(confirm.body).toEqual({ message: 'Booking confirmed', status: 'Confirmed' })
    expect((await notificationsOf(customer))[0].heading).toBe('Appointment Confirmed')
    const complete = await admin.post(`admins/actions/${id}`)
    expect(complete.status).toBe(200)
    expect(complete.body).toEqual({ message: 'Booking marked as completed', status: 'Completed' })
    // The customer hears the service was completed, not that the booking moved a step.
    const [done] = await notificationsOf(customer)
    expect(done.heading).toBe('Service Completed')
    expect(done.body).toMatch(/completed your fumigation service/)
    const again = await admin.post(`admins/actions/${id}`)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('This booking is Completed and cannot be moved on.')
    const mine = (await customer.get('appointment')).body as any[]
    expect(mine.find((b) => b.id === id).status).toBe('Completed')
  })

  it('leaves the status alone when the notification fails, so the retry confirms rather than completes', async () => {
    const id = await book()
    const undo = await failNotifications()
    expect((await admin.post(`admins/actions/${id}/`)).status).toBe(500)
    await undo()
    const status = () => statusOf(id)
    expect(await status()).toBe('Pending')
    const retried = await admin.post(`admins/actions/${id}/`)
    expect(retried.body).toEqual({ message: 'Booking confirmed', status: 'Confirmed' })
    expect(await status()).toBe('Confirmed')
  })

  it('refuses a cancelled booking (409)', async () => {
    const id = await book()
    expect((await admin.delete(`admins/delete/${id}/booking`)).status).toBe(204)
    const res = await admin.post(`admins/actions/${id}`)
    expect(res.status).toBe(409)
    expect(res.body.status).toBe('Cancelled')
  })

  it('is 404 for an unknown id, 401 logged out, 403 for a customer or without CSRF', async () => {
    const id = await book()
    expect((await admin.post('admins/actions/99999')).status).toBe(404)
    expect((await new Client(t.app).post(`admins/actions/${id}`)).status).toBe(401)
    expect((await customer.post(`admins/actions/${id}`)).status).toBe(403)
    expect((await admin.post(`admins/actions/${id}`, undefined, { 'X-CSRFToken': '' })).status).toBe(403)
    expect(await statusOf(id)).toBe('Pending')
  })
})

describe('DELETE admins/delete/{id}/booking/', () => {
  it('keeps the booking as Cancelled (204), notifies the customer once, and a repeat is harmless', async () => {
    const id = await book()
    const before = await bookingCount()
    const res = await admin.delete(`admins/delete/${id}/booking/`)
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
    expect(await bookingCount()).toBe(before)
    const mine = (await customer.get('appointment')).body as any[]
    expect(mine.find((b) => b.id === id).status).toBe('Cancelled')
    expect((await notificationsOf(customer))[0].heading).toBe('Appointment Cancelled')
    expect((await admin.delete(`admins/delete/${id}/booking`)).status).toBe(204)
    expect(
      (await notificationsOf(customer)).filter((n) => n.heading === 'Appointment Cancelled'),
    ).toHaveLength(1)
  })

  it('refuses to cancel a completed booking (409)', async () => {
    const id = await book()
    await admin.post(`admins/actions/${id}`)
    await admin.post(`admins/actions/${id}`)
    const res = await admin.delete(`admins/delete/${id}/booking`)
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('A completed booking cannot be cancelled.')
  })

  it('is 404 for an unknown id, 401 logged out, 403 for a customer or without CSRF', async () => {
    const id = await book()
    expect((await admin.delete('admins/delete/99999/booking')).status).toBe(404)
    expect((await new Client(t.app).delete(`admins/delete/${id}/booking`)).status).toBe(401)
    expect((await customer.delete(`admins/delete/${id}/booking`)).status).toBe(403)
    expect((await admin.delete(`admins/delete/${id}/booking`, { 'X-CSRFToken': '' })).status).toBe(403)
    expect(await statusOf(id)).toBe('Pending')
  })
})
