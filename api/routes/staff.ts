import { Hono, type Context } from 'hono'
import { BUSINESS_TIME_ZONE, addDays, formatTime, todayIso } from '../../contract/dates.js'
import { appointmentWhen as when, clearAttention, flagUnable } from '../lib/bookings.js'
import { toKobo } from '../../contract/money.js'
import { jobListQuery, photoFields, treatmentFields, type Treatment } from '../../contract/staff.js'
import {
  JOB_STATUS_LABEL,
  isFinalJobStatus,
  nextJobStatus,
  type JobEventType,
  type JobStatus,
} from '../../contract/job-status.js'
import { pages } from '../../contract/pages.js'
import type { AppEnv, SessionUser } from '../types.js'
import type { Queryable } from '../db/index.js'
import { affectedRows, forUpdate, nowIso } from '../db/dialect.js'
import { currentUser, requireLogin, requireRole } from '../middleware/auth.js'
import { answerOnce, idempotent } from '../middleware/idempotency.js'
import { bodyOf, parseId, validate } from '../middleware/validate.js'
import { fail } from '../lib/http-error.js'
import { jobPage, MY_BOOKINGS, notify } from '../lib/notify.js'
import { sendMessage } from '../messaging/index.js'
import { displayName } from '../lib/users.js'
import {
  findClash,
  findJobRow,
  listJobRows,
  photoPath,
  reportPath,
  toJobs,
  wasEverAssigned,
  type JobRow,
  moveJob,
} from '../lib/jobs.js'
import { carryOnSitePayment } from '../lib/invoices.js'
import { afterVisitCompleted } from '../lib/plans.js'
import { ratingLink } from '../lib/ratings.js'
import { checkUploadedImage, readForm, textFields, uploadLimit } from '../lib/uploads.js'
import { REPORT_PRINT_SCRIPT, jobPhotoMediaName, renderReport } from '../lib/report.js'
import { readMedia, saveMedia } from '../lib/images.js'

const jobOf = async (c: Context<AppEnv>, db: Queryable, row: JobRow) =>
  (await toJobs(db, [row], c.var.config.now()))[0]!
const lagosToday = (c: Context<AppEnv>) => todayIso(new Date(c.var.config.now()), BUSINESS_TIME_ZONE)
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const PHOTO_TYPES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const

/** The job of the path's :id, if there is one. */
async function loadRow(c: Context<AppEnv>, db: Queryable = c.var.db): Promise<JobRow | undefined> {
  const id = parseId(c.req.param('id'))
  return id ? findJobRow(db, id) : undefined
}

/** The technician a job was taken from hears of it; it leaves their sheet at the phone's next sync. */
const tellJobTaken = (db: Queryable, row: JobRow) =>
  notify(
    db,
    row.staff_id,
    'Job Taken Off Your Sheet',
    `The ${row.service} job for ${row.full_name} on ${when(row)} is no longer yours.`,
    { path: pages.jobs, label: 'Open your jobs' },
  )

/** The job of the path's :id; 404 with `notFound` (a photo or report says what is missing) when none. */
const jobOfPath = async (c: Context<AppEnv>, notFound = 'Job not found') =>
  (await loadRow(c)) ?? fail(404, notFound)

/**
 * The job a technician may write to; else it refuses: 404 unknown, 403 never theirs, 409 `reassigned`
 * once theirs, 409 `cancelled` when the booking was cancelled meanwhile.
 */
async function writableJob(c: Context<AppEnv>): Promise<JobRow> {
  const user = currentUser(c)
  const row = await jobOfPath(c)
  if (row.staff_id !== user.id || row.assignment_id === null) {
    if (!(await wasEverAssigned(c.var.db, row.id, user.id))) fail(403, 'This job is not assigned to you.')
    fail(
      409,
      'This job was reassigned to another technician. Your updates were not recorded; ' +
        'call the office if you already did the work.',
      { extra: { code: 'reassigned' } },
    )
  }
  if (row.status === 'Cancelled') {
    fail(409, 'The customer’s booking was cancelled. Your updates were not recorded; call the office.', {
      extra: { code: 'cancelled' },
    })
  }
  return row
}

