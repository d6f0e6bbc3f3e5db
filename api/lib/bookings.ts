import type { Booking, BookingSettings } from '../../contract/bookings.js'
import { formatDay, formatTime } from '../../contract/dates.js'
import type { Queryable } from '../db/index.js'
import { affectedRows, nowIso } from '../db/dialect.js'
import { notify } from './notify.js'

/** A booking as the API answers it (contract Booking), column for column; emergency is 0/1 in the table. */
export const BOOKING_FIELDS = [
  'id',
  'full_name',
  'phone_number',
  'service',
  'info',
  'date',
  'time',
  'status',
  'location',
  'emergency',
] as const

export interface BookingRow extends Booking {
  user_id: number | null
}

type Stored<T> = Omit<T, 'emergency'> & { emergency: number }
const answer = <T extends Booking>(row: Stored<T>): T => ({ ...row, emergency: row.emergency === 1 }) as T

export async function findBooking(db: Queryable, id: number): Promise<BookingRow | undefined> {
  const row = await db
    .selectFrom('bookings')
    .select([...BOOKING_FIELDS, 'user_id'])
    .where('id', '=', id)
    .executeTakeFirst()
  return row && answer(row as Stored<BookingRow>)
}

/** The newest bookings first, by when they were made (the dashboard's "latest bookings"). */
export async function latestBookings(db: Queryable, limit: number): Promise<Booking[]> {
  const rows = await db
    .selectFrom('bookings')
    .select(BOOKING_FIELDS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  return (rows as Stored<Booking>[]).map(answer)
}

/** Every booking, or one customer's, by appointment date, latest first. */
export async function listBookings(db: Queryable, userId?: number): Promise<Booking[]> {
  const rows = await db
    .selectFrom('bookings')
    .select(BOOKING_FIELDS)
    .$if(userId !== undefined, (q) => q.where('user_id', '=', userId!))
    .orderBy('date', 'desc')
    .orderBy('time', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return (rows as Stored<Booking>[]).map(answer)
}

/** "March 14, 2026 at 9:00 AM", as the customer's notifications name an appointment (Lagos time). */
export const appointmentWhen = (b: Pick<Booking, 'date' | 'time'>) =>
  `${formatDay(b.date)} at ${formatTime(b.time)}`

// ---------- the admin's booking rules ----------

export async function bookingSettings(db: Queryable): Promise<BookingSettings> {
  const row = await db
    .selectFrom('business_settings')
    .select(['booking_cutoff_hours', 'work_start', 'work_end', 'work_days'])
    .where('id', '=', 1)
    .executeTakeFirst()
  return {
    cutoff_hours: row?.booking_cutoff_hours ?? 12,
    work_start: row?.work_start ?? '09:00',
    work_end: row?.work_end ?? '19:00',
    work_days: (row?.work_days ?? '1,2,3,4,5').split(',').filter(Boolean).map(Number),
  }
}

export async function saveBookingSettings(db: Queryable, s: BookingSettings) {
  const values = {
    booking_cutoff_hours: s.cutoff_hours,
    work_start: s.work_start,
    work_end: s.work_end,
    work_days: [...new Set(s.work_days)].sort().join(','),
  }
  await db
    .insertInto('business_settings')
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute()
}

/** Tells the admins, and the technician the booking is assigned to (if any), in the app. */
export async function notifyBookingTeam(db: Queryable, bookingId: number, heading: string, body: string) {
  const admins = await db.selectFrom('users').select('id').where('role', '=', 'admin').execute()
  const technician = await db
    .selectFrom('jobs')
    .select('staff_id')
    .where('booking_id', '=', bookingId)
    .where('staff_id', 'is not', null)
    .executeTakeFirst()
  const ids = admins.map((a) => a.id)
  if (technician?.staff_id) ids.push(technician.staff_id)
  for (const id of new Set(ids)) await notify(db, id, heading, body)
}

/**
 * Changes a booking only if it is still as the caller read it (its status, and its date and time when
 * given): true when this call made the change. Of two requests in flight, on any instances, one wins;
 * the other learns it was changed meanwhile instead of writing over it (or notifying twice).
 */
export async function moveBooking(
  trx: Queryable,
  read: Pick<Booking, 'id' | 'status'> & Partial<Pick<Booking, 'date' | 'time'>>,
  change: { status: Booking['status']; date?: string; time?: string; emergency?: boolean },
): Promise<boolean> {
  const { emergency, ...rest } = change
  const result = await trx
    .updateTable('bookings')
    .set({
      ...rest,
      ...(emergency === undefined ? {} : { emergency: emergency ? 1 : 0 }),
      updated_at: nowIso(),
    })
    .where('id', '=', read.id)
    .where('status', '=', read.status)
    .$if(read.date !== undefined, (q) => q.where('date', '=', read.date!))
    .$if(read.time !== undefined, (q) => q.where('time', '=', read.time!))
    .executeTakeFirst()
  return affectedRows(result) > 0
}
