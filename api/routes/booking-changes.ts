import { Hono, type Context } from 'hono'
import {
  bookingSettingsBody,
  customerChangeRefusal,
  isEmergency,
  rescheduleBody,
} from '../../contract/bookings.js'
import type { AppEnv } from '../types.js'
import { currentUser, requireLogin, requireRole } from '../middleware/auth.js'
import { parseId, validate } from '../middleware/validate.js'
import { notifySqlite } from '../lib/notify.js'
import { sendMessageSqlite } from '../messaging/index.js'
import {
  appointmentWhen as when,
  bookingSettings,
  findBooking,
  notifyBookingTeam,
  saveBookingSettings,
} from '../lib/bookings.js'

/** The caller's own booking, or undefined (someone else's is answered like a missing one). */
function ownBooking(c: Context<AppEnv>) {
  const id = parseId(c.req.param('id'))
  const booking = id ? findBooking(c.var.sqlite, id) : undefined
  return booking && booking.user_id === currentUser(c).id ? booking : undefined
}

/**
 * appointment/{id}/cancel/ and appointment/{id}/reschedule/: the customer changes their own booking,
 * until the admin's cut-off before it; the admins are told. Both are guarded by the status and
 * date read first, so a double click (or a change by the admin meanwhile) changes nothing twice.
 */
export const bookingChangeRoutes = new Hono<AppEnv>({ strict: false })
  .post('/:id/cancel', requireLogin, (c) => {
    const booking = ownBooking(c)
    if (!booking) return c.json({ message: 'Booking not found' }, 404)
    if (booking.status === 'Cancelled') return c.json({ message: 'Booking cancelled', status: 'Cancelled' })
    const { sqlite: db, config } = c.var
    const refusal = customerChangeRefusal(booking, bookingSettings(db).cutoff_hours, config.now())
    if (refusal) return c.json({ message: refusal }, 409)
    const changed = db.transaction(() => {
      const done = db
        .prepare(
          `UPDATE bookings SET status = 'Cancelled', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
           WHERE id = ? AND status = ?`,
        )
        .run(booking.id, booking.status).changes
      if (!done) return false
      notifySqlite(
        db,
        booking.user_id,
        'Appointment Cancelled',
        `You cancelled your ${booking.service} appointment on ${when(booking)}.`,
      )
      notifyBookingTeam(
        db,
        booking.id,
        'Booking Cancelled by Customer',
        `${booking.full_name} cancelled the ${booking.service} appointment on ${when(booking)} ` +
          `at ${booking.location}.`,
      )
      return true
    })()
    if (!changed) return c.json({ message: 'This booking was changed meanwhile. Reload and try again.' }, 409)
    return c.json({ message: 'Booking cancelled', status: 'Cancelled' })
  })

  .post('/:id/reschedule', requireLogin, validate('json', rescheduleBody()), (c) => {
    const booking = ownBooking(c)
    if (!booking) return c.json({ message: 'Booking not found' }, 404)
    const { sqlite: db, config } = c.var
    const settings = bookingSettings(db)
    const refusal = customerChangeRefusal(booking, settings.cutoff_hours, config.now())
    if (refusal) return c.json({ message: refusal }, 409)
    const { date, time } = c.req.valid('json')
    const emergency = isEmergency(settings, date, time)
    // A moved booking waits for the admin's confirmation again.
    const changed = db.transaction(() => {
      const done = db
        .prepare(
          `UPDATE bookings SET date = ?, time = ?, emergency = ?, status = 'Pending',
               updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
             WHERE id = ? AND status = ? AND date = ? AND time = ?`,
        )
        .run(date, time, emergency ? 1 : 0, booking.id, booking.status, booking.date, booking.time).changes
      if (!done) return false
      notifySqlite(
        db,
        booking.user_id,
        'Appointment Rescheduled',
        `Your ${booking.service} appointment moved from ${when(booking)} to ${when({ date, time })}` +
          (emergency
            ? ' (an emergency call-out: outside our working hours).'
            : '. We will confirm it again.'),
      )
      sendMessageSqlite(
        { db: c.var.sqlite },
        {
          to: booking.user_id ?? 0,
          template: 'booking_rescheduled',
          data: { service: booking.service, when: when({ date, time }), previous_when: when(booking) },
        },
      )
      notifyBookingTeam(
        db,
        booking.id,
        'Booking Rescheduled by Customer',
        `${booking.full_name} moved the ${booking.service} appointment at ${booking.location} ` +
          `from ${when(booking)} to ${when({ date, time })}${emergency ? ' (emergency call-out)' : ''}.`,
      )
      return true
    })()
    if (!changed) return c.json({ message: 'This booking was changed meanwhile. Reload and try again.' }, 409)
    return c.json({ message: 'Booking rescheduled', booking: findBooking(db, booking.id) })
  })

/** booking-settings/: the cut-off and working hours (public: /book shows them before sending). */
export const bookingSettingsRoutes = new Hono<AppEnv>({ strict: false }).get('/', (c) =>
  c.json(bookingSettings(c.var.sqlite)),
)

/** admins/booking-settings/: the admin sets them. */
export const adminBookingSettingsRoutes = new Hono<AppEnv>({ strict: false }).post(
  '/',
  requireRole('admin'),
  validate('json', bookingSettingsBody),
  (c) => {
    saveBookingSettings(c.var.sqlite, c.req.valid('json'))
    return c.json({ message: 'Booking settings saved.', settings: bookingSettings(c.var.sqlite) })
  },
)