/**
 * A conditional write found the job changed since writableJob read it (another device, a reassignment):
 * refuses as the job now stands, i.e. with writableJob's refusal, else the state machine's 409.
 */
async function changedMeanwhile(c: Context<AppEnv>, what: string, fallback: JobStatus): Promise<never> {
  return notAllowed((await writableJob(c)).job_status ?? fallback, what)
}

/**
 * Locks the job row of the technician's assignment for the rest of the transaction (PostgreSQL; SQLite
 * runs one transaction at a time) and says whether a record may still be added to it: 'moved' when the
 * assignment changed meanwhile, the status when it is final, else 'open'.
 */
async function lockOpenJob(trx: Queryable, row: JobRow): Promise<'open' | 'moved' | JobStatus> {
  const job = await forUpdate(
    trx,
    trx.selectFrom('jobs').select(['status', 'assignment_id']).where('booking_id', '=', row.id),
  ).executeTakeFirst()
  if (!job || job.assignment_id !== row.assignment_id) return 'moved'
  const status = job.status as JobStatus
  return isFinalJobStatus(status) ? status : 'open'
}

/** A treatment or photo id seen before: 'same' when it is this job's record by this technician (a retry). */
async function earlierRecord(db: Queryable, table: 'job_treatments' | 'job_photos', id: string, row: JobRow) {
  const existing = await db
    .selectFrom(table)
    .select(['booking_id', 'staff_id'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!existing) return null
  return existing.booking_id === row.id && existing.staff_id === row.staff_id ? 'same' : 'other'
}

/** 409 for a move the state machine does not allow (a repeat of the current state included). */
const notAllowed = (status: JobStatus, what: string) =>
  fail(409, `This job is ${JOB_STATUS_LABEL[status]}: ${what} is not possible now.`, {
    extra: { job_status: status },
  })

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
  validate('json', bodyOf('POST admins/bookings/{id}/assign/')),
  async (c) => {
    const { db, config } = c.var
    const admin = currentUser(c)
    const { staff_id } = c.req.valid('json')
    // One transaction that first locks the technician's users row: two admins assigning the same
    // technician at once (on two instances) take turns, so the second one's overlap check sees the
    // first one's job. Everything below is read after the lock.
    return db.transaction().execute(async (trx) => {
      const staff =
        staff_id === null
          ? null
          : await forUpdate(
              trx,
              trx
                .selectFrom('users')
                .select(['id', 'email', 'first_name', 'last_name', 'role'])
                .where('id', '=', staff_id),
            ).executeTakeFirst()
      const row = (await loadRow(c, trx)) ?? fail(404, 'Booking not found')
      if (row.status !== 'Pending' && row.status !== 'Confirmed') {
        fail(409, `This booking is ${row.status}: only Pending or Confirmed bookings can be assigned.`, {
          extra: { code: 'not_assignable' },
        })
      }

      if (staff_id === null) {
        if (row.staff_id !== null) {
          await trx
            .updateTable('jobs')
            .set({ staff_id: null, updated_at: nowIso() })
            .where('booking_id', '=', row.id)
            .execute()
          await tellJobTaken(trx, row)
        }
        return answerOnce(c, trx, {
          message: 'Technician removed from this booking.',
          job: await jobOf(c, trx, (await findJobRow(trx, row.id))!),
        })
      }

      if (!staff || staff.role !== 'staff') {
        fail(400, 'Choose a technician (a Staff account).', { field: 'staff_id' })
      }
      const name = displayName({ ...staff })
      // Already theirs and still live: nothing to do (a double click, or a replay without a key).
      if (row.staff_id === staff.id && row.job_status !== 'unable') {
        return c.json({
          message: `${name} is already assigned to this booking.`,
          job: await jobOf(c, trx, row),
        })
      }
      const other = await findClash(trx, staff.id, row, config.jobMinutes)
      if (other) {
        fail(
          409,
          `${name} already has a job at ${formatTime(other.time)} (${other.full_name}) that day; ` +
            `jobs need ${config.jobMinutes} minutes. Choose another technician or time.`,
          { extra: { code: 'overlap' } },
        )
      }
      const { id: assignment } = await trx
        .insertInto('job_assignments')
        .values({ booking_id: row.id, staff_id: staff.id, assigned_by: admin.id })
        .returning('id')
        .executeTakeFirstOrThrow()
      const live = { staff_id: staff.id, assignment_id: assignment, status: 'assigned' }
      await trx
        .insertInto('jobs')
        .values({ booking_id: row.id, ...live })
        .onConflict((oc) => oc.column('booking_id').doUpdateSet({ ...live, updated_at: nowIso() }))
        .execute()
      await clearAttention(trx, row.id)
      if (row.status === 'Pending') {
        await trx
          .updateTable('bookings')
          .set({ status: 'Confirmed', updated_at: nowIso() })
          .where('id', '=', row.id)
          .where('status', '=', 'Pending')
          .execute()
      }
      await notify(
        trx,
        row.user_id,
        'Technician Assigned',
        `Your ${row.service} appointment on ${when(row)} is confirmed. ` +
          `${name} from our team will carry it out.`,
        MY_BOOKINGS,
      )
      // The technician hears of it on their phone (in the tray, when they turned notifications on).
      await notify(
        trx,
        staff.id,
        'New Job',
        `${row.service} for ${row.full_name} on ${when(row)} at ${row.location}.`,
        jobPage(row.id),
      )
      if (row.staff_id !== null && row.staff_id !== staff.id) await tellJobTaken(trx, row)
      const verb = row.staff_id === null ? 'assigned to' : 'reassigned to'
      return answerOnce(c, trx, {
        message: `Booking ${verb} ${name}.`,
        job: await jobOf(c, trx, (await findJobRow(trx, row.id))!),
      })
    })
  },
)

