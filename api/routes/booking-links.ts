import { Hono, type Context } from 'hono'
import type { AppEnv } from '../types.js'
import { validateWithConfig } from '../middleware/validate.js'
import { affectedRows } from '../db/dialect.js'
import { fail } from '../lib/http-error.js'
import { readLink } from '../lib/signed-links.js'
import {
  bookingSettings,
  cancelForCustomer,
  findBooking,
  notifyBookingTeam,
  rescheduleForCustomer,
  appointmentWhen as when,
  withoutAttention,
  type BookingRow,
} from '../lib/bookings.js'
import { customerChangeRefusal, rescheduleBody } from '../../contract/bookings.js'
import type { BookingLinkAnswer } from '../../contract/booking-links.js'

/** The booking a reminder's signed link opens (404 for a link never ours, 410 once the visit has started). */
async function linkedBooking(c: Context<AppEnv>) {
  const id = await readLink(c.var.db, 'booking', c.req.param('token') ?? '', c.var.config.now())
  return (await findBooking(c.var.db, id)) ?? fail(404, 'This booking no longer exists. Please call us.')
}

/** The page's view of the booking: what it is, whether the customer confirmed, and whether it can still change. */
async function view(c: Context<AppEnv>, id: number): Promise<BookingLinkAnswer> {
  const { db, config } = c.var
  const booking = (await findBooking(db, id))!
  const { user_id: _owner, ...shown } = withoutAttention(booking)
  const row = await db
    .selectFrom('bookings')
    .select('customer_confirmed_at')
    .where('id', '=', id)
    .executeTakeFirst()
  const { cutoff_hours } = await bookingSettings(db)
  return {
    booking: shown,
    confirmedAt: row?.customer_confirmed_at ?? null,
    cutoffHours: cutoff_hours,
    changeRefusal: customerChangeRefusal(booking, cutoff_hours, config.now()),
  }
}

/** Says the customer will be there, once; the technician's sheet and the booking's team see it. */
async function confirm(c: Context<AppEnv>, booking: BookingRow) {
  if (booking.status === 'Cancelled' || booking.status === 'Completed')
    fail(409, `This booking is ${booking.status.toLowerCase()}: there is nothing to confirm.`)
  await c.var.db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('bookings')
      .set({ customer_confirmed_at: new Date(c.var.config.now()).toISOString() })
      .where('id', '=', booking.id)
      .where('customer_confirmed_at', 'is', null)
      .executeTakeFirst()
    if (affectedRows(done) === 0) return
    await notifyBookingTeam(
      trx,
      booking.id,
      'Customer Confirmed',
      `${booking.full_name} confirmed the ${booking.service} visit on ${when(booking)} at ${booking.location}.`,
    )
  })
  return `Thank you: we will see you on ${when(booking)}.`
}

/** booking-links/{token}/: a reminder's link, answered without logging in (the link is the authority). */
export const bookingLinkRoutes = new Hono<AppEnv>({ strict: false })
  .get('/:token', async (c) => c.json(await view(c, (await linkedBooking(c)).id)))
  .post('/:token/confirm', async (c) => {
    const booking = await linkedBooking(c)
    const message = await confirm(c, booking)
    return c.json({ message, view: await view(c, booking.id) })
  })
  .post('/:token/cancel', async (c) => {
    const booking = await linkedBooking(c)
    const { message } = await cancelForCustomer(c.var, booking)
    return c.json({ message, view: await view(c, booking.id) })
  })
  .post(
    '/:token/reschedule',
    validateWithConfig('json', (config) => rescheduleBody(() => new Date(config.now()))),
    async (c) => {
      const booking = await linkedBooking(c)
      const { message } = await rescheduleForCustomer(c.var, booking, c.req.valid('json'))
      return c.json({ message, view: await view(c, booking.id) })
    },
  )
