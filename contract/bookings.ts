/** Service appointments (appointment/, admins/actions/{id}/, admins/delete/{id}/booking/). */
import { z } from 'zod'
import { addDays, BUSINESS_TIME_ZONE, formatDay, formatTime, isCalendarDate, todayIso } from './dates.js'
import { defineEndpoints } from './endpoint.js'
import { lagosDay, messageAnswer, naira, phoneField, requiredText } from './fields.js'
import { JOB_STATUSES } from './job-status.js'
import { workingHoursText, type BookingSettings } from './working-hours.js'

export const SERVICES = ['fumigation', 'cleaning'] as const
export type Service = (typeof SERVICES)[number]
export const BOOKING_STATUSES = ['Pending', 'Confirmed', 'Completed', 'Cancelled'] as const
export type BookingStatus = (typeof BOOKING_STATUSES)[number]
export const booking = z.object({
  id: z.number().int(),
  full_name: z.string(),
  phone_number: z.string(),
  service: z.enum(SERVICES),
  info: z.string(),
  date: lagosDay,
  time: z.string(),
  status: z.enum(BOOKING_STATUSES),
  location: z.string(),
  /** GET appointment/ adds the technician, the job's live status and the service report. */
  technician: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  job_status: z.enum(JOB_STATUSES).nullable().optional(),
  report_url: z.string().nullable().optional(),
  /** Booked outside the working hours: an emergency call-out (a response in 2 to 4 hours). */
  emergency: z.boolean(),
  /**
   * Admins only: the technician could not complete the job and the booking waits for the admin to
   * reschedule, reassign or cancel it; `unable_reason` is the technician's reason.
   */
  needs_attention: z.boolean().optional(),
  unable_reason: z.string().nullable().optional(),
  /**
   * The kind of work the customer chose, the units they counted on a per-unit kind, and the estimate
   * worked out when they booked (naira; a "from" kind's lowest price) and in words. Later price changes
   * leave them. Left out of a booking made without a kind ("not sure, we'll inspect").
   */
  service_kind: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  units: z.number().int().nullable().optional(),
  estimate: naira.nullable().optional(),
  estimate_text: z.string().nullable().optional(),
  /** A visit of a service plan (plans/): the plan's id. Left out of other bookings. */
  plan_id: z.number().int().optional(),
})
export type Booking = z.infer<typeof booking>

/** "Now" in Lagos: the day (YYYY-MM-DD) and the time (HH:MM), whatever the device's own zone. */
export function lagosNow(now: Date): { day: string; time: string } {
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: BUSINESS_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(now)
  return { day: todayIso(now, BUSINESS_TIME_ZONE), time }
}

/** How far ahead a booking may be made. */
export const BOOKING_HORIZON_DAYS = 365

/**
 * The date and time rules of a booking (and of a reschedule), judged in Lagos time: not a day or a
 * time already past, not more than a year ahead. Messages name times the way the pickers show them.
 */
