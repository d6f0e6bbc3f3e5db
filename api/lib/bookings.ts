import type { Booking } from '../../contract/bookings.js'
import { formatDay } from '../../contract/dates.js'
import type { DB } from '../db/index.js'

/** A booking as the API answers it (contract Booking), column for column. */
export const BOOKING_COLUMNS = 'id, full_name, phone_number, service, info, date, time, status, location'

export interface BookingRow extends Booking {
  user_id: number | null
}

export function findBooking(db: DB, id: number): BookingRow | undefined {
  return db.prepare(`SELECT ${BOOKING_COLUMNS}, user_id FROM bookings WHERE id = ?`).get(id) as
    BookingRow | undefined
}

/** The newest bookings first, by when they were made (the dashboard's "latest bookings"). */
export function latestBookings(db: DB, limit: number): Booking[] {
  return db
    .prepare(`SELECT ${BOOKING_COLUMNS} FROM bookings ORDER BY created_at DESC, id DESC LIMIT ?`)
    .all(limit) as Booking[]
}

/** Every booking, or one customer's, by appointment date, latest first. */
export function listBookings(db: DB, userId?: number): Booking[] {
  const order = 'ORDER BY date DESC, time DESC, id DESC'
  return (
    userId === undefined
      ? db.prepare(`SELECT ${BOOKING_COLUMNS} FROM bookings ${order}`).all()
      : db.prepare(`SELECT ${BOOKING_COLUMNS} FROM bookings WHERE user_id = ? ${order}`).all(userId)
  ) as Booking[]
}

/** "March 14, 2026 at 09:00", as the customer's notifications name an appointment. */
export const appointmentWhen = (b: Pick<Booking, 'date' | 'time'>) => `${formatDay(b.date)} at ${b.time}`
