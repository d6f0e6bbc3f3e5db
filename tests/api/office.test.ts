import { describe, expect, it } from 'vitest'
import { ADMIN, CUSTOMER, Client, lagosDay, lagosWeekday } from './helpers'
import { TECH, addTechnician, book, doJob, idempotencyKey } from './staff-helpers'
import { onEachLoggedInApp, t, admin, customer } from './app-per-test'
import { renderTemplate, type TemplateName } from '../../api/messaging/templates'
import { businessDay } from '../../contract/dates'

onEachLoggedInApp()

/** The device's clock as the suite's: the server's own clock, not the calendar the test runs on. */
const deviceNow = () => new Date(t.config.now()).toISOString()

/** Every queued email of a template, rendered as it will be sent, with its recipient. */
async function emails(template: TemplateName) {
  const rows = await t.db
    .selectFrom('message_queue')
    .select(['recipient', 'data'])
    .where('template', '=', template)
    .where('channel', '=', 'email')
    .orderBy('id')
    .execute()
  return rows.map((r) => ({
    to: r.recipient,
    ...renderTemplate(template, JSON.parse(r.data), (p) => `http://localhost:8080${p}`),
  }))
}

const notes = async (c: Client) =>
  (await c.get('users/notifications/')).body as { heading: string; body: string }[]
const adminRow = async (id: number) =>
  ((await admin.get('appointment/')).body as any[]).find((b) => b.id === id)

async function unableJob(reason = 'Gate locked, nobody home') {
  const tech = await addTechnician(t.app, admin)
  const id = await book(customer, { date: lagosWeekday(2), time: '10:00' })
  expect((await admin.post(`admins/bookings/${id}/assign/`, { staff_id: tech.id })).status).toBe(200)
  const res = await tech.client.post(
    `staff/jobs/${id}/events/`,
    { type: 'unable', note: reason, occurred_at: deviceNow() },
    idempotencyKey(),
  )
  expect(res.status).toBe(201)
  return { id, tech }
}

describe('a job the technician could not complete', () => {
  it('waits for the admin with its reason; the admins are told in the app and by email', async () => {
    const { id } = await unableJob()
    expect(await adminRow(id)).toMatchObject({
      status: 'Confirmed',
      needs_attention: true,
      unable_reason: 'Gate locked, nobody home',
      job_status: 'unable',
    })
    expect((await notes(admin))[0]).toMatchObject({ heading: 'Job Needs Attention' })
    expect((await notes(admin))[0].body).toContain('Femi Okon could not complete the fumigation job')
    expect((await notes(admin))[0].body).toContain('Gate locked, nobody home')
    const [mail] = await emails('admin_job_unable')
    expect(mail.to).toBe(ADMIN.email)
    expect(mail.subject).toMatch(/^Job needs attention: /)
    expect(mail.text).toContain('Reason: Gate locked, nobody home')
    expect(mail.text).toContain('08031234567')
    // The customer's own list does not carry the office's follow-up.
    const mine = ((await customer.get('appointment/')).body as any[]).find((b) => b.id === id)
    expect(mine).not.toHaveProperty('unable_reason')
    expect(mine).not.toHaveProperty('needs_attention')
  })

  it('cannot be marked as completed; reassigning clears it', async () => {
    const { id, tech } = await unableJob()
    const done = await admin.post(`admins/actions/${id}/`)
    expect(done.status).toBe(409)
    expect(done.body.message).toContain('Gate locked, nobody home')
    expect((await adminRow(id)).status).toBe('Confirmed')
    expect((await admin.post(`admins/bookings/${id}/assign/`, { staff_id: tech.id })).status).toBe(200)
    expect(await adminRow(id)).toMatchObject({
      needs_attention: false,
      unable_reason: null,
      job_status: 'assigned',
    })
  })

  it('rescheduling by the admin clears it and releases the technician; the customer is told', async () => {
    const { id } = await unableJob()
    const date = lagosWeekday(4)
    const res = await admin.post(`admins/bookings/${id}/reschedule/`, { date, time: '14:00' })
    expect(res.status).toBe(200)
    expect(res.body.message).toContain('assign a technician')
    expect(res.body.booking).toMatchObject({
      id,
      date,
      time: '14:00',
      status: 'Confirmed',
      needs_attention: false,
      technician: null,
    })
    expect((await notes(customer))[0]).toMatchObject({ heading: 'Appointment Rescheduled' })
    const [mail] = await emails('booking_rescheduled')
    expect(mail.to).toBe(CUSTOMER.email)
    expect(mail.text).toContain('2:00 PM')
  })

  it('cancelling clears it', async () => {
    const { id } = await unableJob()
    expect((await admin.delete(`admins/delete/${id}/booking/`)).status).toBe(204)
    expect(await adminRow(id)).toMatchObject({ status: 'Cancelled', needs_attention: false })
  })
})