/** staff/jobs/: the technician's job sheet (and the admin's view of every job). */
export const staffRoutes = new Hono<AppEnv>({ strict: false })
  .get('/jobs', requireRole('staff', 'admin'), validate('query', jobListQuery), async (c) => {
    const user = currentUser(c)
    const q = c.req.valid('query')
    const rows = await listJobRows(c.var.db, {
      staffId: user.role === 'staff' ? user.id : q.staff_id,
      from: q.from ?? addDays(lagosToday(c), -7),
      to: q.to,
    })
    return c.json(await toJobs(c.var.db, rows, c.var.config.now()))
  })

  .get('/jobs/:id', requireRole('staff', 'admin'), async (c) => {
    const user = currentUser(c)
    const row = await jobOfPath(c)
    if (user.role === 'staff' && row.staff_id !== user.id) {
      if (await wasEverAssigned(c.var.db, row.id, user.id)) {
        fail(409, 'This job was reassigned to another technician.', { extra: { code: 'reassigned' } })
      }
      fail(403, 'This job is not assigned to you.')
    }
    return c.json(await jobOf(c, c.var.db, row))
  })

  .post(
    '/jobs/:id/events',
    requireRole('staff'),
    idempotent,
    validate('json', bodyOf('POST staff/jobs/{id}/events/')),
    async (c) => {
      const row = await writableJob(c)
      const body = c.req.valid('json')
      const current = row.job_status ?? 'assigned'
      const next = nextJobStatus(current, body.type) ?? notAllowed(current, EVENT_WORDS[body.type])
      const moved = await c.var.db.transaction().execute(async (trx) => {
        if (!(await moveJob(trx, row, current, next, body))) return null
        if (body.type === 'unable') {
          await flagUnable(trx, row, body.note ?? '', c.var.user ? displayName(c.var.user) : 'The technician')
        }
        if (body.type === 'on_my_way') {
          await notify(
            trx,
            row.user_id,
            'Technician On The Way',
            `Your technician is on the way for your ${row.service} appointment.`,
            MY_BOOKINGS,
          )
          const technician = c.var.user ? displayName(c.var.user) : 'Your technician'
          await sendMessage(
            { db: trx },
            {
              to: row.user_id ?? 0,
              template: 'technician_on_the_way',
              data: { service: row.service, technician, when: when(row) },
            },
          )
        }
        return answerOnce(
          c,
          trx,
          { message: `Status saved: ${JOB_STATUS_LABEL[next]}.`, job_status: next },
          201,
        )
      })
      return moved ?? changedMeanwhile(c, EVENT_WORDS[body.type], current)
    },
  )

  .post(
    '/jobs/:id/treatments',
    requireRole('staff'),
    idempotent,
    validate('json', bodyOf('POST staff/jobs/{id}/treatments/')),
    async (c) => {
      const row = await writableJob(c)
      const body = c.req.valid('json')
      const { db } = c.var
      const savedAnswer = { message: 'Treatment saved.', id: body.id }
      const saved = () => c.json(savedAnswer, 201)
      const taken = () => fail(409, 'This treatment id is already used by another record.')
      // The same treatment sent again (a retry after a lost answer): the first answer, nothing new.
      const earlier = await earlierRecord(db, 'job_treatments', body.id, row)
      if (earlier) return earlier === 'same' ? saved() : taken()
      const status = row.job_status ?? 'assigned'
      if (isFinalJobStatus(status)) notAllowed(status, 'adding a treatment')
      const product = body.product_id
        ? await db.selectFrom('products').select('id').where('id', '=', body.product_id).executeTakeFirst()
        : undefined
      const outcome = await db.transaction().execute(async (trx) => {
        const job = await lockOpenJob(trx, row)
        if (job !== 'open') return job
        // Two copies of one retry arriving together: the id's primary key lets one in, the other is a retry.
        const inserted = affectedRows(
          await trx
            .insertInto('job_treatments')
            .values({
              id: body.id,
              booking_id: row.id,
              assignment_id: row.assignment_id!,
              staff_id: row.staff_id,
              product_id: product?.id ?? null,
              ...treatmentFields(body),
              occurred_at: body.occurred_at,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .executeTakeFirst(),
        )
        if (!inserted) return 'again'
        await trx.updateTable('jobs').set({ updated_at: nowIso() }).where('booking_id', '=', row.id).execute()
        return answerOnce(c, trx, savedAnswer, 201)
      })
      if (outcome instanceof Response) return outcome
      if (outcome === 'again')
        return (await earlierRecord(db, 'job_treatments', body.id, row)) === 'same' ? saved() : taken()
      if (outcome === 'moved') return changedMeanwhile(c, 'adding a treatment', status)
      return notAllowed(outcome, 'adding a treatment')
    },
  )

  // A treatment corrected, or added when the first try was refused, on a live or a completed job: by
  // the job's technician (not after a reassignment or a cancellation) or an admin. The row takes the new
  // values; the values it replaced are kept with who corrected it and when.
  .post(
    '/jobs/:id/treatments/:treatmentId/correction',
    requireRole('staff', 'admin'),
    idempotent,
    validate('json', bodyOf('POST staff/jobs/{id}/treatments/{treatmentId}/correction/')),
    async (c) => {
      const user = currentUser(c)
      const row = user.role === 'admin' ? await jobOfPath(c) : await writableJob(c)
      const treatmentId = c.req.param('treatmentId')
      if (!UUID.test(treatmentId)) {
        fail(400, 'The treatment id must be a UUID made by the app', { field: 'id' })
      }
      const body = c.req.valid('json')
      const { db, config } = c.var
      const product = body.product_id
        ? await db.selectFrom('products').select('id').where('id', '=', body.product_id).executeTakeFirst()
        : undefined
      return db.transaction().execute(async (trx) => {
        const existing = await forUpdate(
          trx,
          trx.selectFrom('job_treatments').selectAll().where('id', '=', treatmentId),
        ).executeTakeFirst()
        if (existing && existing.booking_id !== row.id) {
          fail(409, 'This treatment id is already used by another record.')
        }
        if (existing && user.role !== 'admin' && existing.assignment_id !== row.assignment_id) {
          fail(403, 'This treatment was recorded on an earlier visit: ask the office to correct it.')
        }
        if (!existing && row.assignment_id === null) {
          fail(409, 'No technician was ever assigned to this job, so it has no treatments to correct.')
        }
        const values = {
          product_id: product?.id ?? null,
          ...treatmentFields(body),
          corrected_by: user.id,
          corrected_at: body.occurred_at,
        }
        if (existing) {
          await trx.updateTable('job_treatments').set(values).where('id', '=', treatmentId).execute()
        } else {
          await trx
            .insertInto('job_treatments')
            .values({
              ...values,
              id: treatmentId,
              booking_id: row.id,
              assignment_id: row.assignment_id!,
              staff_id: row.staff_id,
              occurred_at: body.occurred_at,
            })
            .execute()
        }
        const previous: Treatment | null = existing
          ? {
              id: existing.id,
              ...treatmentFields(existing),
            }
          : null
        await trx
          .insertInto('job_treatment_corrections')
          .values({
            treatment_id: treatmentId,
            booking_id: row.id,
            corrected_by: user.id,
            corrected_at: body.occurred_at,
            received_at: new Date(config.now()).toISOString(),
            reason: body.reason,
            previous: previous && JSON.stringify(previous),
          })
          .execute()
        await trx.updateTable('jobs').set({ updated_at: nowIso() }).where('booking_id', '=', row.id).execute()
        const treatment: Treatment = {
          id: treatmentId,
          ...treatmentFields(body),
          corrected: { by: displayName(user), at: body.occurred_at },
        }
        return answerOnce(
          c,
          trx,
          { message: existing ? 'Treatment corrected.' : 'Treatment added to the job.', treatment },
          200,
        )
      })
    },
  )

  .post('/jobs/:id/photos', requireRole('staff'), uploadLimit, idempotent, async (c) => {
    const row = await writableJob(c)
    const form = await readForm(c)
    const fields = photoFields.safeParse(textFields(form))
    if (!fields.success) {
      const issue = fields.error.issues[0]
      fail(400, issue?.message ?? 'Invalid photo', { field: issue?.path.join('.') })
    }
    const { id, kind, taken_at } = fields.data
    const { db } = c.var
    const savedAnswer = { message: 'Photo saved.', id, url: photoPath(row.id, id) }
    const saved = () => c.json(savedAnswer, 201)
    const taken = () => fail(409, 'This photo id is already used by another record.')
    const earlier = await earlierRecord(db, 'job_photos', id, row)
    if (earlier) return earlier === 'same' ? saved() : taken()
    const status = row.job_status ?? 'assigned'
    if (isFinalJobStatus(status)) notAllowed(status, 'adding a photo')
    // Decoded and re-encoded before the transaction: sharp is slow, and a transaction holds SQLite's one connection.
    const image = await checkUploadedImage(c, form.image)
    if (image instanceof Response) return image
    if (!image) fail(400, 'Choose a photo to upload', { field: 'image' })
    const file = `${id}.${image.type}`
    const outcome = await db.transaction().execute(async (trx) => {
      const job = await lockOpenJob(trx, row)
      if (job !== 'open') return job
      const inserted = affectedRows(
        await trx
          .insertInto('job_photos')
          .values({
            id,
            booking_id: row.id,
            assignment_id: row.assignment_id!,
            staff_id: row.staff_id,
            kind,
            file,
            bytes: image.bytes.length,
            taken_at,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .executeTakeFirst(),
      )
      if (!inserted) return 'again'
      // The bytes live in the database, so any instance can serve the photo and put it in the report.
      await saveMedia(trx, jobPhotoMediaName(file), PHOTO_TYPES[image.type], image.bytes, {
        keepExisting: true,
      })
      await trx.updateTable('jobs').set({ updated_at: nowIso() }).where('booking_id', '=', row.id).execute()
      return answerOnce(c, trx, savedAnswer, 201)
    })
    if (outcome instanceof Response) return outcome
    if (outcome === 'again')
      return (await earlierRecord(db, 'job_photos', id, row)) === 'same' ? saved() : taken()
    if (outcome === 'moved') return changedMeanwhile(c, 'adding a photo', status)
    return notAllowed(outcome, 'adding a photo')
  })

  .get('/jobs/:id/photos/:photoId', requireLogin, async (c) => {
    const row = await jobOfPath(c, 'Photo not found')
    if (!canRead(currentUser(c), row)) fail(403, 'You do not have permission to see this photo.')
    const photo = await c.var.db
      .selectFrom('job_photos')
      .select('file')
      .where('id', '=', c.req.param('photoId'))
      .where('booking_id', '=', row.id)
      .executeTakeFirst()
    const media = photo ? await readMedia(c.var.db, jobPhotoMediaName(photo.file)) : undefined
    if (!media) fail(404, 'Photo not found')
    c.header('Content-Type', media.contentType)
    c.header('Cache-Control', 'private, max-age=604800')
    c.header('X-Content-Type-Options', 'nosniff')
    return c.body(new Uint8Array(media.bytes))
  })

  .post(
    '/jobs/:id/complete',
    requireRole('staff'),
    idempotent,
    validate('json', bodyOf('POST staff/jobs/{id}/complete/')),
    async (c) => {
      const row = await writableJob(c)
      const body = c.req.valid('json')
      const current = row.job_status ?? 'assigned'
      if (!nextJobStatus(current, 'completed')) notAllowed(current, '“Complete job”')
      const { db, config } = c.var
      const url = reportPath(row.id)
      // Signed outside the transaction: the link key is read (or made once) on the database itself.
      const rateUrl = await ratingLink(db, row.id, config.now())
      const year = body.occurred_at.slice(0, 4)
      const done = await db.transaction().execute(async (trx) => {
        const event = { type: 'completed' as const, occurred_at: body.occurred_at }
        if (!(await moveJob(trx, row, current, 'completed', event))) return null
        await trx
          .insertInto('job_reports')
          .values({
            booking_id: row.id,
            assignment_id: row.assignment_id!,
            staff_id: row.staff_id,
            certificate_no: `GS-${year}-${String(row.id).padStart(6, '0')}`,
            summary: body.summary,
            recommendations: body.recommendations,
            signer_name: body.signer_name,
            signature: body.signature || null,
            signature_refused_reason: body.signature ? null : body.signature_refused_reason,
            payment_amount_kobo: body.payment ? toKobo(body.payment.amount) : null,
            payment_method: body.payment?.method ?? null,
            payment_reference: body.payment?.reference ?? '',
            occurred_at: body.occurred_at,
          })
          .execute()
        await trx
          .updateTable('bookings')
          .set({ status: 'Completed', updated_at: nowIso() })
          .where('id', '=', row.id)
          .execute()
        // A plan's visit books the plan's next one, once however often the completion arrives.
        await afterVisitCompleted(trx, row.id, config.now())
        if (body.payment) {
          const { amount, method, reference } = body.payment
          const taken = { amountKobo: toKobo(amount), method, reference, receivedAt: body.occurred_at }
          await carryOnSitePayment(trx, row.id, taken, config.now())
        }
        // The rating's notification first, so the report's reads on top of the list.
        await notify(
          trx,
          row.user_id,
          'How Did We Do?',
          `Rate your ${row.service} visit of ${when(row)} in one tap: it helps us and your technician.`,
          { path: rateUrl, label: 'Rate the visit' },
        )
        await notify(
          trx,
          row.user_id,
          'Service Completed',
          `Our technician completed your ${row.service} service on ${when(row)}. ` +
            `Your service report: ${config.appUrl}${config.apiBase}${url}`,
          { path: url, label: 'Open the service report' },
        )
        await sendMessage(
          { db: trx },
          {
            to: row.user_id ?? 0,
            template: 'service_completed',
            data: { service: row.service, report_url: url, rate_url: rateUrl },
          },
        )
        const answer = { message: 'Job completed. The customer has been sent the report.', report_url: url }
        return answerOnce(c, trx, answer, 201)
      })
      return done ?? changedMeanwhile(c, '“Complete job”', current)
    },
  )

  // Public and the same for everyone: the report page's only script.
  .get('/report-print.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8')
    c.header('Cache-Control', 'public, max-age=86400')
    return c.body(REPORT_PRINT_SCRIPT)
  })
  .get('/jobs/:id/report', requireLogin, async (c) => {
    const row = await jobOfPath(c, 'Report not found')
    if (!canRead(currentUser(c), row)) fail(403, 'You do not have permission to see this report.')
    const html = (await renderReport(c.var.db, row)) ?? fail(404, 'This job has no service report yet.')
    // Private, but kept by the browser and the service worker so the customer can reopen it offline.
    c.header('Cache-Control', 'private, max-age=0, must-revalidate')
    return c.html(html)
  })
