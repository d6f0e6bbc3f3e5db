/** Service appointments (appointment/, admins/actions/{id}/, admins/delete/{id}/booking/). */
import { z } from 'zod'
import { BUSINESS_TIME_ZONE, isCalendarDate, todayIso } from './dates.js'
import { phoneField, requiredText } from './fields.js'
import type { JobStatus } from './staff.js'

export const SERVICES = ['fumigation', 'cleaning'] as const
export type Service = (typeof SERVICES)[number]
export const BOOKING_STATUSES = ['Pending', 'Confirmed', 'Completed', 'Cancelled'] as const
export type BookingStatus = (typeof BOOKING_STATUSES)[number]
export interface Booking {
  id: number
  full_name: string
  phone_number: string
  service: Service
  info: string
  date: string
  time: string
  status: BookingStatus
  location: string
  /** GET appointment/ adds the technician, the job's live status and the service report (issue 11). */
  technician?: { id: number; name: string } | null
  job_status?: JobStatus | null
  report_url?: string | null
}

/** The appointment form. `today` is injectable so the rule is testable; the server uses Lagos time. */
export const appointmentBody = (today: () => string = () => todayIso(new Date(), BUSINESS_TIME_ZONE)) =>
  z.object({
    phone_number: phoneField('WhatsApp number'),
    location: requiredText('Location', 300),
    service: z.enum(SERVICES, { error: 'Choose a service: fumigation or cleaning' }),
    date: z
      .string({ error: 'Date is required' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date is required (YYYY-MM-DD)')
      .refine(isCalendarDate, 'Enter a real date')
      .refine((d) => d >= today(), 'The date cannot be in the past'),
    time: z
      .string({ error: 'Time is required' })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time is required (HH:MM)'),
    info: z.string().trim().max(2000, 'Details must be at most 2000 characters').default(''),
  })
export type AppointmentRequest = z.input<ReturnType<typeof appointmentBody>>

// ---------- the admin's moves (POST admins/actions/{id}/, DELETE admins/delete/{id}/booking/) ----------

/** The one-step forward move of admins/actions/{id}/: Pending → Confirmed → Completed; the others are final. */
export function nextBookingStatus(status: BookingStatus): 'Confirmed' | 'Completed' | null {
  return status === 'Pending' ? 'Confirmed' : status === 'Confirmed' ? 'Completed' : null
}

/**
 * SPEC section 4, adapted to our statuses: the action button reads 'approve' on a Pending booking
 * (→ Confirmed) and 'confirm' on a Confirmed one (→ Completed); none otherwise.
 */
export function bookingAction(status: BookingStatus): 'approve' | 'confirm' | null {
  const next = nextBookingStatus(status)
  return next === 'Confirmed' ? 'approve' : next === 'Completed' ? 'confirm' : null
}

/** A booking not yet done can be cancelled (rejected); a Completed one is history. */
export const canCancelBooking = (status: BookingStatus): boolean =>
  status === 'Pending' || status === 'Confirmed'
