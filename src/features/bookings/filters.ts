import type { Booking } from '../../../contract/bookings.js'
import { localPhone } from '../../../contract/phone.js'
import { fieldHas, normalizeQuery } from '../../lib/search'

/** Status filter values, and the bookings waiting on the admin. */
export type BookingStatusFilter = 'all' | 'attention' | 'pending' | 'confirmed' | 'completed' | 'cancelled'

/** Search by customer name, phone (as stored or typed with the leading 0) or location. */
export function filterBookings(bookings: Booking[], search: string, status: BookingStatusFilter): Booking[] {
  const q = normalizeQuery(search)
  const qDigits = q.replace(/[\s-]/g, '')
  return bookings.filter(
    (b) =>
      (status === 'all' ||
        b.status.toLowerCase() === status ||
        (status === 'attention' && !!b.needs_attention)) &&
      (!q ||
        fieldHas(b.full_name, q) ||
        fieldHas(b.location, q) ||
        (qDigits !== '' &&
          (fieldHas(b.phone_number, qDigits) || fieldHas(localPhone(b.phone_number), qDigits)))),
  )
}
