import type { Booking, BookingSettings } from '../../contract/bookings.js'
import { formatDay, formatTime } from '../../contract/dates.js'
import type { DB } from '../db/index.js'
import { notifySqlite } from './notify.js'

/** A booking as the API answers it (contract Booking), column for column; emergency is 0/1 in SQLite. */
export const BOOKING_COLUMNS =
  'id, full_name, phone_number, service, info, date, time, status, location, emergency'

export interface BookingRow extends Booking {
  user_id: number | null
}

type Stored<T> = Omit<T, 'emergency'> & { emergency: number }
const answer = <T extends Booking>(row: Stored<T>): T => ({ ...row, emergency: row.emergency === 1 }) as T

export function findBooking(db: DB, id: number): BookingRow | undefined {
  const row = db.prepare(`SELECT ${BOOKING_COLUMNS}, user_id FROM bookings WHERE id = ?`).get(id) as
    Stored<BookingRow> | undefined
  return row && answer(row)
}

/** The newest bookings first, by when they were made (the dashboard's "latest bookings"). */
export function latestBookings(db: DB, limit: number): Booking[] {
  return (
    db
      .prepare(`SELECT ${BOOKING_COLUMNS} FROM bookings ORDER BY created_at DESC, id DESC LIMIT ?`)
      .all(limit) as Stored<Booking>[]
  ).map(answer)
}

/** Every booking, or one customer's, by appointment date, latest first. */
export function listBookings(db: DB, userId?: number): Booking[] {
  const order = 'ORDER BY date DESC, time DESC, id DESC'
  return (
    (userId === undefined
      ? db.prepare(`SELECT ${BOOKING_COLUMNS} FROM bookings ${order}`).all()
      : db
          .prepare(`SELECT ${BOOKING_COLUMNS} FROM bookings WHERE user_id = ? ${order}`)
          .all(userId)) as Stored<Booking>[]
  ).map(answer)
}

/** "March 14, 2026 at 9:00 AM", as the customer's notifications name an appointment (Lagos time). */
export const appointmentWhen = (b: Pick<Booking, 'date' | 'time'>) =>
  `${formatDay(b.date)} at ${formatTime(b.time)}`

// ---------- the admin's booking rules ----------

export function bookingSettings(db: DB): BookingSettings {
  const row = db
    .prepare(
      'SELECT booking_cutoff_hours, work_start, work_end, work_days FROM business_settings WHERE id = 1',
    )
    .get() as
    { booking_cutoff_hours: number; work_start: string; work_end: string; work_days: string } | undefined
  return {
    cutoff_hours: row?.booking_cutoff_hours ?? 12,
    work_start: row?.work_start ?? '09:00',
    work_end: row?.work_end ?? '19:00',
    work_days: (row?.work_days ?? '1,2,3,4,5').split(',').filter(Boolean).map(Number),
  }
}

export function saveBookingSettings(db: DB, s: BookingSettings) {
  db.prepare(
    `INSERT INTO business_settings (id, booking_cutoff_hours, work_start, work_end, work_days) VALUES (1, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET booking_cutoff_hours = excluded.booking_cutoff_hours,
       work_start = excluded.work_start, work_end = excluded.work_end, work_days = excluded.work_days`,
  ).run(s.cutoff_hours, s.work_start, s.work_end, [...new Set(s.work_days)].sort().join(','))
}

/** Tells the admins, and the technician the booking is assigned to (if any), in the app. */
export function notifyBookingTeam(db: DB, bookingId: number, heading: string, body: string) {
  const admins = db.prepare("SELECT id FROM users WHERE role = 'admin'").pluck().all() as number[]
  const technician = db
    .prepare('SELECT staff_id FROM jobs WHERE booking_id = ? AND staff_id IS NOT NULL')
    .pluck()
    .get(bookingId) as number | undefined
  for (const id of new Set([...admins, ...(technician ? [technician] : [])]))
    notifySqlite(db, id, heading, body)
}
