import {
  DEFAULT_BOOKING_SETTINGS,
  customerChangeRefusal,
  isEmergency,
  rescheduleTooSoon,
  type Booking,
  type BookingSettings,
} from '../../contract/bookings.js'
import { formatDay, formatTime } from '../../contract/dates.js'
import type { AppConfig } from '../config.js'
import type { Database, Queryable } from '../db/index.js'
import { fail } from './http-error.js'
import { affectedRows, nowIso } from '../db/dialect.js'
import { jobPage, MY_BOOKINGS, notify, notifyAdmins } from './notify.js'
import { sendMessage, type TemplateData } from '../messaging/index.js'
import { localPhone } from '../../contract/phone.js'
import { estimateText, type PriceRule } from '../../contract/services.js'
import { toNaira } from '../../contract/money.js'
import { pages } from '../../contract/pages.js'
import { sql } from 'kysely'

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
  'unable_reason',
  'service_kind_id',
  'service_units',
  'estimate_kobo',
  'estimate_rule',
  'plan_id',
] as const

/** The chosen kind's name and unit, read beside a booking's columns (`table`: the bookings table's name or alias). */
export const kindColumns = (table: 'bookings' | 'b') => {
  const kindId = sql.ref(`${table}.service_kind_id`)
  return [
    sql<string | null>`(SELECT k.name FROM service_kinds k WHERE k.id = ${kindId})`.as('kind_name'),
    sql<string | null>`(SELECT k.unit FROM service_kinds k WHERE k.id = ${kindId})`.as('kind_unit'),
  ]
}

/** A booking's stored choice of kind and its estimate, as columns. */
export interface StoredChoice {
  service_kind_id: number | null
  service_units: number | null
  estimate_kobo: number | null
  estimate_rule: string | null
  kind_name: string | null
  kind_unit: string | null
}

/**
 * The kind, units and estimate as the answers give them (contract Booking); nothing for a booking made
 * without a kind, whose answer stays as it always was.
 */
export function chosenKind(
  r: StoredChoice,
): Pick<Booking, 'service_kind' | 'units' | 'estimate' | 'estimate_text'> {
  if (r.service_kind_id === null) return {}
  const estimate =
    r.estimate_kobo === null || r.estimate_rule === null
      ? null
      : {
          kobo: Number(r.estimate_kobo),
          rule: r.estimate_rule as PriceRule,
          units: r.service_units === null ? null : Number(r.service_units),
        }
  return {
    service_kind: { id: Number(r.service_kind_id), name: r.kind_name ?? '' },
    units: r.service_units === null ? null : Number(r.service_units),
    estimate: estimate && toNaira(estimate.kobo),
    estimate_text: estimate && estimateText(estimate, r.kind_unit ?? ''),
  }
}

export interface BookingRow extends Booking {
  user_id: number | null
}

type Stored<T> = Omit<T, 'emergency' | 'plan_id'> & {
  emergency: number
  plan_id: number | null
} & StoredChoice
const answer = <T extends Booking>(row: Stored<T>): T => {
  const {
    plan_id,
    service_kind_id: _k,
    service_units: _u,
    estimate_kobo: _e,
    estimate_rule: _r,
    kind_name: _n,
    kind_unit: _ku,
    ...rest
  } = row
  return {
    ...rest,
    emergency: row.emergency === 1,
    needs_attention: row.unable_reason != null,
    unable_reason: row.unable_reason ?? null,
    ...chosenKind(row),
    // Only a plan's visit carries it: other bookings read as they always did.
    ...(plan_id !== null && { plan_id }),
  } as unknown as T
}

/** A booking without the office's follow-up: what a customer sees, and the dashboard's short list. */
export const withoutAttention = <T extends Booking>({ needs_attention: _n, unable_reason: _r, ...b }: T) => b

export async function findBooking(db: Queryable, id: number): Promise<BookingRow | undefined> {
  const row = await db
    .selectFrom('bookings')
    .select([...BOOKING_FIELDS, 'user_id'])
    .select(kindColumns('bookings'))
    .where('id', '=', id)
    .executeTakeFirst()
  return row && answer(row as Stored<BookingRow>)
}

