import { Hono, type Context } from 'hono'
import {
  appointmentBody,
  canCancelBooking,
  isEmergency,
  nextBookingStatus,
  rescheduleBody,
} from '../../contract/bookings.js'
import type { AppEnv } from '../types.js'
import { currentUser, requireLogin, requireRole } from '../middleware/auth.js'
import { answerOnce, idempotent } from '../middleware/idempotency.js'
import { parseId, validateWithConfig } from '../middleware/validate.js'
import { fail } from '../lib/http-error.js'
import type { Queryable } from '../db/index.js'
import { forUpdate, nowIso } from '../db/dialect.js'
import { jobPage, MY_BOOKINGS, notify } from '../lib/notify.js'
import { sendMessage } from '../messaging/index.js'
import { displayName } from '../lib/users.js'
import {
  appointmentWhen as when,
  bookingSettings,
  findBooking as findBookingById,
  withoutAttention,
  listBookings,
  notifyBookingTeam,
  moveBooking,
} from '../lib/bookings.js'
import { localPhone } from '../../contract/phone.js'
import { findClash, withJobInfo } from '../lib/jobs.js'
import { loggedInAccount, tooManySubmissions } from '../middleware/submit-limit.js'
import { bookingEstimate } from '../lib/services.js'
import { afterVisitCompleted } from '../lib/plans.js'

const MOVE_MESSAGE = { Confirmed: 'Booking confirmed', Completed: 'Booking marked as completed' } as const

/** The booking the :id of the path names (404 when there is none). */
async function findBooking(c: Context<AppEnv>) {
  const id = parseId(c.req.param('id'))
  return (id && (await findBookingById(c.var.db, id))) || fail(404, 'Booking not found')
}

const CHANGED_MEANWHILE = 'This booking was changed meanwhile. Reload and try again.'

/** Email/SMS for a new booking: the customer's receipt and the admins' alert (inside the booking's transaction). */
async function bookingReceivedMessages(
  deps: { db: Queryable },
  userId: number,
  b: {
    service: string
    date: string
    time: string
    location: string
    customer: string
    phone_number: string
    emergency: boolean
  },
) {
  const data = { service: b.service, when: when(b), emergency: b.emergency }
  await sendMessage(deps, { to: userId, template: 'booking_received', data })
  await sendMessage(deps, {
    to: 'admins',
    template: 'admin_new_booking',
    data: { ...data, customer: b.customer, location: b.location, phone: localPhone(b.phone_number) },
  })
}

/** appointment/: the customer books; everyone lists (admin: all, others: their own). */
export const appointmentRoutes = new Hono<AppEnv>({ strict: false })
  // Validation runs inside the idempotency scope, so a replayed bad request gets the same 400.
  .post(
    '/',
    requireLogin,
    idempotent,
    // "Past" and "a year ahead" are judged in Lagos time by the app's clock (contract appointmentBody).
    validateWithConfig('json', (config) => appointmentBody(() => new Date(config.now()))),
    async (c) => {
      const { db } = c.var
      const user = currentUser(c)
      const body = c.req.valid('json')
      // Worked out at today's price and kept: a later price change leaves this booking's estimate. A wrong
      // kind or count is refused like the other fields, before it counts as a submission.
      const estimate = await bookingEstimate(db, body)
      const refused = await tooManySubmissions(c, 'booking', loggedInAccount(c))
      if (refused) return refused
      // An admin taking a phone call books for the caller: their name, no account of theirs.
      const forCaller = user.role === 'admin' && !!body.full_name
      const emergency = isEmergency(await bookingSettings(db), body.date, body.time)
      // One transaction: if the notification fails the booking goes too, so the retry (its
      // Idempotency-Key freed by the 500) cannot leave a second booking behind; the answer is stored in
      // it too (answerOnce), so a kill after the commit cannot either.
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('bookings')
          .values({
            user_id: forCaller ? null : user.id,
            full_name: forCaller ? body.full_name! : displayName(user),
            phone_number: body.phone_number,
            location: body.location,
            service: body.service,
            date: body.date,
            time: body.time,
            info: body.info,
            emergency: emergency ? 1 : 0,
            booked_by: forCaller ? user.id : null,
            service_kind_id: estimate?.kindId ?? null,
            service_units: estimate?.units ?? null,
            estimate_kobo: estimate?.kobo ?? null,
            estimate_rule: estimate?.rule ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        if (!forCaller) {
          await notify(
            trx,
            user.id,
            emergency ? 'Emergency Call-out Received' : 'Appointment Received',
            emergency
              ? `We received your emergency ${body.service} call-out for ${when(body)}. ` +
                  'It is outside our working hours: we will respond within 2 to 4 hours.'
              : `We received your ${body.service} booking for ${when(body)}. ` +
                  'We will confirm it within 24 hours.',
            MY_BOOKINGS,
          )
          await bookingReceivedMessages({ db: trx }, user.id, {
            ...body,
            customer: displayName(user),
            emergency,
          })
        }
        if (emergency) {
          await notifyBookingTeam(
            trx,
            id,
            'Emergency Call-out',
            `Emergency ${body.service} call-out for ${when(body)} at ${body.location} ` +
              `(${forCaller ? body.full_name : displayName(user)}, ${localPhone(body.phone_number)}). ` +
              'Respond within 2 to 4 hours.',
          )
        }
        return answerOnce(
          c,
          trx,
          {
            message: emergency
              ? 'Your emergency call-out has been booked. We will respond within 2 to 4 hours.'
              : 'Your appointment has been booked. We will confirm it within 24 hours.',
            id,
            emergency,
            ...(estimate && { estimate_text: estimate.text }),
          },
          201,
        )
      })
    },
  )

  .get('/', requireLogin, async (c) => {
    const user = currentUser(c)
    const { db } = c.var
    // Each row adds its technician, the job's live status and the report (docs/rules/technicians.md).
    if (user.role === 'admin') return c.json(await withJobInfo(db, await listBookings(db)))
    return c.json(await withJobInfo(db, (await listBookings(db, user.id)).map(withoutAttention)))
  })

