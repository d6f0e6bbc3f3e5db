import fs from 'node:fs'
import path from 'node:path'
import { Hono, type Context } from 'hono'
import { BUSINESS_TIME_ZONE, addDays, todayIso } from '../../contract/dates.js'
import { appointmentWhen as when } from '../lib/bookings.js'
import { toKobo } from '../../contract/money.js'
import {
  JOB_STATUS_LABEL,
  assignBody,
  completeBody,
  isFinalJobStatus,
  jobEventBody,
  jobListQuery,
  nextJobStatus,
  photoFields,
  treatmentBody,
  type JobEventType,
  type JobStatus,
} from '../../contract/staff.js'
import type { AppEnv, SessionUser } from '../types.js'
import { currentUser, requireLogin, requireRole } from '../middleware/auth.js'
import { idempotent } from '../middleware/idempotency.js'
import { parseId, validate } from '../middleware/validate.js'
import { notifySqlite } from '../lib/notify.js'
import { sendMessageSqlite } from '../messaging/index.js'
import { displayName, findUserSqlite } from '../lib/users.js'
import {
  findJobRow,
  listJobRows,
  photoPath,
  reportPath,
  toJobs,
  wasEverAssigned,
  type JobRow,
} from '../lib/jobs.js'
import { checkUploadedImage, readForm, textFields, uploadLimit } from '../lib/uploads.js'
import { renderReport } from '../lib/report.js'

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ','now')"
const notFound = (c: Context<AppEnv>) => c.json({ message: 'Job not found' }, 404)
const jobOf = (c: Context<AppEnv>, row: JobRow) => toJobs(c.var.sqlite, [row])[0]!
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
const lagosToday = (c: Context<AppEnv>) => todayIso(new Date(c.var.config.now()), BUSINESS_TIME_ZONE)

/** Job photos live apart from the public product images: they are served only after an access check. */
const photosDir = (c: Context<AppEnv>) => path.join(c.var.config.mediaDir, 'jobs')

function readIfThere(file: string): Buffer | null {
  try {
    return fs.readFileSync(file)
  } catch {
    return null
  }
}

function loadRow(c: Context<AppEnv>): JobRow | undefined {
  const id = parseId(c.req.param('id'))
  return id ? findJobRow(c.var.sqlite, id) : undefined
}

/**
 * The job a technician may write to, or the answer that says why not: 404 unknown, 403 never theirs,
 * 409 `reassigned` once theirs, 409 `cancelled` when the booking was cancelled meanwhile.
 */
function writableJob(c: Context<AppEnv>): JobRow | Response {
  const user = currentUser(c)
  const row = loadRow(c)
  if (!row) return notFound(c)
  if (row.staff_id !== user.id || row.assignment_id === null) {
    if (!wasEverAssigned(c.var.sqlite, row.id, user.id)) {
      return c.json({ message: 'This job is not assigned to you.' }, 403)
    }
    return c.json(
      {
        message:
          'This job was reassigned to another technician. Your updates were not recorded; ' +
          'call the office if you already did the work.',
        code: 'reassigned',
      },
      409,
    )
  }
  if (row.status === 'Cancelled') {
    return c.json(
      {
        message: 'The customer’s booking was cancelled. Your updates were not recorded; call the office.',
        code: 'cancelled',
      },
      409,
    )
  }
  return row
}

/** 409 for a move the state machine does not allow (a repeat of the current state included). */
const notAllowed = (c: Context<AppEnv>, status: JobStatus, what: string) =>
  c.json(
    { message: `This job is ${JOB_STATUS_LABEL[status]}: ${what} is not possible now.`, job_status: status },
    409,
  )

const EVENT_WORDS: Record<JobEventType, string> = {
  on_my_way: '“On my way”',
  arrived: '“Arrived”',
  started: '“Start job”',
  paused: '“Pause”',
  resumed: '“Resume”',
  unable: '“Unable to complete”',
}

/** Who may read a job's report and photos: the booking's customer, its technician, an admin. */
function canRead(user: SessionUser, row: JobRow) {
  return (
    user.role === 'admin' || row.staff_id === user.id || (row.user_id !== null && row.user_id === user.id)
  )
}