const whenFields = (now: () => Date) => ({
  date: z
    .string({ error: 'Date is required' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date is required')
    .refine(isCalendarDate, 'Enter a real date')
    .refine((d) => d >= lagosNow(now()).day, 'The date cannot be in the past')
    .superRefine((d, ctx) => {
      const last = addDays(lagosNow(now()).day, BOOKING_HORIZON_DAYS)
      if (d > last) ctx.addIssue({ code: 'custom', message: `Choose a date up to ${formatDay(last)}` })
    }),
  time: z.string({ error: 'Time is required' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time is required'),
})

/** Today's times that are gone: checked across the two fields, reported on the time. */
const notPastToday = (now: () => Date) => (v: { date: string; time: string }, ctx: z.RefinementCtx) => {
  const { day, time } = lagosNow(now())
  if (v.date === day && v.time <= time) {
    ctx.addIssue({
      code: 'custom',
      path: ['time'],
      message: `That time has passed: choose a time after ${formatTime(time)} today`,
    })
  }
}

/**
 * The appointment form. `now` is injectable so the rules are testable; the server passes its clock.
 * `full_name` is for an admin booking for a caller on the phone; a customer's own name is used otherwise.
 */
export const appointmentBody = (now: () => Date = () => new Date()) =>
  z
    .object({
      phone_number: phoneField('WhatsApp number'),
      location: requiredText('Location', 300),
      service: z.enum(SERVICES, { error: 'Choose a service: fumigation or cleaning' }),
      ...whenFields(now),
      info: z.string().trim().max(2000, 'Details must be at most 2000 characters').default(''),
      full_name: z.string().trim().max(150, 'Name must be at most 150 characters').optional(),
      /** A kind of the chosen service (services/); left out or null: the office prices it after inspection. */
      service_kind_id: z
        .number({ error: 'Choose a kind of service from the list' })
        .int('Choose a kind of service from the list')
        .positive('Choose a kind of service from the list')
        .nullable()
        .optional(),
      /** How many units (rooms, m², seats) of a per-unit kind: 1 to 999. */
      units: z
        .number({ error: 'Enter how many, as a whole number' })
        .int('Enter how many, as a whole number')
        .min(1, 'Enter at least 1')
        .max(999, 'Enter at most 999')
        .nullable()
        .optional(),
    })
    .superRefine(notPastToday(now))
export type AppointmentRequest = z.input<ReturnType<typeof appointmentBody>>

// ---------- the admin's moves (POST admins/actions/{id}/, DELETE admins/delete/{id}/booking/) ----------

/** The one-step forward move of admins/actions/{id}/: Pending → Confirmed → Completed; the others are final. */
export function nextBookingStatus(status: BookingStatus): 'Confirmed' | 'Completed' | null {
  return status === 'Pending' ? 'Confirmed' : status === 'Confirmed' ? 'Completed' : null
}

/**
 * The action button reads 'approve' on a Pending booking
 * (→ Confirmed) and 'confirm' on a Confirmed one (→ Completed); none otherwise.
 */
export function bookingAction(status: BookingStatus): 'approve' | 'confirm' | null {
  const next = nextBookingStatus(status)
  return next === 'Confirmed' ? 'approve' : next === 'Completed' ? 'confirm' : null
}

/** A booking not yet done can be cancelled (rejected); a Completed one is history. */
export const canCancelBooking = (status: BookingStatus): boolean =>
  status === 'Pending' || status === 'Confirmed'

// ---------- the customer's own changes (appointment/{id}/cancel/, appointment/{id}/reschedule/) ----------

export const rescheduleBody = (now: () => Date = () => new Date()) =>
  z.object(whenFields(now)).superRefine(notPastToday(now))
export type RescheduleRequest = z.input<ReturnType<typeof rescheduleBody>>

export { DEFAULT_BOOKING_SETTINGS, workingHoursText, type BookingSettings } from './working-hours.js'
const hhmm = (label: string) =>
  z.string({ error: `${label} is required` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} is required`)
export const bookingSettingsBody = z
  .object({
    cutoff_hours: z
      .number({ error: 'Cut-off must be a number of hours' })
      .int('Cut-off must be a whole number of hours')
      .min(0, 'Cut-off cannot be negative')
      .max(168, 'Cut-off can be at most 168 hours (a week)'),
    work_start: hhmm('Opening time'),
    work_end: hhmm('Closing time'),
    work_days: z.array(z.number().int().min(0).max(6)).max(7),
  })
  .refine((s) => s.work_start < s.work_end, {
    message: 'Closing time must be after opening time',
    path: ['work_end'],
  })
export type BookingSettingsRequest = z.input<typeof bookingSettingsBody>

/** Outside the working days or hours: the booking is an emergency call-out. */
export function isEmergency(settings: BookingSettings, date: string, time: string): boolean {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay()
  return !settings.work_days.includes(weekday) || time < settings.work_start || time >= settings.work_end
}

/** The instant (ms) a booking starts: its date and time in Lagos (UTC+1 all year). */
export const bookingStart = (b: Pick<Booking, 'date' | 'time'>): number =>
  Date.parse(`${b.date}T${b.time}:00+01:00`)

/**
 * A customer's bookings as they look for them: the upcoming ones first, soonest first, then the past
 * ones, latest first (by Lagos date and time; ties by id).
 */
export function upcomingThenPast<T extends Pick<Booking, 'id' | 'date' | 'time'>>(
  bookings: T[],
  now: number,
): T[] {
  const start = (b: T) => bookingStart(b)
  const upcoming = bookings.filter((b) => start(b) >= now).sort((a, b) => start(a) - start(b) || a.id - b.id)
  const past = bookings.filter((b) => start(b) < now).sort((a, b) => start(b) - start(a) || b.id - a.id)
  return [...upcoming, ...past]
}

/**
 * Whether the customer may still cancel or move it: not done or cancelled, and at least cutoff_hours
 * before it starts. `null` when allowed, else the reason.
 */
export function customerChangeRefusal(
  b: Pick<Booking, 'date' | 'time' | 'status'>,
  cutoffHours: number,
  now: number,
): string | null {
  if (!canCancelBooking(b.status)) return `This booking is ${b.status.toLowerCase()} and cannot be changed.`
  if (bookingStart(b) - now < cutoffHours * 3_600_000) {
    return `Bookings can only be changed up to ${cutoffHours} hours before. Please call us.`
  }
  return null
}

/**
 * A booking moved to a time inside the notice for changes (cutoff_hours) could no longer be changed the
 * moment it is made, and the office gets less notice than the rule promises it: refused. null when fine.
 */
export function rescheduleTooSoon(
  when: Pick<Booking, 'date' | 'time'>,
  cutoffHours: number,
  now: number,
): string | null {
  if (bookingStart(when) - now >= cutoffHours * 3_600_000) return null
  return `The new time must be at least ${cutoffHours} hours from now. Choose a later time, or call us.`
}

/** The line a customer reads before sending a booking outside the working hours. */
export const emergencyText = (settings: BookingSettings) =>
  `This time is outside our working hours (${workingHoursText(settings)}), so it will be booked as an ` +
  'emergency call-out: we respond within 2 to 4 hours.'

// ---------- the calls ----------

const hhmmAnswer = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/)
/** GET booking-settings/: the rules as saved (or the defaults). */
export const bookingSettingsAnswer = z.object({
  cutoff_hours: z.number().int(),
  work_start: hhmmAnswer,
  work_end: hhmmAnswer,
  work_days: z.array(z.number().int().min(0).max(6)),
}) satisfies z.ZodType<BookingSettings>

/** A booking as the office reads it: whose account it is, and the follow-up an unable job needs. */
const adminBooking = booking.extend({
  user_id: z.number().int().nullable(),
  technician: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  job_status: z.enum(JOB_STATUSES).nullable(),
  report_url: z.string().nullable(),
  needs_attention: z.boolean(),
  unable_reason: z.string().nullable(),
})

const CHANGED_MEANWHILE = 'the booking was changed meanwhile (reload and try again)'

export const bookingEndpoints = defineEndpoints('bookings', {
  'GET appointment/': {
    summary:
      'Bookings by appointment date, latest first, each with its technician, job status and report: an ' +
      "admin gets every booking (with the office's follow-up), anyone else their own.",
    access: 'user',
    answer: z.array(booking),
  },
  'POST appointment/': {
    summary:
      'Books a fumigation or cleaning visit; outside the working hours it is an emergency call-out. An ' +
      'admin taking a phone call may book for the caller by `full_name`. With `service_kind_id` (an ' +
      'active kind of the chosen service, services/) and, for a per-unit kind, `units`, the server works ' +
      'out the estimate and keeps it with the booking.',
    access: 'user',
    body: appointmentBody(),
    answer: messageAnswer.extend({
      id: z.number().int(),
      emergency: z.boolean(),
      /** The estimate of the kind chosen, in words (left out when none was chosen). */
      estimate_text: z.string().optional(),
    }),
    status: 201,
    idempotent: true,
    errors: {
      409: 'A request with the same Idempotency-Key is still being processed.',
      422: 'The Idempotency-Key was already used for a different request.',
    },
  },
  'POST appointment/{id}/cancel/': {
    summary: 'The customer cancels their own booking, until the cut-off before it.',
    access: 'user',
    answer: messageAnswer.extend({ status: z.literal('Cancelled') }),
    errors: { 409: `Completed, or within the cut-off; or ${CHANGED_MEANWHILE}.` },
  },
  'POST appointment/{id}/reschedule/': {
    summary: 'The customer moves their own booking (until the cut-off); it waits for confirmation again.',
    access: 'user',
    body: rescheduleBody(),
    answer: messageAnswer.extend({ booking: booking.extend({ user_id: z.number().int().nullable() }) }),
    errors: {
      409: `Completed, cancelled or within the cut-off; or ${CHANGED_MEANWHILE}.`,
    },
  },
  'POST admins/actions/{id}/': {
    summary: 'Moves a booking one step on: Pending to Confirmed, Confirmed to Completed.',
    access: 'admin',
    answer: messageAnswer.extend({ status: z.enum(['Confirmed', 'Completed']) }),
    errors: {
      409:
        'The booking cannot move on (final, or the technician could not complete it: `status` says ' +
        `where it stands); or ${CHANGED_MEANWHILE}.`,
    },
  },
  'POST admins/bookings/{id}/reschedule/': {
    summary:
      'Moves a booking to another time; its status stays, and a technician still on it keeps it if free.',
    access: 'admin',
    body: rescheduleBody(),
    answer: messageAnswer.extend({ booking: adminBooking }),
    errors: {
      409:
        'Completed or cancelled; the technician has another job then (`code` "overlap"); or ' +
        `${CHANGED_MEANWHILE}.`,
    },
  },
  'DELETE admins/delete/{id}/booking/': {
    summary: 'Cancels a booking (it stays, as Cancelled; the customer is told). Cancelled already: done.',
    access: 'admin',
    status: 204,
    errors: { 409: 'A completed booking cannot be cancelled.' },
  },
  'GET booking-settings/': {
    summary: 'The cut-off for changes and the working hours (outside them a booking is an emergency).',
    access: 'public',
    answer: bookingSettingsAnswer,
  },
  'POST admins/booking-settings/': {
    summary: 'Saves the cut-off for changes and the working hours.',
    access: 'admin',
    body: bookingSettingsBody,
    answer: messageAnswer.extend({ settings: bookingSettingsAnswer }),
  },
})
