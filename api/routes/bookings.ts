import { Hono, type Context } from 'hono'
import { appointmentBody, type Booking, type BookingStatus } from '../../contract/index.js'
import { formatDate } from '../../contract/dates.js'
import type { AppEnv } from '../types.js'
import { currentUser, fullName, requireLogin, requireRole } from '../middleware/auth.js'
import { idempotent } from '../middleware/idempotency.js'
import { parseId, validate } from '../middleware/validate.js'
import { notify } from '../lib/notify.js'

const BOOKING_COLUMNS = 'id, full_name, phone_number, service, info, date, time, status, location'

interface BookingRow extends Booking {
  user_id: number | null
}

/** The admin's one-step forward move for each status; the others are final. */
const NEXT_STATUS: Partial<Record<BookingStatus, { status: BookingStatus; message: string }>> = {
  Pending: { status: 'Confirmed', message: 'Booking confirmed' },
  Confirmed: { status: 'Completed', message: 'Booking marked as completed' },
}

const when = (b: Pick<Booking, 'date' | 'time'>) => `${formatDate(`${b.date}T00:00:00`)} at ${b.time}`

function findBooking(c: Context<AppEnv>): BookingRow | undefined {
  const id = parseId(c.req.param('id'))
  if (!id) return undefined
  return c.var.db.prepare(`SELECT ${BOOKING_COLUMNS}, user_id FROM bookings WHERE id = ?`).get(id) as
    BookingRow | undefined
}

const notFound = (c: Context<AppEnv>) => c.json({ message: 'Booking not found' }, 404)

export const bookingsRoutes = new Hono<AppEnv>({ strict: false })
  // Validation runs inside the idempotency scope, so a replayed bad request gets the same 400.
  .post('/appointment', requireLogin, idempotent, validate('json', appointmentBody()), (c) => {
    const { db } = c.var
    const user = currentUser(c)
    const body = c.req.valid('json')
    // One transaction: if the notification fails the booking goes too, so the retry (its
    // Idempotency-Key freed by the 500) cannot leave a second booking behind.
    const id = db.transaction(() => {
      const { lastInsertRowid } = db
        .prepare(
          `INSERT INTO bookings (user_id, full_name, phone_number, location, service, date, time, info)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          user.id,
          fullName(user) || user.email,
          body.phone_number,
          body.location,
          body.service,
          body.date,
          body.time,
          body.info,
        )
      notify(
        db,
        user.id,
        'Appointment Received',
        `We received your ${body.service} booking for ${when(body)}. ` +
          'We will confirm it within 24 hours.',
      )
      return Number(lastInsertRowid)
    })()
    return c.json(
      { message: 'Your appointment has been booked. We will confirm it within 24 hours.', id },
      201,
    )
  })

  .get('/appointment', requireLogin, (c) => {
    const user = currentUser(c)
    const order = 'ORDER BY date DESC, time DESC, id DESC'
    const rows =
      user.role === 'admin'
        ? c.var.db.prepare(`SELECT ${BOOKING_COLUMNS} FROM bookings ${order}`).all()
        : c.var.db.prepare(`SELECT ${BOOKING_COLUMNS} FROM bookings WHERE user_id = ? ${order}`).all(user.id)
    return c.json(rows as Booking[])
  })

  .post('/admins/actions/:id', requireRole('admin'), (c) => {
    const booking = findBooking(c)
    if (!booking) return notFound(c)
    const next = NEXT_STATUS[booking.status]
    if (!next) {
      return c.json(
        { message: `This booking is ${booking.status} and cannot be moved on.`, status: booking.status },
        409,
      )
    }
    // Guarded by the status read above, so a double click cannot skip a step; one transaction with the
    // notification, so a failure leaves the status as it was and the admin's retry makes the same move.
    const db = c.var.db
    const changed = db.transaction(() => {
      const moved = db
        .prepare(
          `UPDATE bookings SET status = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
           WHERE id = ? AND status = ?`,
        )
        .run(next.status, booking.id, booking.status).changes
      if (moved) {
        notify(
          db,
          booking.user_id,
          `Appointment ${next.status}`,
          next.status === 'Confirmed'
            ? `Your ${booking.service} appointment on ${when(booking)} is confirmed. ` +
                'Our team will arrive at the booked time.'
            : `Your ${booking.service} appointment on ${when(booking)} is complete. ` +
                'Thank you for choosing us!',
        )
      }
      return moved
    })()
    if (!changed) return c.json({ message: 'This booking was changed meanwhile. Reload and try again.' }, 409)
    return c.json({ message: next.message, status: next.status })
  })

  // "Delete" keeps the booking as Cancelled: the customer and the books still need to see it happened.
  .delete('/admins/delete/:id/booking', requireRole('admin'), (c) => {
    const booking = findBooking(c)
    if (!booking) return notFound(c)
    if (booking.status === 'Completed') {
      return c.json({ message: 'A completed booking cannot be cancelled.' }, 409)
    }
    if (booking.status === 'Cancelled') return c.body(null, 204)
    const db = c.var.db
    db.transaction(() => {
      db.prepare(
        `UPDATE bookings SET status = 'Cancelled', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
         WHERE id = ?`,
      ).run(booking.id)
      notify(
        db,
        booking.user_id,
        'Appointment Cancelled',
        `Your ${booking.service} appointment on ${when(booking)} has been cancelled. ` +
          'Please contact us or book another date.',
      )
    })()
    return c.body(null, 204)
  })