/** admins/bookings/{id}/assign/: the dispatcher assigns, reassigns or unassigns a technician. */
export const assignRoutes = new Hono<AppEnv>({ strict: false }).post(
  '/:id/assign',
  requireRole('admin'),
  idempotent,
  validate('json', assignBody),
  (c) => {
    const { sqlite: db, config } = c.var
    const admin = currentUser(c)
    const row = loadRow(c)
    if (!row) return c.json({ message: 'Booking not found' }, 404)
    if (row.status !== 'Pending' && row.status !== 'Confirmed') {
      return c.json(
        {
          message: `This booking is ${row.status}: only Pending or Confirmed bookings can be assigned.`,
          code: 'not_assignable',
        },
        409,
      )
    }
    const { staff_id } = c.req.valid('json')

    if (staff_id === null) {
      if (row.staff_id !== null) {
        db.prepare(`UPDATE jobs SET staff_id = NULL, updated_at = ${NOW} WHERE booking_id = ?`).run(row.id)
      }
      return c.json({
        message: 'Technician removed from this booking.',
        job: jobOf(c, findJobRow(db, row.id)!),
      })
    }

    const staff = findUserSqlite(db, staff_id)
    if (!staff || staff.role !== 'staff') {
      return c.json({ message: 'Choose a technician (a Staff account).', field: 'staff_id' }, 400)
    }
    const name = displayName({ ...staff })
    // Already theirs and still live: nothing to do (a double click, or a replay without a key).
    if (row.staff_id === staff.id && row.job_status !== 'unable') {
      return c.json({ message: `${name} is already assigned to this booking.`, job: jobOf(c, row) })
    }
    const clash = db
      .prepare(
        `SELECT b.time, b.full_name FROM jobs j JOIN bookings b ON b.id = j.booking_id
         WHERE j.staff_id = ? AND b.date = ? AND b.id <> ?
           AND b.status NOT IN ('Cancelled', 'Completed') AND j.status NOT IN ('completed', 'unable')`,
      )
      .all(staff.id, row.date, row.id) as { time: string; full_name: string }[]
    const other = clash.find((o) => Math.abs(minutes(o.time) - minutes(row.time)) < config.jobMinutes)
    if (other) {
      return c.json(
        {
          message:
            `${name} already has a job at ${other.time} (${other.full_name}) that day; ` +
            `jobs need ${config.jobMinutes} minutes. Choose another technician or time.`,
          code: 'overlap',
        },
        409,
      )
    }
    db.transaction(() => {
      const assignment = Number(
        db
          .prepare('INSERT INTO job_assignments (booking_id, staff_id, assigned_by) VALUES (?, ?, ?)')
          .run(row.id, staff.id, admin.id).lastInsertRowid,
      )
      db.prepare(
        `INSERT INTO jobs (booking_id, staff_id, assignment_id, status) VALUES (?, ?, ?, 'assigned')
         ON CONFLICT (booking_id) DO UPDATE SET staff_id = excluded.staff_id,
           assignment_id = excluded.assignment_id, status = 'assigned', updated_at = ${NOW}`,
      ).run(row.id, staff.id, assignment)
      if (row.status === 'Pending') {
        db.prepare(`UPDATE bookings SET status = 'Confirmed', updated_at = ${NOW} WHERE id = ?`).run(row.id)
      }
      notifySqlite(
        db,
        row.user_id,
        'Technician Assigned',
        `Your ${row.service} appointment on ${when(row)} is confirmed. ` +
          `${name} from our team will carry it out.`,
      )
    })()
    const verb = row.staff_id === null ? 'assigned to' : 'reassigned to'
    return c.json({ message: `Booking ${verb} ${name}.`, job: jobOf(c, findJobRow(db, row.id)!) })
  },
)

