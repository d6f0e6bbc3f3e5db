import { Hono, type Context } from 'hono'
import { rescheduleBody } from '../../contract/bookings.js'
import type { AppEnv } from '../types.js'
import { currentUser, requireLogin, requireRole } from '../middleware/auth.js'
import { bodyOf, parseId, validate, validateWithConfig } from '../middleware/validate.js'
import { fail } from '../lib/http-error.js'
import {
  bookingSettings,
  cancelForCustomer,
  findBooking,
  rescheduleForCustomer,
  saveBookingSettings,
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

/**
 * appointment/{id}/cancel/ and appointment/{id}/reschedule/: the customer changes their own booking,
 * until the admin's cut-off before it; the admins are told. Both are guarded by the status and
 * date read first, so a double click (or a change by the admin meanwhile) changes nothing twice.
 */
export const bookingChangeRoutes = new Hono<AppEnv>({ strict: false })
  .post('/:id/cancel', requireLogin, async (c) => c.json(await cancelForCustomer(c.var, await ownBooking(c))))
  .post('/:id/reschedule', requireLogin, validRescheduleBody, async (c) =>
    c.json(await rescheduleForCustomer(c.var, await ownBooking(c), c.req.valid('json'))),
  )

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
