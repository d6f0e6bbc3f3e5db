import type { Booking } from '../../contract/bookings.js'
import { localPhone, whatsappLink } from '../../contract/phone.js'
import {
  mapsUrl,
  type Job,
  type JobEvent,
  type JobPhoto,
  type JobQuote,
  type Treatment,
} from '../../contract/staff.js'
import { quoteStatus, type StoredQuoteStatus } from '../../contract/quotes.js'
import { businessDay } from '../../contract/dates.js'
import { toNaira } from '../../contract/money.js'
import { type JobEventType, type JobStatus } from '../../contract/job-status.js'
import { sql } from 'kysely'
import type { Queryable } from '../db/index.js'
import { affectedRows, nowIso } from '../db/dialect.js'
import { BOOKING_FIELDS, chosenKind, kindColumns, type StoredChoice } from './bookings.js'

/**
 * The treatments of jobs, each with when it was corrected and by whom (their name, else their email):
 * the job answers and the service report read them alike. The caller narrows and orders.
 */
export const treatmentsWithCorrector = (db: Queryable) =>
  db
    .selectFrom('job_treatments as t')
    .leftJoin('users as c', 'c.id', 't.corrected_by')
    .select([
      't.assignment_id',
      't.id',
      't.product_name',
      't.quantity',
      't.unit',
      't.target_pest',
      't.area',
      't.method',
      't.corrected_at',
    ])
    .select(
      sql<string | null>`coalesce(nullif(trim(c.first_name || ' ' || c.last_name), ''), c.email)`.as(
        'corrected_by',
      ),
    )

/** A booking with its job columns (jobs.* NULL when it was never assigned). */
export interface JobRow
  extends Omit<Booking, 'emergency' | keyof ReturnType<typeof chosenKind>>, StoredChoice {
  /** 0/1 as stored. */
  emergency: number
  user_id: number | null
  staff_id: number | null
  assignment_id: number | null
  job_status: JobStatus | null
  job_updated_at: string | null
  booking_updated_at: string
  staff_first_name: string | null
  staff_last_name: string | null
  staff_email: string | null
  staff_phone: string | null
  /** When the customer answered the reminder "I'll be there"; null: not (yet). */
  customer_confirmed_at: string | null
  /** 0/1 on SQLite, a boolean on PostgreSQL: read it as truthy. */
  has_report: number | boolean
}

/** Whether the booking has a service report (EXISTS: 0/1 on SQLite, boolean on PostgreSQL). */
const hasReport = sql<number | boolean>`EXISTS (SELECT 1 FROM job_reports r WHERE r.booking_id = b.id)`

const jobSelect = (db: Queryable) =>
  db
    .selectFrom('bookings as b')
    .leftJoin('jobs as j', 'j.booking_id', 'b.id')
    .leftJoin('users as u', 'u.id', 'j.staff_id')
    .select(BOOKING_FIELDS.map((f) => `b.${f}` as const))
    .select([
      'b.user_id',
      'b.updated_at as booking_updated_at',
      'b.customer_confirmed_at',
      'j.staff_id',
      'j.assignment_id',
      'j.status as job_status',
      'j.updated_at as job_updated_at',
      'u.first_name as staff_first_name',
      'u.last_name as staff_last_name',
      'u.email as staff_email',
      'u.phone_number as staff_phone',
      hasReport.as('has_report'),
    ])
    .select(kindColumns('b'))

export async function findJobRow(db: Queryable, bookingId: number): Promise<JobRow | undefined> {
  const row = await jobSelect(db).where('b.id', '=', bookingId).executeTakeFirst()
  return row as JobRow | undefined
}

/** Assigned jobs from `from` on (and to `to`), one technician's or everyone's, by date and time. */
export async function listJobRows(
  db: Queryable,
  opts: { staffId?: number; from: string; to?: string },
): Promise<JobRow[]> {
  const rows = await jobSelect(db)
    .where('j.staff_id', 'is not', null)
    .$if(opts.staffId !== undefined, (q) => q.where('j.staff_id', '=', opts.staffId!))
    .where('b.date', '>=', opts.from)
    .$if(opts.to !== undefined, (q) => q.where('b.date', '<=', opts.to!))
    .orderBy('b.date')
    .orderBy('b.time')
    .orderBy('b.id')
    .execute()
  return rows as JobRow[]
}

export const reportPath = (bookingId: number) => `staff/jobs/${bookingId}/report`
export const photoPath = (bookingId: number, photoId: string) => `staff/jobs/${bookingId}/photos/${photoId}`