/** staff/jobs/: the technician's job sheet (and the admin's view of every job). */
export const staffRoutes = new Hono<AppEnv>({ strict: false })
  .get('/jobs', requireRole('staff', 'admin'), validate('query', jobListQuery), (c) => {
    const user = currentUser(c)
    const q = c.req.valid('query')
    const rows = listJobRows(c.var.sqlite, {
      staffId: user.role === 'staff' ? user.id : q.staff_id,
      from: q.from ?? addDays(lagosToday(c), -7),
      to: q.to,
    })
    return c.json(toJobs(c.var.sqlite, rows))
  })

  .get('/jobs/:id', requireRole('staff', 'admin'), (c) => {
    const user = currentUser(c)
    const row = loadRow(c)
    if (!row) return notFound(c)
    if (user.role === 'staff' && row.staff_id !== user.id) {
      return wasEverAssigned(c.var.sqlite, row.id, user.id)
        ? c.json({ message: 'This job was reassigned to another technician.', code: 'reassigned' }, 409)
        : c.json({ message: 'This job is not assigned to you.' }, 403)
    }
    return c.json(jobOf(c, row))
  })

  .post('/jobs/:id/events', requireRole('staff'), idempotent, validate('json', jobEventBody), (c) => {
    const row = writableJob(c)
    if (row instanceof Response) return row
    const body = c.req.valid('json')
    const current = row.job_status ?? 'assigned'
    const next = nextJobStatus(current, body.type)
    if (!next) return notAllowed(c, current, EVENT_WORDS[body.type])
    const db = c.var.sqlite
    const moved = db.transaction(() => {
      // Guarded by the status read above: two devices racing cannot both make the move.
      const changed = db
        .prepare(`UPDATE jobs SET status = ?, updated_at = ${NOW} WHERE booking_id = ? AND status = ?`)
        .run(next, row.id, current).changes
      if (!changed) return false
      db.prepare(
        `INSERT INTO job_events (booking_id, assignment_id, staff_id, type, note, lat, lng, occurred_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        row.id,
        row.assignment_id,
        row.staff_id,
        body.type,
        body.note,
        body.lat ?? null,
        body.lng ?? null,
        body.occurred_at,
      )
      if (body.type === 'on_my_way') {
        notifySqlite(
          db,
          row.user_id,
          'Technician On The Way',
          `Your technician is on the way for your ${row.service} appointment.`,
        )
        const technician = c.var.user ? displayName(c.var.user) : 'Your technician'
        sendMessageSqlite(
          { db: c.var.sqlite },
          {
            to: row.user_id ?? 0,
            template: 'technician_on_the_way',
            data: { service: row.service, technician, when: when(row) },
          },
        )
      }
      return true
    })()
    if (!moved) return notAllowed(c, findJobRow(db, row.id)?.job_status ?? current, EVENT_WORDS[body.type])
    return c.json({ message: `Status saved: ${JOB_STATUS_LABEL[next]}.`, job_status: next }, 201)
  })

  .post('/jobs/:id/treatments', requireRole('staff'), idempotent, validate('json', treatmentBody), (c) => {
    const row = writableJob(c)
    if (row instanceof Response) return row
    const body = c.req.valid('json')
    const db = c.var.sqlite
    const existing = db
      .prepare('SELECT booking_id, staff_id FROM job_treatments WHERE id = ?')
      .get(body.id) as { booking_id: number; staff_id: number } | undefined
    if (existing) {
      // The same treatment sent again (a retry after a lost answer): the first answer, nothing new.
      if (existing.booking_id === row.id && existing.staff_id === row.staff_id) {
        return c.json({ message: 'Treatment saved.', id: body.id }, 201)
      }
      return c.json({ message: 'This treatment id is already used by another record.' }, 409)
    }
    const status = row.job_status ?? 'assigned'
    if (isFinalJobStatus(status)) return notAllowed(c, status, 'adding a treatment')
    const product = body.product_id
      ? (db.prepare('SELECT id FROM products WHERE id = ?').pluck().get(body.product_id) as
          number | undefined)
      : undefined
    db.prepare(
      `INSERT INTO job_treatments (id, booking_id, assignment_id, staff_id, product_id, product_name, quantity,
         unit, target_pest, area, method, occurred_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      body.id,
      row.id,
      row.assignment_id,
      row.staff_id,
      product ?? null,
      body.product_name,
      body.quantity,
      body.unit,
      body.target_pest,
      body.area,
      body.method,
      body.occurred_at,
    )
    db.prepare(`UPDATE jobs SET updated_at = ${NOW} WHERE booking_id = ?`).run(row.id)
    return c.json({ message: 'Treatment saved.', id: body.id }, 201)
  })

  .post('/jobs/:id/photos', requireRole('staff'), uploadLimit, idempotent, async (c) => {
    const row = writableJob(c)
    if (row instanceof Response) return row
    const form = await readForm(c)
    const fields = photoFields.safeParse(textFields(form))
    if (!fields.success) {
      const issue = fields.error.issues[0]
      return c.json({ message: issue?.message ?? 'Invalid photo', field: issue?.path.join('.') }, 400)
    }
    const { id, kind, taken_at } = fields.data
    const db = c.var.sqlite
    const existing = db.prepare('SELECT booking_id, staff_id FROM job_photos WHERE id = ?').get(id) as
      { booking_id: number; staff_id: number } | undefined
    if (existing) {
      if (existing.booking_id === row.id && existing.staff_id === row.staff_id) {
        return c.json({ message: 'Photo saved.', id, url: photoPath(row.id, id) }, 201)
      }
      return c.json({ message: 'This photo id is already used by another record.' }, 409)
    }
    const status = row.job_status ?? 'assigned'
    if (isFinalJobStatus(status)) return notAllowed(c, status, 'adding a photo')
    const image = await checkUploadedImage(c, form.image)
    if (image instanceof Response) return image
    if (!image) return c.json({ message: 'Choose a photo to upload', field: 'image' }, 400)
    const dir = photosDir(c)
    fs.mkdirSync(dir, { recursive: true })
    const file = `${id}.${image.type}`
    fs.writeFileSync(path.join(dir, file), image.bytes)
    db.prepare(
      `INSERT INTO job_photos (id, booking_id, assignment_id, staff_id, kind, file, bytes, taken_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, row.id, row.assignment_id, row.staff_id, kind, file, image.bytes.length, taken_at)
    db.prepare(`UPDATE jobs SET updated_at = ${NOW} WHERE booking_id = ?`).run(row.id)
    return c.json({ message: 'Photo saved.', id, url: photoPath(row.id, id) }, 201)
  })

  .get('/jobs/:id/photos/:photoId', requireLogin, (c) => {
    const row = loadRow(c)
    const user = currentUser(c)
    if (!row) return c.json({ message: 'Photo not found' }, 404)
    if (!canRead(user, row)) return c.json({ message: 'You do not have permission to see this photo.' }, 403)
    const photo = c.var.sqlite
      .prepare('SELECT file FROM job_photos WHERE id = ? AND booking_id = ?')
      .get(c.req.param('photoId'), row.id) as { file: string } | undefined
    const bytes = photo ? readIfThere(path.join(photosDir(c), path.basename(photo.file))) : null
    if (!photo || !bytes) return c.json({ message: 'Photo not found' }, 404)
    const ext = path.extname(photo.file).slice(1)
    c.header('Content-Type', ext === 'png' ? 'image/png' : ext === 'webp' ? 'image/webp' : 'image/jpeg')
    c.header('Cache-Control', 'private, max-age=604800')
    c.header('X-Content-Type-Options', 'nosniff')
    return c.body(new Uint8Array(bytes))
  })

  .post('/jobs/:id/complete', requireRole('staff'), idempotent, validate('json', completeBody), (c) => {
    const row = writableJob(c)
    if (row instanceof Response) return row
    const body = c.req.valid('json')
    const current = row.job_status ?? 'assigned'
    if (!nextJobStatus(current, 'completed')) return notAllowed(c, current, '“Complete job”')
    const { sqlite: db, config } = c.var
    const url = reportPath(row.id)
    const year = body.occurred_at.slice(0, 4)
    const done = db.transaction(() => {
      const changed = db
        .prepare(
          `UPDATE jobs SET status = 'completed', updated_at = ${NOW} WHERE booking_id = ? AND status = ?`,
        )
        .run(row.id, current).changes
      if (!changed) return false
      db.prepare(
        `INSERT INTO job_events (booking_id, assignment_id, staff_id, type, occurred_at)
         VALUES (?, ?, ?, 'completed', ?)`,
      ).run(row.id, row.assignment_id, row.staff_id, body.occurred_at)
      db.prepare(
        `INSERT INTO job_reports (booking_id, assignment_id, staff_id, certificate_no, summary, recommendations,
           signer_name, signature, signature_refused_reason, payment_amount_kobo, payment_method,
           payment_reference, occurred_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        row.id,
        row.assignment_id,
        row.staff_id,
        `GS-${year}-${String(row.id).padStart(6, '0')}`,
        body.summary,
        body.recommendations,
        body.signer_name,
        body.signature || null,
        body.signature ? null : body.signature_refused_reason,
        body.payment ? toKobo(body.payment.amount) : null,
        body.payment?.method ?? null,
        body.payment?.reference ?? '',
        body.occurred_at,
      )
      db.prepare(`UPDATE bookings SET status = 'Completed', updated_at = ${NOW} WHERE id = ?`).run(row.id)
      notifySqlite(
        db,
        row.user_id,
        'Service Completed',
        `Our technician completed your ${row.service} service on ${when(row)}. ` +
          `Your service report: ${config.appUrl}${config.apiBase}${url}`,
      )
      sendMessageSqlite(
        { db: c.var.sqlite },
        {
          to: row.user_id ?? 0,
          template: 'service_completed',
          data: { service: row.service, report_url: url },
        },
      )
      return true
    })()
    if (!done) return notAllowed(c, findJobRow(db, row.id)?.job_status ?? current, '“Complete job”')
    return c.json({ message: 'Job completed. The customer has been sent the report.', report_url: url }, 201)
  })

  .get('/jobs/:id/report', requireLogin, (c) => {
    const row = loadRow(c)
    if (!row) return c.json({ message: 'Report not found' }, 404)
    if (!canRead(currentUser(c), row)) {
      return c.json({ message: 'You do not have permission to see this report.' }, 403)
    }
    const html = renderReport(c.var.sqlite, row, photosDir(c))
    if (html === null) return c.json({ message: 'This job has no service report yet.' }, 404)
    // Private, but kept by the browser and the service worker so the customer can reopen it offline.
    c.header('Cache-Control', 'private, max-age=0, must-revalidate')
    return c.html(html)
  })
