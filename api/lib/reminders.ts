import type { Database } from '../db/index.js'
import { affectedRows } from '../db/dialect.js'
import { addDays, businessDay, businessDateTime } from '../../contract/dates.js'
import { bookingStart } from '../../contract/bookings.js'
import { pages } from '../../contract/pages.js'
import { sendMessage } from '../messaging/index.js'
import { appointmentWhen } from './bookings.js'
import { notify } from './notify.js'
import { repeat, type Repeating } from './repeat.js'
import { signLink } from './signed-links.js'

// Day-before reminders of visits (docs/rules/bookings.md, "Reminders").

/** Reminders never go out before this or from this Lagos time on: nobody is woken at night. */
export const REMINDER_QUIET = { from: '20:00', until: '08:00' } as const

/** The booking's no-login page: confirm, reschedule or cancel; the link lasts until the visit starts. */
export const bookingLink = async (db: Database, booking: { id: number; date: string; time: string }) =>
  pages.bookingLink(await signLink(db, 'booking', booking.id, bookingStart(booking)))

/**
 * Sends the reminders due at `nowMs`: for each Pending or Confirmed visit of a customer with an account on the
 * next Lagos day, once the day's reminder time has come and before the quiet hours. Each visit is claimed
 * (reminder_sent_at set from NULL) in the transaction that queues its message, so several instances, a
 * pass that overlaps another and a restart send it once. Answers how many went.
 */
export async function sendDueReminders(db: Database, nowMs: number, reminderTime: string): Promise<number> {
  const lagos = businessDateTime(new Date(nowMs))
  const time = lagos.slice(11, 16)
  const start = reminderTime < REMINDER_QUIET.until ? REMINDER_QUIET.until : reminderTime
  if (time < start || time >= REMINDER_QUIET.from) return 0
  const tomorrow = addDays(businessDay(new Date(nowMs)), 1)
  const due = await db
    .selectFrom('bookings')
    .select(['id', 'user_id', 'service', 'date', 'time'])
    .where('date', '=', tomorrow)
    .where('status', 'in', ['Pending', 'Confirmed'])
    .where('reminder_sent_at', 'is', null)
    .where('user_id', 'is not', null)
    .orderBy('time')
    .execute()
  let sent = 0
  for (const booking of due) {
    const link = await bookingLink(db, booking)
    const claimed = await db.transaction().execute(async (trx) => {
      const claim = await trx
        .updateTable('bookings')
        .set({ reminder_sent_at: new Date(nowMs).toISOString() })
        .where('id', '=', booking.id)
        .where('reminder_sent_at', 'is', null)
        // Moved or cancelled since it was read: that day is not tomorrow any more.
        .where('date', '=', booking.date)
        .where('status', 'in', ['Pending', 'Confirmed'])
        .executeTakeFirst()
      if (affectedRows(claim) === 0) return false
      const when = appointmentWhen(booking)
      await notify(
        trx,
        booking.user_id,
        'Visit Tomorrow',
        `A reminder: your ${booking.service} visit is tomorrow, ${when}. Tell us you will be there, or move or cancel it.`,
        { path: link, label: 'Answer the reminder' },
        'reminders',
      )
      await sendMessage(
        { db: trx },
        {
          to: booking.user_id!,
          template: 'booking_reminder',
          data: { service: booking.service, when, link },
        },
      )
      return true
    })
    if (claimed) sent++
  }
  return sent
}

/** Runs sendDueReminders at start and every intervalMs (5 minutes); a pass never overlaps the previous one. */
export function startReminders(
  db: Database,
  now: () => number,
  reminderTime: string,
  intervalMs = 5 * 60_000,
): Repeating {
  return repeat({ everyMs: intervalMs, atStart: true, failure: 'Reminders failed' }, () =>
    sendDueReminders(db, now(), reminderTime),
  )
}