const staffName = (r: JobRow) =>
  [r.staff_first_name, r.staff_last_name].filter(Boolean).join(' ') || r.staff_email || ''

/** Groups rows by their assignment_id (the key column dropped). */
function byAssignment<T>(rows: (T & { assignment_id: number })[]) {
  const map = new Map<number, T[]>()
  for (const { assignment_id, ...rest } of rows) {
    const list = map.get(assignment_id) ?? []
    list.push(rest as T)
    map.set(assignment_id, list)
  }
  return map
}

/** The quotes of bookings, not withdrawn ones, oldest first, by booking id; statuses as of `nowMs`. */
async function quotesOfBookings(db: Queryable, bookingIds: number[], nowMs: number) {
  const map = new Map<number, JobQuote[]>()
  if (bookingIds.length === 0) return map
  const today = businessDay(new Date(nowMs))
  const rows = await db
    .selectFrom('quotes')
    .select(['id', 'booking_id', 'number', 'status', 'valid_until', 'total_kobo'])
    .where('booking_id', 'in', bookingIds)
    .where('status', '<>', 'Withdrawn')
    .orderBy('id')
    .execute()
  for (const q of rows) {
    const list = map.get(q.booking_id) ?? []
    list.push({
      id: q.id,
      number: q.number,
      status: quoteStatus(q.status as StoredQuoteStatus, q.valid_until, today),
      total: toNaira(q.total_kobo),
    })
    map.set(q.booking_id, list)
  }
  return map
}

/** Builds Job answers; events, treatments and photos of the current assignment, in few queries. */
export async function toJobs(db: Queryable, rows: JobRow[], nowMs: number): Promise<Job[]> {
  const assignments = rows.map((r) => r.assignment_id).filter((a): a is number => a !== null)
  const some = assignments.length > 0
  const events = byAssignment<JobEvent>(
    some
      ? ((await db
          .selectFrom('job_events')
          .select(['assignment_id', 'id', 'type', 'occurred_at', 'received_at', 'note'])
          .where('assignment_id', 'in', assignments)
          .orderBy('id')
          .execute()) as (JobEvent & { assignment_id: number })[])
      : [],
  )
  const treatments = byAssignment<Treatment>(
    some
      ? ((await treatmentsWithCorrector(db)
          .where('t.assignment_id', 'in', assignments)
          .orderBy('t.occurred_at')
          .orderBy('t.received_at')
          .execute()
          .then((rows) =>
            rows.map(({ corrected_at, corrected_by, ...t }) => ({
              ...t,
              // Only a corrected treatment carries the field: the others read as they always did.
              ...(corrected_at && { corrected: { by: corrected_by ?? '', at: corrected_at } }),
            })),
          )) as (Treatment & { assignment_id: number })[])
      : [],
  )
  const photos = byAssignment<{ id: string; kind: JobPhoto['kind']; booking_id: number }>(
    some
      ? ((await db
          .selectFrom('job_photos')
          .select(['assignment_id', 'id', 'kind', 'booking_id'])
          .where('assignment_id', 'in', assignments)
          .orderBy('taken_at')
          .orderBy('received_at')
          .execute()) as { assignment_id: number; id: string; kind: JobPhoto['kind']; booking_id: number }[])
      : [],
  )
  const quotes = await quotesOfBookings(
    db,
    rows.map((r) => r.id),
    nowMs,
  )
  return rows.map((r) => {
    const a = r.assignment_id ?? -1
    const updated = [r.booking_updated_at, r.job_updated_at ?? ''].sort().at(-1)!
    return {
      id: r.id,
      booking_id: r.id,
      full_name: r.full_name,
      phone_number: localPhone(r.phone_number),
      whatsapp_url: whatsappLink(r.phone_number),
      location: r.location,
      maps_url: mapsUrl(r.location),
      service: r.service,
      ...chosenKind(r),
      info: r.info,
      date: r.date,
      time: r.time,
      booking_status: r.status,
      emergency: r.emergency === 1,
      job_status: r.job_status ?? 'assigned',
      assigned_to:
        r.staff_id === null
          ? null
          : { id: r.staff_id, name: staffName(r), phone_number: localPhone(r.staff_phone ?? '') },
      events: events.get(a) ?? [],
      treatments: treatments.get(a) ?? [],
      photos: (photos.get(a) ?? []).map((p) => ({
        id: p.id,
        kind: p.kind,
        url: photoPath(p.booking_id, p.id),
      })),
      quotes: quotes.get(r.id) ?? [],
      report_url: r.has_report ? reportPath(r.id) : null,
      customer_confirmed: r.customer_confirmed_at !== null,
      updated_at: updated,
    }
  })
}

