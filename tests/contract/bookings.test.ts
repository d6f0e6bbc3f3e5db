import { describe, expect, it } from 'vitest'
import {
  BOOKING_STATUSES,
  bookingAction,
  canCancelBooking,
  nextBookingStatus,
  upcomingThenPast,
} from '../../contract/bookings'

describe('the admin moves a booking one step at a time', () => {
  it('Pending → Confirmed → Completed; Completed and Cancelled are final', () => {
    expect(BOOKING_STATUSES.map(nextBookingStatus)).toEqual(['Confirmed', 'Completed', null, null])
  })

  it("names the move 'approve' on a Pending booking and 'confirm' on a Confirmed one", () => {
    expect(BOOKING_STATUSES.map(bookingAction)).toEqual(['approve', 'confirm', null, null])
  })

  it('lets a booking be cancelled until it is done', () => {
    expect(BOOKING_STATUSES.filter(canCancelBooking)).toEqual(['Pending', 'Confirmed'])
  })
})

describe("the customer's appointments in date order", () => {
  it('upcoming first, soonest first; then the past, latest first', () => {
    const now = Date.parse('2026-03-10T12:00:00+01:00')
    const b = (id: number, date: string, time: string) => ({ id, date, time })
    const list = [
      b(1, '2026-03-20', '09:00'),
      b(2, '2026-03-01', '10:00'),
      b(3, '2026-03-10', '15:00'),
      b(4, '2026-03-10', '11:00'),
      b(5, '2026-03-11', '08:30'),
      b(6, '2026-02-14', '16:00'),
      b(7, '2026-03-10', '12:00'),
    ]
    expect(upcomingThenPast(list, now).map((x) => x.id)).toEqual([7, 3, 5, 1, 4, 2, 6])
  })
})
