import { describe, expect, it } from 'vitest'
import { BOOKING_STATUSES, bookingAction, canCancelBooking, nextBookingStatus } from '../../contract/bookings'

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
