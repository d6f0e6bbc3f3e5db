import { Hono, type Context } from 'hono'
import { appointmentBody, canCancelBooking, isEmergency, nextBookingStatus } from '../../contract/bookings.js'
import type { AppEnv } from '../types.js'
import { currentUser, requireLogin, requireRole } from '../middleware/auth.js'
import { answerOnce, idempotent } from '../middleware/idempotency.js'
import { parseId, validateWithConfig } from '../middleware/validate.js'
import type { Queryable } from '../db/index.js'
import { forUpdate, nowIso } from '../db/dialect.js'
import { notify } from '../lib/notify.js'
import { sendMessage } from '../messaging/index.js'
import { displayName } from '../lib/users.js'
import {
  appointmentWhen as when,
  bookingSettings,
  findBooking as findBookingById,
  listBookings,
  notifyBookingTeam,
  moveBooking,
} from '../lib/bookings.js'
import { withJobInfo } from '../lib/jobs.js'
import { loggedInAccount, tooManySubmissions } from '../middleware/submit-limit.js'

const MOVE_MESSAGE = { Confirmed: 'Booking confirmed', Completed: 'Booking marked as completed' } as const

async function findBooking(c: Context<AppEnv>) {
  const id = parseId(c.req.param('id'))
  return id ? await findBookingById(c.var.db, id) : undefined
}

const notFound = (c: Context<AppEnv>) => c.json({ message: 'Booking not found' }, 404)

/** Email/SMS for a new booking: the customer's receipt and the admins' alert (inside the booking's transaction). */
async function bookingReceivedMessages(
  deps: { db: Queryable },
  userId: number,
  b: { service: string; date: string; time: string; location: string; customer: string },
) {
  const data = { service: b.service, when: when(b) }
  await sendMessage(deps, { to: userId, template: 'booking_received', data })
  await sendMessage(deps, {
    to: 'admins',
    template: 'admin_new_booking',
    data: { ...data, customer: b.customer, location: b.location },
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
          )
          await bookingReceivedMessages({ db: trx }, user.id, { ...body, customer: displayName(user) })
        }
        if (emergency) {
          await notifyBookingTeam(
            trx,
            id,
            'Emergency Call-out',
            `Emergency ${body.service} call-out for ${when(body)} at ${body.location} ` +
              `(${forCaller ? body.full_name : displayName(user)}, ${body.phone_number}). Respond within 2 to 4 hours.`,
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
          },
          201,
        )
      })
    },
  )

  .get('/', requireLogin, async (c) => {
    const user = currentUser(c)
    const { db } = c.var
    // Each row adds its technician, the job's live status and the report (API.md "Field technicians").
    return c.json(await withJobInfo(db, await listBookings(db, user.role === 'admin' ? undefined : user.id)))
  })

/** admins/actions/{id}/: the admin moves a booking one step on (contract nextBookingStatus). */
export const bookingActionRoutes = new Hono<AppEnv>({ strict: false }).post(
  '/:id',
  requireRole('admin'),
  async (c) => {
    const booking = await findBooking(c)
    if (!booking) return notFound(c)
    const next = nextBookingStatus(booking.status)
    if (!next) {
      return c.json(
        { message: `This booking is ${booking.status} and cannot be moved on.`, status: booking.status },
        409,
      )
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
    if (!changed) return c.json({ message: 'This booking was changed meanwhile. Reload and try again.' }, 409)
    return c.json({ message: MOVE_MESSAGE[next], status: next })
  },
)

/**
 * DELETE admins/delete/{id}/booking/ (admin; dispatched by routes/deletions.ts). "Delete" keeps the booking
 * as Cancelled: the customer and the books still need to see it happened.
 */
export async function cancelBooking(c: Context<AppEnv>) {
  const booking = await findBooking(c)
  if (!booking) return notFound(c)
  if (booking.status === 'Cancelled') return c.body(null, 204)
  if (!canCancelBooking(booking.status)) {
    return c.json({ message: 'A completed booking cannot be cancelled.' }, 409)
  }
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
    )
    return true
  })
  // Changed meanwhile: answer as the booking now stands (cancelled by the other request: done).
  if (!cancelled) return cancelBooking(c)
  return c.body(null, 204)
}
