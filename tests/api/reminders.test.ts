import { describe, expect, it } from 'vitest'
import { sendDueReminders } from '../../api/lib/reminders'
import { signLink } from '../../api/lib/signed-links'
import { testEngine } from './test-database'
import { Client, countRows, lagosDay } from './helpers'
import { queuedData } from './messaging-helpers'
import { at, book } from './staff-helpers'
import { onEachTechnicianApp, t, admin, customer, tech, techId } from './app-per-test'

onEachTechnicianApp()

/** An instant on today's Lagos date (the suite's day), at `hhmm` Lagos time. */
const todayAt = (hhmm: string) => Date.parse(`${lagosDay(0)}T${hhmm}:00+01:00`)
const reminders = () => countRows(t.db, 'message_queue', ['template', 'booking_reminder'])

/** The link of the reminder the customer was sent for the booking. */
async function reminderLink() {
  const [reminder] = await queuedData(t.db, 'booking_reminder')
  const link = reminder.link
  expect(link).toMatch(/^\/r\/booking\./)
  return link.slice('/r/'.length)
}

/** The admin sets how many hours before a visit it can no longer be moved or cancelled; working hours stay 09:00–19:00, Monday to Friday. */
async function setCutoffHours(hours: number) {
  const res = await admin.post('admins/booking-settings/', {
    cutoff_hours: hours,
    work_start: '09:00',
    work_end: '19:00',
    work_days: [1, 2, 3, 4, 5],
  })
  expect(res.status).toBe(200)
}

describe('the day-before reminder', () => {
  it('goes once at the reminder time, also from two instances at once and after a restart', async () => {
    const id = await book(customer, { date: lagosDay(1), time: '10:00' })
    await book(customer, { date: lagosDay(2), time: '10:00' }) // the day after: not yet
    const cancelled = await book(customer, { date: lagosDay(1), time: '14:00' })
    expect((await customer.post(`appointment/${cancelled}/cancel/`)).status).toBe(200)

    expect(await sendDueReminders(t.db, todayAt('08:59'), '09:00')).toBe(0)
    const again = testEngine === 'postgres' && process.env.TEST_DB === 'postgres' ? t.connectAgain() : null
    try {
      const sent = await Promise.all([
        sendDueReminders(t.db, todayAt('09:00'), '09:00'),
        sendDueReminders(again?.db ?? t.db, todayAt('09:00'), '09:00'),
      ])
      expect(sent[0] + sent[1]).toBe(1)
    } finally {
      await again?.close()
    }
    // A restart's first pass, later that day: nothing more.
    expect(await sendDueReminders(t.db, todayAt('15:00'), '09:00')).toBe(0)
    expect(await reminders()).toBe(1)
    const notes = (await customer.get('users/notifications/')).body as {
      heading: string
      link: string | null
    }[]
    expect(notes.filter((n) => n.heading === 'Visit Tomorrow')).toHaveLength(1)
    const claimed = await t.db
      .selectFrom('bookings')
      .select(['id', 'reminder_sent_at'])
      .where('id', '=', id)
      .execute()
    expect(claimed[0].reminder_sent_at).not.toBeNull()
  })

  it('never goes at night: not from 20:00, not before 08:00, even with an early reminder time', async () => {
    await book(customer, { date: lagosDay(1), time: '10:00' })
    expect(await sendDueReminders(t.db, todayAt('20:00'), '09:00')).toBe(0)
    expect(await sendDueReminders(t.db, todayAt('23:30'), '09:00')).toBe(0)
    expect(await sendDueReminders(t.db, todayAt('07:45'), '07:00')).toBe(0)
    expect(await reminders()).toBe(0)
    // Missed in the morning (the server was down): it still goes in the afternoon.
    expect(await sendDueReminders(t.db, todayAt('16:10'), '09:00')).toBe(1)
  })
})

describe('the reminder’s link, without logging in', () => {
  it('confirms once, and the technician’s sheet shows it', async () => {
    const id = await book(customer, { date: lagosDay(1), time: '10:00' })
    expect((await admin.post(`admins/bookings/${id}/assign/`, { staff_id: techId })).status).toBe(200)
    await sendDueReminders(t.db, todayAt('09:30'), '09:00')
    const token = await reminderLink()
    const link = new Client(t.app)
    const opened = await link.get(`booking-links/${token}/`)
    expect(opened.status).toBe(200)
    expect(opened.body).toMatchObject({
      booking: { id, date: lagosDay(1), time: '10:00' },
      confirmedAt: null,
    })
    const yes = await link.post(`booking-links/${token}/confirm/`)
    expect(yes.status).toBe(200)
    expect(yes.body.message).toMatch(/^Thank you: we will see you on .+ at 10:00 AM\.$/)
    expect(yes.body.view.confirmedAt).toBeTruthy()
    expect((await link.post(`booking-links/${token}/confirm/`)).body.view.confirmedAt).toBe(
      yes.body.view.confirmedAt,
    )
    expect((await tech.get(`staff/jobs/${id}/`)).body.customer_confirmed).toBe(true)
    // The technician hears of it once.
    const techNotes = (await tech.get('users/notifications/')).body as { heading: string }[]
    expect(techNotes.filter((n) => n.heading === 'Customer Confirmed')).toHaveLength(1)
  })

  it('reschedules within the rules (a new reminder for the new day), and refuses after the cut-off', async () => {
    const id = await book(customer, { date: lagosDay(1), time: '10:00' })
    await sendDueReminders(t.db, todayAt('09:30'), '09:00')
    const token = await reminderLink()
    const link = new Client(t.app)
    // A cut-off of 0 hours: it can still move.
    await setCutoffHours(0)
    const moved = await link.post(`booking-links/${token}/reschedule/`, { date: lagosDay(3), time: '11:00' })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(moved.body.view.booking).toMatchObject({ date: lagosDay(3), time: '11:00', status: 'Pending' })
    const row = await t.db
      .selectFrom('bookings')
      .select(['reminder_sent_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row.reminder_sent_at).toBeNull()

    // A cut-off of two days: a visit tomorrow can no longer be moved or cancelled here.
    const soon = await book(customer, { date: lagosDay(1), time: '12:00' })
    const soonToken = await signLink(t.db, 'booking', soon, Date.parse(`${lagosDay(1)}T12:00:00+01:00`))
    await setCutoffHours(48)
    const view = (await link.get(`booking-links/${soonToken}/`)).body
    expect(view.changeRefusal).toMatch(/48 hours/)
    const refused = await link.post(`booking-links/${soonToken}/cancel/`)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(view.changeRefusal)
  })

  it('is refused once the visit has started, and for a link that is not ours', async () => {
    const id = await book(customer, { date: lagosDay(1), time: '10:00' })
    const expired = await signLink(t.db, 'booking', id, Date.parse(at()) - 1000)
    expect((await new Client(t.app).get(`booking-links/${expired}/`)).status).toBe(410)
    expect((await new Client(t.app).get(`booking-links/booking.${id}.9999999999.forged/`)).status).toBe(404)
  })
})