/** admins/actions/{id}/: the admin moves a booking one step on (contract nextBookingStatus). */
export const bookingActionRoutes = new Hono<AppEnv>({ strict: false }).post(
  '/:id',
  requireRole('admin'),
  async (c) => {
    const booking = await findBooking(c)
    const next = nextBookingStatus(booking.status)
    if (next === 'Completed' && booking.needs_attention) {
      fail(
        409,
        `The technician could not complete this job (${booking.unable_reason}). ` +
          'Reschedule it, assign a technician or cancel it.',
        { extra: { status: booking.status } },
      )
    }
    if (!next) {
      fail(409, `This booking is ${booking.status} and cannot be moved on.`, {
        extra: { status: booking.status },
      })
    }
    // Guarded by the status read above, so a double click cannot skip a step; one transaction with the
    // notification, so a failure leaves the status as it was and the admin's retry makes the same move.
    const changed = await c.var.db.transaction().execute(async (trx) => {
      // The job row first, as the technician's "Complete job" takes it (jobs, then bookings): two
      // transactions locking the pair in opposite orders could deadlock on PostgreSQL.
      if (next === 'Completed') {
        await forUpdate(
          trx,
          trx.selectFrom('jobs').select('booking_id').where('booking_id', '=', booking.id),
        ).execute()
      }
      const moved = await moveBooking(trx, booking, { status: next })
      if (moved && next === 'Confirmed') {
        await notify(
          trx,
          booking.user_id,
          'Appointment Confirmed',
          `Your ${booking.service} appointment on ${when(booking)} is confirmed. ` +
            'Our team will arrive at the booked time.',
          MY_BOOKINGS,
        )
        await sendMessage(
          { db: trx },
          {
            to: booking.user_id ?? 0,
            template: 'booking_confirmed',
            data: { service: booking.service, when: when(booking) },
          },
        )
      }
      if (moved && next === 'Completed') {
        // The admin records a visit done without the app: the job (if any) ends with it, so a
        // technician's late updates get a 409 instead of reopening it.
        await trx
          .updateTable('jobs')
          .set({ status: 'completed', updated_at: nowIso() })
          .where('booking_id', '=', booking.id)
          .where('status', 'not in', ['completed', 'unable'])
          .execute()
        await afterVisitCompleted(trx, booking.id, c.var.config.now())
        await notify(
          trx,
          booking.user_id,
          'Service Completed',
          `Our team completed your ${booking.service} service on ${when(booking)}. ` +
            'Thank you for choosing us!',
        )
      }
      return moved
    })
    if (!changed) fail(409, CHANGED_MEANWHILE)
    return c.json({ message: MOVE_MESSAGE[next], status: next })
  },
)