/** The newest bookings first, by when they were made (the dashboard's "latest bookings"). */
export async function latestBookings(db: Queryable, limit: number): Promise<Booking[]> {
  const rows = await db
    .selectFrom('bookings')
    .select(BOOKING_FIELDS)
    .select(kindColumns('bookings'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  return (rows as Stored<Booking>[]).map((r) => withoutAttention(answer(r)))
}

/** Every booking, or one customer's, by appointment date, latest first. */
export async function listBookings(db: Queryable, userId?: number): Promise<Booking[]> {
  const rows = await db
    .selectFrom('bookings')
    .select(BOOKING_FIELDS)
    .select(kindColumns('bookings'))
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
    cutoff_hours: row?.booking_cutoff_hours ?? DEFAULT_BOOKING_SETTINGS.cutoff_hours,
    work_start: row?.work_start ?? DEFAULT_BOOKING_SETTINGS.work_start,
    work_end: row?.work_end ?? DEFAULT_BOOKING_SETTINGS.work_end,
    work_days: row
      ? row.work_days.split(',').filter(Boolean).map(Number)
      : [...DEFAULT_BOOKING_SETTINGS.work_days],
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

/** The technician the booking is assigned to now, unless they are an admin too (told as an admin already). */
async function assignedTechnician(db: Queryable, bookingId: number): Promise<number | null> {
  const job = await db
    .selectFrom('jobs as j')
    .innerJoin('users as u', 'u.id', 'j.staff_id')
    .select('j.staff_id')
    .where('j.booking_id', '=', bookingId)
    .where('u.role', '<>', 'admin')
    .executeTakeFirst()
  return job?.staff_id ?? null
}

/** Tells the admins, and the technician the booking is assigned to (if any), in the app. */
export async function notifyBookingTeam(db: Queryable, bookingId: number, heading: string, body: string) {
  await notifyAdmins(db, heading, body, { path: pages.admin.bookings, label: 'Open Bookings' })
  await notify(db, await assignedTechnician(db, bookingId), heading, body, jobPage(bookingId))
}

/**
 * Emails (and texts, as their settings say) the admins and the booking's technician, through the message
 * queue: call it inside the transaction of the change it reports.
 */
export async function messageBookingTeam<K extends 'team_booking_cancelled' | 'team_booking_rescheduled'>(
  db: Queryable,
  bookingId: number,
  template: K,
  data: TemplateData[K],
) {
  await sendMessage({ db }, { to: 'admins', template, data })
  const technician = await assignedTechnician(db, bookingId)
  if (technician) await sendMessage({ db }, { to: technician, template, data })
}

/**
 * The technician could not complete the job: the booking waits for the admin (reschedule, reassign or
 * cancel), and the admins hear it in the app and by email. Inside the transaction that records the event.
 */
export async function flagUnable(
  db: Queryable,
  booking: Pick<Booking, 'id' | 'full_name' | 'phone_number' | 'service' | 'date' | 'time' | 'location'>,
  reason: string,
  technician: string,
) {
  await db
    .updateTable('bookings')
    .set({ unable_reason: reason, updated_at: nowIso() })
    .where('id', '=', booking.id)
    .execute()
  const when = appointmentWhen(booking)
  await notifyAdmins(
    db,
    'Job Needs Attention',
    `${technician} could not complete the ${booking.service} job for ${booking.full_name} on ${when}: ` +
      `${reason}. Reschedule, reassign or cancel the booking.`,
  )
  await sendMessage(
    { db },
    {
      to: 'admins',
      template: 'admin_job_unable',
      data: {
        customer: booking.full_name,
        phone: localPhone(booking.phone_number),
        service: booking.service,
        when,
        location: booking.location,
        technician,
        reason,
      },
    },
  )
}

/** The admin acted on a booking that waited on them (a new technician): it no longer needs attention. */
export async function clearAttention(db: Queryable, bookingId: number) {
  await db
    .updateTable('bookings')
    .set({ unable_reason: null })
    .where('id', '=', bookingId)
    .where('unable_reason', 'is not', null)
    .execute()
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
  // Cancelled or moved to another time, the technician's "unable" no longer waits on the admin.
  const moved = change.date !== undefined || change.time !== undefined
  const settled = change.status === 'Cancelled' || moved
  const result = await trx
    .updateTable('bookings')
    .set({
      ...rest,
      ...(emergency === undefined ? {} : { emergency: emergency ? 1 : 0 }),
      ...(settled ? { unable_reason: null } : {}),
      // Another day: its own reminder and answer.
      ...(moved ? { reminder_sent_at: null, customer_confirmed_at: null } : {}),
      updated_at: nowIso(),
    })
    .where('id', '=', read.id)
    .where('status', '=', read.status)
    .$if(read.date !== undefined, (q) => q.where('date', '=', read.date!))
    .$if(read.time !== undefined, (q) => q.where('time', '=', read.time!))
    .executeTakeFirst()
  if (affectedRows(result) === 0) return false
  // The technician who could not do it is released: the new time needs a technician assigned again.
  if (moved) {
    await trx
      .updateTable('jobs')
      .set({ staff_id: null, updated_at: nowIso() })
      .where('booking_id', '=', read.id)
      .where('status', '=', 'unable')
      .execute()
  }
  return true
}

const CHANGED_MEANWHILE = 'This booking was changed meanwhile. Reload and try again.'

/**
 * The customer cancels their booking (from the account or a reminder's link), until the admin's cut-off
 * before it; the admins and the technician are told. Guarded by the status read first, so a double click (or
 * a change by the admin meanwhile) changes nothing twice.
 */
export async function cancelForCustomer(deps: { db: Database; config: AppConfig }, booking: BookingRow) {
  if (booking.status === 'Cancelled') return { message: 'Booking cancelled', status: 'Cancelled' as const }
  const { db, config } = deps
  const refusal = customerChangeRefusal(booking, (await bookingSettings(db)).cutoff_hours, config.now())
  if (refusal) fail(409, refusal)
  const changed = await db.transaction().execute(async (trx) => {
    if (!(await moveBooking(trx, booking, { status: 'Cancelled' }))) return false
    await notify(
      trx,
      booking.user_id,
      'Appointment Cancelled',
      `You cancelled your ${booking.service} appointment on ${appointmentWhen(booking)}.`,
      MY_BOOKINGS,
    )
    await notifyBookingTeam(
      trx,
      booking.id,
      'Booking Cancelled by Customer',
      `${booking.full_name} cancelled the ${booking.service} appointment on ${appointmentWhen(booking)} ` +
        `at ${booking.location}.`,
    )
    await messageBookingTeam(trx, booking.id, 'team_booking_cancelled', {
      customer: booking.full_name,
      service: booking.service,
      when: appointmentWhen(booking),
      location: booking.location,
    })
    return true
  })
  if (!changed) fail(409, CHANGED_MEANWHILE)
  return { message: 'Booking cancelled', status: 'Cancelled' as const }
}

/**
 * The customer moves their booking to another time (from the account or a reminder's link), until the cut-off
 * before it and to a time at least the cut-off away; it waits for the admin's confirmation again.
 */
export async function rescheduleForCustomer(
  deps: { db: Database; config: AppConfig },
  booking: BookingRow,
  { date, time }: { date: string; time: string },
) {
  const { db, config } = deps
  const settings = await bookingSettings(db)
  const refusal = customerChangeRefusal(booking, settings.cutoff_hours, config.now())
  if (refusal) fail(409, refusal)
  const tooSoon = rescheduleTooSoon({ date, time }, settings.cutoff_hours, config.now())
  if (tooSoon) fail(400, tooSoon, { field: 'time' })
  const emergency = isEmergency(settings, date, time)
  const changed = await db.transaction().execute(async (trx) => {
    if (!(await moveBooking(trx, booking, { status: 'Pending', date, time, emergency }))) return false
    const from = appointmentWhen(booking)
    const to = appointmentWhen({ date, time })
    await notify(
      trx,
      booking.user_id,
      'Appointment Rescheduled',
      `Your ${booking.service} appointment moved from ${from} to ${to}` +
        (emergency ? ' (an emergency call-out: outside our working hours).' : '. We will confirm it again.'),
      MY_BOOKINGS,
    )
    await sendMessage(
      { db: trx },
      {
        to: booking.user_id ?? 0,
        template: 'booking_rescheduled',
        data: { service: booking.service, when: to, previous_when: from },
      },
    )
    await notifyBookingTeam(
      trx,
      booking.id,
      'Booking Rescheduled by Customer',
      `${booking.full_name} moved the ${booking.service} appointment at ${booking.location} ` +
        `from ${from} to ${to}${emergency ? ' (emergency call-out)' : ''}.`,
    )
    await messageBookingTeam(trx, booking.id, 'team_booking_rescheduled', {
      customer: booking.full_name,
      service: booking.service,
      when: to,
      previous_when: from,
      location: booking.location,
      emergency,
    })
    return true
  })
  if (!changed) fail(409, CHANGED_MEANWHILE)
  return { message: 'Booking rescheduled', booking: withoutAttention((await findBooking(db, booking.id))!) }
}
