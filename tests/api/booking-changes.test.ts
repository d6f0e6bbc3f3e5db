import { describe, expect, it } from 'vitest'
import { ADMIN, Client, countRows, findUserId, lagosDay, lagosWeekday as weekday } from './helpers'
import { TECH, addTechnician } from './staff-helpers'
import { onEachLoggedInApp, t, admin, customer } from './app-per-test'

onEachLoggedInApp()

const appointment = (change: Record<string, unknown> = {}) => ({
  phone_number: '0803 123 4567',
  location: '3 Marina Road, Lagos Island',
  service: 'fumigation',
  date: weekday(3),
  time: '10:30',
  ...change,
})
async function book(c: Client = customer, change: Record<string, unknown> = {}) {
  const res = await c.post('appointment/', appointment(change))
  expect(res.status).toBe(201)
  return res.body as { id: number; emergency: boolean; message: string }
}
const latestNote = async (email: string) =>
  t.db
    .selectFrom('notifications')
    .select(['heading', 'body'])
    .where('user_id', '=', await findUserId(t.db, email))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
const row = (id: number) =>
  t.db
    .selectFrom('bookings')
    .select(['status', 'date', 'time', 'emergency'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

describe('booking times (Lagos time)', () => {
  it('refuses a time already past today, in the 12-hour format the picker shows', async () => {
    const res = await customer.post('appointment/', appointment({ date: lagosDay(0), time: '00:00' }))
    expect(res.status).toBe(400)
    expect(res.body.field).toBe('time')
    expect(res.body.message).toMatch(
      /^That time has passed: choose a time after \d{1,2}:\d{2} (AM|PM) today$/,
    )
  })

  it('refuses a date more than a year ahead', async () => {
    const res = await customer.post('appointment/', appointment({ date: lagosDay(367) }))
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/^Choose a date up to [A-Z][a-z]+ \d{1,2}, \d{4}$/)
  })

  it('books a time outside the working hours as an emergency call-out, and tells the admin', async () => {
    const booked = await book(customer, { time: '21:30' })
    expect(booked.emergency).toBe(true)
    expect(booked.message).toBe(
      'Your emergency call-out has been booked. We will respond within 2 to 4 hours.',
    )
    const mine = (await customer.get('appointment/')).body as { id: number; emergency: boolean }[]
    expect(mine.find((b) => b.id === booked.id)!.emergency).toBe(true)
    expect(await latestNote(ADMIN.email)).toMatchObject({ heading: 'Emergency Call-out' })
    expect((await latestNote(ADMIN.email)).body).toContain('9:30 PM')
    // Within the hours it is an ordinary booking.
    expect((await book(customer, { time: '09:00' })).emergency).toBe(false)
  })

  it('follows the hours the admin sets; only an admin sets them', async () => {
    const settings = {
      cutoff_hours: 24,
      work_start: '08:00',
      work_end: '22:00',
      work_days: [0, 1, 2, 3, 4, 5, 6],
    }
    expect((await customer.post('admins/booking-settings/', settings)).status).toBe(403)
    const bad = await admin.post('admins/booking-settings/', { ...settings, work_end: '07:00' })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('Closing time must be after opening time')
    expect((await admin.post('admins/booking-settings/', settings)).status).toBe(200)
    expect((await new Client(t.app).get('booking-settings/')).body).toEqual(settings)
    expect((await book(customer, { time: '21:30' })).emergency).toBe(false)
  })
})

describe('an admin books for a caller', () => {
  it("records the caller's name and phone, not the admin's, and no account", async () => {
    const { id } = await book(admin, { full_name: 'Chidi Caller', phone_number: '0812 000 1111' })
    const saved = await t.db
      .selectFrom('bookings')
      .select(['full_name', 'phone_number', 'user_id', 'booked_by'])
      .where('id', '=', id)
      .executeTakeFirst()
    expect(saved).toEqual({
      full_name: 'Chidi Caller',
      phone_number: '+2348120001111',
      user_id: null,
      booked_by: await findUserId(t.db, ADMIN.email),
    })
  })

  it('ignores full_name from a customer', async () => {
    const { id } = await book(customer, { full_name: 'Someone Else' })
    expect(
      (await t.db.selectFrom('bookings').select('full_name').where('id', '=', id).executeTakeFirst())
        ?.full_name,
    ).toBe('Ada Customer')
  })
})

describe('the customer cancels or reschedules their own booking', () => {
  it('cancels before the cut-off; the admin is told; again is harmless', async () => {
    const { id } = await book()
    const res = await customer.post(`appointment/${id}/cancel/`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'Booking cancelled', status: 'Cancelled' })
    expect((await row(id)).status).toBe('Cancelled')
    expect(await latestNote(ADMIN.email)).toMatchObject({ heading: 'Booking Cancelled by Customer' })
    expect((await latestNote(ADMIN.email)).body).toContain('10:30 AM')
    expect((await customer.post(`appointment/${id}/cancel/`)).status).toBe(200)
    // A cancelled booking cannot be moved.
    expect(
      (await customer.post(`appointment/${id}/reschedule/`, { date: weekday(5), time: '11:00' })).status,
    ).toBe(409)
  })

  it('the technician assigned to the booking is told too, and the customer gets the rescheduled message', async () => {
    const tech = await addTechnician(t.app, admin)
    const { id } = await book()
    expect((await admin.post(`admins/bookings/${id}/assign/`, { staff_id: tech.id })).status).toBe(200)
    expect(
      (await customer.post(`appointment/${id}/reschedule/`, { date: weekday(5), time: '11:00' })).status,
    ).toBe(200)
    expect(await latestNote(TECH.email)).toMatchObject({ heading: 'Booking Rescheduled by Customer' })
    expect(await countRows(t.db, 'message_queue', ['template', 'booking_rescheduled'])).toBeGreaterThan(0)
    expect((await customer.post(`appointment/${id}/cancel/`)).status).toBe(200)
    expect(await latestNote(TECH.email)).toMatchObject({ heading: 'Booking Cancelled by Customer' })
  })

  it('reschedules: the new time is checked like a booking, the booking waits for confirmation again', async () => {
    const { id } = await book()
    await admin.post(`admins/actions/${id}/`) // Confirmed
    const past = await customer.post(`appointment/${id}/reschedule/`, { date: lagosDay(-1), time: '11:00' })
    expect(past.status).toBe(400)
    expect(past.body.message).toBe('The date cannot be in the past')
    const res = await customer.post(`appointment/${id}/reschedule/`, { date: weekday(5), time: '11:00' })
    expect(res.status).toBe(200)
    expect(res.body.booking).toMatchObject({
      id,
      date: weekday(5),
      time: '11:00',
      status: 'Pending',
      emergency: false,
    })
    expect(await latestNote(ADMIN.email)).toMatchObject({ heading: 'Booking Rescheduled by Customer' })
    expect((await latestNote('customer@test.ng')).heading).toBe('Appointment Rescheduled')
  })

  it('refuses after the cut-off (409) and changes nothing', async () => {
    const { id } = await book()
    await admin.post('admins/booking-settings/', {
      cutoff_hours: 168,
      work_start: '09:00',
      work_end: '19:00',
      work_days: [1, 2, 3, 4, 5],
    })
    const res = await customer.post(`appointment/${id}/cancel/`)
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('Bookings can only be changed up to 168 hours before. Please call us.')
    expect((await row(id)).status).toBe('Pending')
  })

  it('refuses a new time inside the notice for changes (400 on time), and changes nothing', async () => {
    const { id } = await book(customer, { date: weekday(10) })
    await admin.post('admins/booking-settings/', {
      cutoff_hours: 48,
      work_start: '09:00',
      work_end: '19:00',
      work_days: [1, 2, 3, 4, 5],
    })
    // Tomorrow at 10:00 is between 10 and 34 hours away, whatever the hour: inside 48.
    const soon = await customer.post(`appointment/${id}/reschedule/`, { date: lagosDay(1), time: '10:00' })
    expect(soon.status).toBe(400)
    expect(soon.body).toMatchObject({
      message: 'The new time must be at least 48 hours from now. Choose a later time, or call us.',
      field: 'time',
    })
    expect(await row(id)).toMatchObject({ date: weekday(10), status: 'Pending' })
    const later = await customer.post(`appointment/${id}/reschedule/`, { date: weekday(5), time: '11:00' })
    expect(later.status).toBe(200)
  })

  it("answers 404 for someone else's booking and 401 logged out", async () => {
    const { id } = await book(admin, { full_name: 'Chidi Caller' })
    expect((await customer.post(`appointment/${id}/cancel/`)).status).toBe(404)
    expect((await new Client(t.app).post(`appointment/${id}/cancel/`)).status).toBe(401)
    expect((await row(id)).status).toBe('Pending')
  })
})