/**
 * DELETE admins/delete/{id}/booking/ (admin; dispatched by routes/deletions.ts). "Delete" keeps the booking
 * as Cancelled: the customer and the books still need to see it happened.
 */
export async function cancelBooking(c: Context<AppEnv>) {
  const booking = await findBooking(c)
  if (booking.status === 'Cancelled') return c.body(null, 204)
  if (!canCancelBooking(booking.status)) fail(409, 'A completed booking cannot be cancelled.')
  const cancelled = await c.var.db.transaction().execute(async (trx) => {
    // Conditional on the status read: a booking completed meanwhile stays completed, and a second
    // cancel (another instance, a double click) does not notify the customer twice.
    if (!(await moveBooking(trx, booking, { status: 'Cancelled' }))) return false
    await notify(
      trx,
      booking.user_id,
      'Appointment Cancelled',
      `Your ${booking.service} appointment on ${when(booking)} has been cancelled. ` +
        'Please contact us or book another date.',
      MY_BOOKINGS,
    )
    return true
  })
  // Changed meanwhile: answer as the booking now stands (cancelled by the other request: done).
  if (!cancelled) return cancelBooking(c)
  return c.body(null, 204)
}

/**
 * admins/bookings/{id}/reschedule/: the admin moves a booking to another time (after a call with the
 * customer, or when the technician could not do it). Its status stays; a technician still on the job
 * keeps it if they are free at the new time (else 409 overlap), one who marked it unable is released.
 */
export const adminRescheduleRoutes = new Hono<AppEnv>({ strict: false }).post(
  '/:id/reschedule',
  requireRole('admin'),
  validateWithConfig('json', (config) => rescheduleBody(() => new Date(config.now()))),
  async (c) => {
    const { db, config } = c.var
    const { date, time } = c.req.valid('json')
    const booking = await findBooking(c)
    if (!canCancelBooking(booking.status)) {
      fail(409, `This booking is ${booking.status} and cannot be rescheduled.`)
    }
    const emergency = isEmergency(await bookingSettings(db), date, time)
    const outcome = await db.transaction().execute(async (trx) => {
      const job = await trx
        .selectFrom('jobs')
        .select(['staff_id', 'status'])
        .where('booking_id', '=', booking.id)
        .executeTakeFirst()
      const keeps = job?.staff_id != null && job.status !== 'unable' ? job.staff_id : null
      if (keeps !== null) {
        // As assigning does: the technician's row first, so two admins cannot double-book them.
        await forUpdate(trx, trx.selectFrom('users').select('id').where('id', '=', keeps)).execute()
        const other = await findClash(trx, keeps, { id: booking.id, date, time }, config.jobMinutes)
        if (other) return { clash: other }
      }
      if (!(await moveBooking(trx, booking, { status: booking.status, date, time, emergency }))) return null
      const moved = { date, time }
      await notify(
        trx,
        booking.user_id,
        'Appointment Rescheduled',
        `Your ${booking.service} appointment moved from ${when(booking)} to ${when(moved)}.`,
        MY_BOOKINGS,
      )
      await sendMessage(
        { db: trx },
        {
          to: booking.user_id ?? 0,
          template: 'booking_rescheduled',
          data: { service: booking.service, when: when(moved), previous_when: when(booking) },
        },
      )
      if (keeps !== null) {
        await notify(
          trx,
          keeps,
          'Job Rescheduled',
          `The ${booking.service} job for ${booking.full_name} at ${booking.location} moved from ` +
            `${when(booking)} to ${when(moved)}.`,
          jobPage(booking.id),
        )
      }
      return { kept: keeps !== null }
    })
    if (outcome === null) fail(409, CHANGED_MEANWHILE)
    if ('clash' in outcome) {
      const other = outcome.clash!
      fail(
        409,
        `The technician already has a job at ${other.time} (${other.full_name}) that day; ` +
          `jobs need ${config.jobMinutes} minutes. Choose another time, or unassign the technician first.`,
        { extra: { code: 'overlap' } },
      )
    }
    return c.json({
      message: outcome.kept
        ? 'Booking rescheduled. The customer and the technician have been told.'
        : 'Booking rescheduled. The customer has been told; assign a technician for the new time.',
      booking: (await withJobInfo(db, [(await findBookingById(db, booking.id))!]))[0],
    })
  },
)
