/**
 * A booking's no-login page, opened from the day-before reminder (docs/rules/bookings.md, "Reminders"): the
 * customer confirms they will be there, reschedules or cancels, under the same cut-off as in their account.
 */
import { z } from 'zod'
import { booking, rescheduleBody } from './bookings.js'
import { defineEndpoints } from './endpoint.js'
import { isoTime, messageAnswer } from './fields.js'

export const bookingLinkAnswer = z.object({
  booking: booking.omit({ needs_attention: true, unable_reason: true }),
  /** When the customer said they will be there (null: not yet, or the booking moved since). */
  confirmedAt: isoTime.nullable(),
  cutoffHours: z.number().int(),
  /** Why the booking can no longer be moved or cancelled here (past the cut-off, completed...); null: it can. */
  changeRefusal: z.string().nullable(),
})
export type BookingLinkAnswer = z.infer<typeof bookingLinkAnswer>

const changed = messageAnswer.extend({ view: bookingLinkAnswer })
const linkErrors = { 410: 'The link has expired (the visit has started).' } as const

export const bookingLinkEndpoints = defineEndpoints('bookings', {
  'GET booking-links/{token}/': {
    summary: 'The booking a reminder’s signed link opens, without logging in.',
    access: 'public',
    answer: bookingLinkAnswer,
    errors: linkErrors,
  },
  'POST booking-links/{token}/confirm/': {
    summary: 'The customer says they will be there; saying it again answers the same.',
    access: 'public',
    answer: changed,
    errors: { ...linkErrors, 409: 'The booking was cancelled or completed.' },
  },
  'POST booking-links/{token}/cancel/': {
    summary: 'The customer cancels the booking, until the cut-off before it (as in their account).',
    access: 'public',
    answer: changed,
    errors: { ...linkErrors, 409: 'Completed, or within the cut-off; or it changed meanwhile.' },
  },
  'POST booking-links/{token}/reschedule/': {
    summary: 'The customer moves the booking (until the cut-off); it waits for confirmation again.',
    access: 'public',
    body: rescheduleBody(),
    answer: changed,
    errors: { ...linkErrors, 409: 'Completed, cancelled or within the cut-off; or it changed meanwhile.' },
  },
})