/** The technician and live status the booking lists add (appointment/): null/empty when unassigned. */
export interface BookingJobInfo {
  technician: { id: number; name: string } | null
  job_status: JobStatus | null
  report_url: string | null
}

export async function withJobInfo<T extends { id: number }>(
  db: Queryable,
  bookings: T[],
): Promise<(T & BookingJobInfo)[]> {
  const rows = (await db
    .selectFrom('jobs as j')
    .leftJoin('users as u', 'u.id', 'j.staff_id')
    .select([
      'j.booking_id',
      'j.staff_id',
      'j.status',
      'u.first_name',
      'u.last_name',
      'u.email',
      sql<number | boolean>`EXISTS (SELECT 1 FROM job_reports r WHERE r.booking_id = j.booking_id)`.as(
        'has_report',
      ),
    ])
    .execute()) as {
    booking_id: number
    staff_id: number | null
    status: JobStatus
    first_name: string | null
    last_name: string | null
    email: string | null
    has_report: number | boolean
  }[]
  const byBooking = new Map(rows.map((r) => [r.booking_id, r]))
  return bookings.map((b) => {
    const j = byBooking.get(b.id)
    return {
      ...b,
      technician:
        j && j.staff_id !== null
          ? { id: j.staff_id, name: [j.first_name, j.last_name].filter(Boolean).join(' ') || j.email || '' }
          : null,
      // An unassigned job's last status means nothing to the customer any more.
      job_status: j && (j.staff_id !== null || j.has_report) ? j.status : null,
      report_url: j?.has_report ? reportPath(b.id) : null,
    }
  })
}

/** Whether `staffId` was ever assigned this booking (403 "never yours" vs 409 "reassigned"). */
export async function wasEverAssigned(db: Queryable, bookingId: number, staffId: number): Promise<boolean> {
  const row = await db
    .selectFrom('job_assignments')
    .select('id')
    .where('booking_id', '=', bookingId)
    .where('staff_id', '=', staffId)
    .executeTakeFirst()
  return !!row
}

/**
 * Moves a job from the status (and assignment) the caller read to `to`, recording the event that
 * moved it; false when the job had changed meanwhile. Two devices racing, on one instance or two,
 * cannot both make the move.
 */
export async function moveJob(
  trx: Queryable,
  row: Pick<JobRow, 'id' | 'assignment_id' | 'staff_id'>,
  from: JobStatus,
  to: JobStatus,
  event: {
    type: JobEventType | 'completed'
    occurred_at: string
    note?: string
    lat?: number | null
    lng?: number | null
  },
): Promise<boolean> {
  const changed = await trx
    .updateTable('jobs')
    .set({ status: to, updated_at: nowIso() })
    .where('booking_id', '=', row.id)
    .where('status', '=', from)
    .where('assignment_id', '=', row.assignment_id!)
    .executeTakeFirst()
  if (!affectedRows(changed)) return false
  await trx
    .insertInto('job_events')
    .values({
      booking_id: row.id,
      assignment_id: row.assignment_id!,
      staff_id: row.staff_id,
      type: event.type,
      note: event.note ?? '',
      lat: event.lat ?? null,
      lng: event.lng ?? null,
      occurred_at: event.occurred_at,
    })
    .execute()
  return true
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

/**
 * Another live job of the technician's on that date starting less than `jobMinutes` from `time`
 * (its time and customer), or undefined. Call after locking the technician's users row.
 */
export async function findClash(
  db: Queryable,
  staffId: number,
  booking: { id: number; date: string; time: string },
  jobMinutes: number,
): Promise<{ time: string; full_name: string } | undefined> {
  const others = await db
    .selectFrom('jobs as j')
    .innerJoin('bookings as b', 'b.id', 'j.booking_id')
    .select(['b.time', 'b.full_name'])
    .where('j.staff_id', '=', staffId)
    .where('b.date', '=', booking.date)
    .where('b.id', '<>', booking.id)
    .where('b.status', 'not in', ['Cancelled', 'Completed'])
    .where('j.status', 'not in', ['completed', 'unable'])
    .execute()
  return others.find((o) => Math.abs(minutesOf(o.time) - minutesOf(booking.time)) < jobMinutes)
}