describe('admins/bookings/{id}/reschedule/', () => {
  it('keeps a free technician, refuses a clash, checks the time like a booking and is for admins only', async () => {
    const tech = await addTechnician(t.app, admin)
    const day = lagosWeekday(2)
    const first = await book(customer, { date: day, time: '10:00' })
    const second = await book(customer, { date: day, time: '15:00' })
    for (const id of [first, second]) await admin.post(`admins/bookings/${id}/assign/`, { staff_id: tech.id })
    const clash = await admin.post(`admins/bookings/${second}/reschedule/`, { date: day, time: '11:00' })
    expect(clash.status).toBe(409)
    expect(clash.body.code).toBe('overlap')
    expect((await adminRow(second)).time).toBe('15:00')
    const past = await admin.post(`admins/bookings/${second}/reschedule/`, {
      date: lagosDay(-1),
      time: '11:00',
    })
    expect(past.status).toBe(400)
    expect(past.body.message).toBe('The date cannot be in the past')
    const moved = await admin.post(`admins/bookings/${second}/reschedule/`, { date: day, time: '13:00' })
    expect(moved.status).toBe(200)
    expect(moved.body.booking).toMatchObject({ time: '13:00', technician: { id: tech.id } })
    expect((await notes(tech.client))[0]).toMatchObject({ heading: 'Job Rescheduled' })
    const denied = await customer.post(`admins/bookings/${second}/reschedule/`, { date: day, time: '16:00' })
    expect(denied.status).toBe(403)
    expect((await admin.post('admins/bookings/99999/reschedule/', { date: day, time: '16:00' })).status).toBe(
      404,
    )
  })
})

describe('emergency call-outs', () => {
  it('the admins’ email says so in its subject with the phone; the customer is promised 2 to 4 hours', async () => {
    // 21:00 is outside the default working hours (09:00 to 19:00) on any day.
    const id = await book(customer, { date: lagosDay(2), time: '21:00', phone_number: '0803 555 0101' })
    expect((await adminRow(id)).emergency).toBe(true)
    const [alert] = await emails('admin_new_booking')
    expect(alert.to).toBe(ADMIN.email)
    expect(alert.subject).toMatch(/^Emergency call-out: /)
    expect(alert.subject).toContain('08035550101')
    expect(alert.text).toContain('within 2 to 4 hours')
    const [receipt] = await emails('booking_received')
    expect(receipt.to).toBe(CUSTOMER.email)
    expect(receipt.text).toContain('within 2 to 4 hours')
    expect(receipt.text).not.toContain('24 hours')
  })

  it('an ordinary booking keeps the ordinary subject and the 24-hour promise', async () => {
    await book(customer, { date: lagosWeekday(2), time: '10:00' })
    const [alert] = await emails('admin_new_booking')
    expect(alert.subject).toMatch(/^New booking: /)
    expect((await emails('booking_received'))[0].text).toContain('within 24 hours')
  })

  it('the technician’s job carries the flag', async () => {
    const tech = await addTechnician(t.app, admin)
    const id = await book(customer, { date: lagosDay(2), time: '21:00' })
    await admin.post(`admins/bookings/${id}/assign/`, { staff_id: tech.id })
    expect((await tech.client.get(`staff/jobs/${id}/`)).body.emergency).toBe(true)
    const ordinary = await book(customer, { date: lagosWeekday(3), time: '10:00' })
    await admin.post(`admins/bookings/${ordinary}/assign/`, { staff_id: tech.id })
    expect((await tech.client.get(`staff/jobs/${ordinary}/`)).body.emergency).toBe(false)
  })
})

