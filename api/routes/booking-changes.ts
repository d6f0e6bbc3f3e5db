import { Hono, type Context } from 'hono'
import {
  customerChangeRefusal,
  isEmergency,
  rescheduleBody,
  rescheduleTooSoon,
} from '../../contract/bookings.js'
import type { AppEnv } from '../types.js'
import { currentUser, requireLogin, requireRole } from '../middleware/auth.js'
import { bodyOf, parseId, validate, validateWithConfig } from '../middleware/validate.js'
import { fail } from '../lib/http-error.js'
import { notify } from '../lib/notify.js'
import { sendMessage } from '../messaging/index.js'
import {
  appointmentWhen as when,
  bookingSettings,
  findBooking,
  messageBookingTeam,
  notifyBookingTeam,
  saveBookingSettings,
  moveBooking,
  withoutAttention,
} from '../lib/bookings.js'

/** A past time is judged by the app's clock (config.now), in Lagos. */
const validRescheduleBody = validateWithConfig('json', (config) =>
  rescheduleBody(() => new Date(config.now())),
)

/** The caller's own booking (404 when there is none; someone else's is answered like a missing one). */
async function ownBooking(c: Context<AppEnv>) {
  const id = parseId(c.req.param('id'))
  const booking = id ? await findBooking(c.var.db, id) : undefined
  return booking && booking.user_id === currentUser(c).id ? booking : fail(404, 'Booking not found')
}

const CHANGED_MEANWHILE = 'This booking was changed meanwhile. Reload and try again.'

/**
 * appointment/{id}/cancel/ and appointment/{id}/reschedule/: the customer changes their own booking,
 * until the admin's cut-off before it; the admins are told. Both are guarded by the status and
 * date read first, so a double click (or a change by the admin meanwhile) changes nothing twice.
 */
export const bookingChangeRoutes = new Hono<AppEnv>({ strict: false })
  .post('/:id/cancel', requireLogin, async (c) => {
    const booking = await ownBooking(c)
    if (booking.status === 'Cancelled') return c.json({ message: 'Booking cancelled', status: 'Cancelled' })
    const { db, config } = c.var
    const refusal = customerChangeRefusal(booking, (await bookingSettings(db)).cutoff_hours, config.now())
    if (refusal) fail(409, refusal)
    const changed = await db.transaction().execute(async (trx) => {
      if (!(await moveBooking(trx, booking, { status: 'Cancelled' }))) return false
      await notify(
        trx,
        booking.user_id,
        'Appointment Cancelled',
        `You cancelled your ${booking.service} appointment on ${when(booking)}.`,
      )
      await notifyBookingTeam(
        trx,
        booking.id,
        'Booking Cancelled by Customer',
        `${booking.full_name} cancelled the ${booking.service} appointment on ${when(booking)} ` +
          `at ${booking.location}.`,
      )
      await messageBookingTeam(trx, booking.id, 'team_booking_cancelled', {
        customer: booking.full_name,
        service: booking.service,
        when: when(booking),
        location: booking.location,
      })
      return true
    })
    if (!changed) fail(409, CHANGED_MEANWHILE)
    return c.json({ message: 'Booking cancelled', status: 'Cancelled' })
  })

  .post('/:id/reschedule', requireLogin, validRescheduleBody, async (c) => {
    const booking = await ownBooking(c)
    const { db, config } = c.var
    const settings = await bookingSettings(db)
    const refusal = customerChangeRefusal(booking, settings.cutoff_hours, config.now())
    if (refusal) fail(409, refusal)
    const { date, time } = c.req.valid('json')
    const tooSoon = rescheduleTooSoon({ date, time }, settings.cutoff_hours, config.now())
    if (tooSoon) fail(400, tooSoon, { field: 'time' })
    const emergency = isEmergency(settings, date, time)
    // A moved booking waits for the admin's confirmation again.
    const changed = await db.transaction().execute(async (trx) => {
      if (!(await moveBooking(trx, booking, { status: 'Pending', date, time, emergency }))) return false
      await notify(
        trx,
        booking.user_id,
        'Appointment Rescheduled',
        `Your ${booking.service} appointment moved from ${when(booking)} to ${when({ date, time })}` +
          (emergency
            ? ' (an emergency call-out: outside our working hours).'
            : '. We will confirm it again.'),
      )
      await sendMessage(
        { db: trx },
        {
          to: booking.user_id ?? 0,
          template: 'booking_rescheduled',
          data: { service: booking.service, when: when({ date, time }), previous_when: when(booking) },
        },
      )
      await notifyBookingTeam(
        trx,
        booking.id,
        'Booking Rescheduled by Customer',
        `${booking.full_name} moved the ${booking.service} appointment at ${booking.location} ` +
          `from ${when(booking)} to ${when({ date, time })}${emergency ? ' (emergency call-out)' : ''}.`,
      )
      await messageBookingTeam(trx, booking.id, 'team_booking_rescheduled', {
        customer: booking.full_name,
        service: booking.service,
        when: when({ date, time }),
        previous_when: when(booking),
        location: booking.location,
        emergency,
      })
      return true
    })
    if (!changed) fail(409, CHANGED_MEANWHILE)
    return c.json({
      message: 'Booking rescheduled',
      booking: withoutAttention((await findBooking(db, booking.id))!),
    })
  })

/** booking-settings/: the cut-off and working hours (public: /book shows them before sending). */
export const bookingSettingsRoutes = new Hono<AppEnv>({ strict: false }).get('/', async (c) =>
  c.json(await bookingSettings(c.var.db)),
)

/** admins/booking-settings/: the admin sets them. */
export const adminBookingSettingsRoutes = new Hono<AppEnv>({ strict: false }).post(
  '/',
  requireRole('admin'),
  validate('json', bodyOf('POST admins/booking-settings/')),
  async (c) => {
    await saveBookingSettings(c.var.db, c.req.valid('json'))
    return c.json({ message: 'Booking settings saved.', settings: await bookingSettings(c.var.db) })
  },
)
