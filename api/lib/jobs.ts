import type { Booking } from '../../contract/bookings.js'
import { localPhone, whatsappLink } from '../../contract/phone.js'
import {
  mapsUrl,
  type Job,
  type JobEvent,
  type JobPhoto,
  type JobStatus,
  type Treatment,
} from '../../contract/staff.js'
import type { DB } from '../db/index.js'
import { BOOKING_COLUMNS } from './bookings.js'

/** A booking with its job columns (jobs.* NULL when it was never assigned). */
export interface JobRow extends Booking {
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
  has_report: number
}

const JOB_SELECT = `
  SELECT ${BOOKING_COLUMNS.split(',')
    .map((c) => `b.${c.trim()}`)
    .join(', ')}, b.user_id, b.updated_at AS booking_updated_at,
    j.staff_id, j.assignment_id, j.status AS job_status, j.updated_at AS job_updated_at,
    u.first_name AS staff_first_name, u.last_name AS staff_last_name, u.email AS staff_email,
    u.phone_number AS staff_phone,
    EXISTS (SELECT 1 FROM job_reports r WHERE r.booking_id = b.id) AS has_report
  FROM bookings b
  LEFT JOIN jobs j ON j.booking_id = b.id
  LEFT JOIN users u ON u.id = j.staff_id`

export function findJobRow(db: DB, bookingId: number): JobRow | undefined {
  return db.prepare(`${JOB_SELECT} WHERE b.id = ?`).get(bookingId) as JobRow | undefined
}

/** Assigned jobs from `from` on (and to `to`), one technician's or everyone's, by date and time. */
export function listJobRows(db: DB, opts: { staffId?: number; from: string; to?: string }): JobRow[] {
  return db
    .prepare(
      `${JOB_SELECT} WHERE j.staff_id IS NOT NULL AND (? IS NULL OR j.staff_id = ?)
         AND b.date >= ? AND (? IS NULL OR b.date <= ?)
       ORDER BY b.date, b.time, b.id`,
    )
    .all(opts.staffId ?? null, opts.staffId ?? null, opts.from, opts.to ?? null, opts.to ?? null) as JobRow[]
}

export const reportPath = (bookingId: number) => `staff/jobs/${bookingId}/report`
export const photoPath = (bookingId: number, photoId: string) => `staff/jobs/${bookingId}/photos/${photoId}`

const staffName = (r: JobRow) =>
  [r.staff_first_name, r.staff_last_name].filter(Boolean).join(' ') || r.staff_email || ''

/** Builds Job answers; events, treatments and photos of the current assignment, in few queries. */
export function toJobs(db: DB, rows: JobRow[]): Job[] {
  const assignments = rows.map((r) => r.assignment_id).filter((a): a is number => a !== null)
  const byAssignment = <T>(sql: string) => {
    const map = new Map<number, T[]>()
    if (!assignments.length) return map
    const found = db
      .prepare(sql.replace('(?)', `(${assignments.map(() => '?').join(',')})`))
      .all(...assignments) as (T & { assignment_id: number })[]
    for (const { assignment_id, ...rest } of found) {
      const list = map.get(assignment_id) ?? []
      list.push(rest as T)
      map.set(assignment_id, list)
    }
    return map
  }
  const events = byAssignment<JobEvent>(
    `SELECT assignment_id, id, type, occurred_at, received_at, note FROM job_events
     WHERE assignment_id IN (?) ORDER BY id`,
  )
  const treatments = byAssignment<Treatment>(
    `SELECT assignment_id, id, product_name, quantity, unit, target_pest, area, method FROM job_treatments
     WHERE assignment_id IN (?) ORDER BY occurred_at, received_at`,
  )
  const photos = byAssignment<{ id: string; kind: JobPhoto['kind']; booking_id: number }>(
    `SELECT assignment_id, id, kind, booking_id FROM job_photos WHERE assignment_id IN (?)
     ORDER BY taken_at, received_at`,
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
      info: r.info,
      date: r.date,
      time: r.time,
      booking_status: r.status,
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
      report_url: r.has_report ? reportPath(r.id) : null,
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

export function withJobInfo<T extends { id: number }>(db: DB, bookings: T[]): (T & BookingJobInfo)[] {
  const rows = db
    .prepare(
      `SELECT j.booking_id, j.staff_id, j.status, u.first_name, u.last_name, u.email,
         EXISTS (SELECT 1 FROM job_reports r WHERE r.booking_id = j.booking_id) AS has_report
       FROM jobs j LEFT JOIN users u ON u.id = j.staff_id`,
    )
    .all() as {
    booking_id: number
    staff_id: number | null
    status: JobStatus
    first_name: string | null
    last_name: string | null
    email: string | null
    has_report: number
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
export function wasEverAssigned(db: DB, bookingId: number, staffId: number): boolean {
  return !!db
    .prepare('SELECT 1 FROM job_assignments WHERE booking_id = ? AND staff_id = ?')
    .get(bookingId, staffId)
}