describe('customer changes reach the office and the technician by email', () => {
  it('a cancellation and a reschedule each email every admin and the assigned technician', async () => {
    const tech = await addTechnician(t.app, admin)
    const old = lagosWeekday(3)
    const id = await book(customer, { date: old, time: '10:30' })
    await admin.post(`admins/bookings/${id}/assign/`, { staff_id: tech.id })
    const later = lagosWeekday(6)
    expect(
      (await customer.post(`appointment/${id}/reschedule/`, { date: later, time: '11:00' })).status,
    ).toBe(200)
    const moved = await emails('team_booking_rescheduled')
    expect(moved.map((m) => m.to).sort()).toEqual([ADMIN.email, TECH.email].sort())
    expect(moved[0].subject).toContain('11:00 AM')
    expect(moved[0].text).toMatch(/Was: .*10:30 AM/)
    expect(moved[0].text).toMatch(/Now: .*11:00 AM/)
    expect(moved[0].text).toContain('fumigation')
    expect((await customer.post(`appointment/${id}/cancel/`)).status).toBe(200)
    const cancelled = await emails('team_booking_cancelled')
    expect(cancelled.map((m) => m.to).sort()).toEqual([ADMIN.email, TECH.email].sort())
    expect(cancelled[0].subject).toMatch(/^Booking cancelled by the customer: /)
    expect(cancelled[0].text).toContain('11:00 AM')
  })

  it('without a technician only the admins are emailed', async () => {
    const id = await book(customer, { date: lagosWeekday(3), time: '10:30' })
    expect((await customer.post(`appointment/${id}/cancel/`)).status).toBe(200)
    expect((await emails('team_booking_cancelled')).map((m) => m.to)).toEqual([ADMIN.email])
  })
})

describe('money taken on site on the dashboard', () => {
  it('shows this month’s total and the latest payments, apart from the balance', async () => {
    const tech = await addTechnician(t.app, admin)
    const before = (await admin.get('get/stat')).body
    expect(before.taken_on_site).toMatchObject({ month_total: 0, month_count: 0, latest: [] })
    const doneJob = async (payment: Record<string, unknown> | undefined, occurredAt: string) => {
      const id = await book(customer, { date: lagosWeekday(2), time: '10:00' })
      await doJob({ admin, tech: tech.client, techId: tech.id }, id, { completion: { payment }, occurredAt })
      return id
    }
    const now = t.config.now()
    // Last month (Lagos): in the list, not in this month's total.
    const lastMonth = new Date(
      Date.parse(`${businessDay(new Date(now)).slice(0, 7)}-01T00:00:00+01:00`) - 3600_000,
    )
    await doneJob({ amount: 7000, method: 'cash' }, lastMonth.toISOString())
    const pos = await doneJob({ amount: 25000, method: 'pos', reference: 'POS-12' }, deviceNow())
    await doneJob(undefined, deviceNow())
    const stat = (await admin.get('get/stat')).body
    expect(stat.balance).toBe(before.balance)
    expect(stat.taken_on_site.month).toBe(businessDay(new Date(now)).slice(0, 7))
    expect(stat.taken_on_site.month_total).toBe(25000)
    expect(stat.taken_on_site.month_count).toBe(1)
    expect(stat.taken_on_site.latest).toHaveLength(2)
    expect(stat.taken_on_site.latest[0]).toMatchObject({
      booking_id: pos,
      customer: 'Ada Customer',
      service: 'fumigation',
      amount: 25000,
      method: 'pos',
      reference: 'POS-12',
      technician: 'Femi Okon',
    })
    expect(stat.taken_on_site.latest[1]).toMatchObject({ amount: 7000, method: 'cash' })
  })
})
