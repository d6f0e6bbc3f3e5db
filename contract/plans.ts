/**
 * Service plans (docs/rules/plans.md): repeat visits for one customer at one place, every N weeks or months.
 * Each visit is an ordinary booking; completing one books the next (nextPlanVisit says when).
 */
import { z } from 'zod'
import { defineEndpoints } from './endpoint.js'
import { isoTime, lagosDay, messageAnswer, naira, nairaField, phoneField, requiredText } from './fields.js'
import { BOOKING_STATUSES, SERVICES, lagosNow } from './bookings.js'
import { addDays, isCalendarDate } from './dates.js'
import type { BookingSettings } from './working-hours.js'

export const PLAN_STATUSES = ['Active', 'Paused', 'Cancelled'] as const
export type PlanStatus = (typeof PLAN_STATUSES)[number]
export const INTERVAL_UNITS = ['weeks', 'months'] as const
export type IntervalUnit = (typeof INTERVAL_UNITS)[number]

/** What a completed job's report offers: the next visit in 3 months. */
export const OFFERED_INTERVAL = { intervalUnit: 'months', intervalCount: 3 } as const

export interface PlanInterval {
  intervalUnit: IntervalUnit
  intervalCount: number
}

/** "every week", "every 2 weeks", "every month", "every 3 months". */
export function intervalText({ intervalUnit, intervalCount }: PlanInterval): string {
  const unit = intervalUnit === 'weeks' ? 'week' : 'month'
  return intervalCount === 1 ? `every ${unit}` : `every ${intervalCount} ${unit}s`
}

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

const weekdayOf = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay()

/** A Lagos day `months` calendar months on; the 31st lands on the month's last day. */
export function addMonthsToDay(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number)
  const first = new Date(Date.UTC(y, m - 1 + months, 1))
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  first.setUTCDate(Math.min(d, last))
  return first.toISOString().slice(0, 10)
}

/**
 * When a plan's next visit is, after the visit on `afterDay`: the interval on, then forward to the preferred
 * weekday, then to a working day; never today or earlier (a late completion books from tomorrow). The time is
 * the preferred one, or the opening time when the preference is outside the working hours.
 */
export function nextPlanVisit(
  afterDay: string,
  plan: PlanInterval & { preferredWeekday: number | null; preferredTime: string },
  settings: Pick<BookingSettings, 'work_days' | 'work_start' | 'work_end'>,
  today: string,
): { date: string; time: string } {
  let date =
    plan.intervalUnit === 'months'
      ? addMonthsToDay(afterDay, plan.intervalCount)
      : addDays(afterDay, 7 * plan.intervalCount)
  if (date <= today) date = addDays(today, 1)
  if (plan.preferredWeekday !== null) date = addDays(date, (plan.preferredWeekday - weekdayOf(date) + 7) % 7)
  for (
    let i = 0;
    i < 7 && settings.work_days.length > 0 && !settings.work_days.includes(weekdayOf(date));
    i++
  )
    date = addDays(date, 1)
  const inHours = plan.preferredTime >= settings.work_start && plan.preferredTime < settings.work_end
  return { date, time: inHours ? plan.preferredTime : settings.work_start }
}

// ---------- bodies ----------

const intervalFields = {
  intervalUnit: z.enum(INTERVAL_UNITS, { error: 'Choose weeks or months' }),
  intervalCount: z
    .number({ error: 'Enter how many weeks or months, as a whole number' })
    .int('Enter how many weeks or months, as a whole number')
    .min(1, 'Enter at least 1')
    .max(52, 'Enter at most 52'),
}

/** The customer accepts the plan a completed job's report offers: the next visit, then every N weeks or months. */
export const planOfferBody = z.object({
  bookingId: z.number({ error: 'Choose the completed visit' }).int().positive(),
  intervalUnit: intervalFields.intervalUnit.default(OFFERED_INTERVAL.intervalUnit),
  intervalCount: intervalFields.intervalCount.default(OFFERED_INTERVAL.intervalCount),
})
export type PlanOfferRequest = z.input<typeof planOfferBody>

const timeField = z
  .string({ error: 'Preferred time is required' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Preferred time is required')

/** An admin writes a plan for a customer, with its first visit. */
export const adminPlanBody = (now: () => Date = () => new Date()) =>
  z.object({
    customerId: z.number({ error: 'Choose the customer' }).int().positive('Choose the customer'),
    service: z.enum(SERVICES, { error: 'Choose a service: fumigation or cleaning' }),
    serviceKindId: z.number().int().positive().nullable().optional(),
    phoneNumber: phoneField('WhatsApp number'),
    location: requiredText('Location', 300),
    ...intervalFields,
    preferredWeekday: z.number({ error: 'Choose a day or "Any day"' }).int().min(0).max(6).nullable(),
    preferredTime: timeField,
    price: nairaField(
      'Price per visit is required',
      'Price per visit must be a number of naira, e.g. 25,000',
    ).pipe(
      z
        .number()
        .min(0, 'Price per visit cannot be negative')
        .max(10_000_000, 'Price per visit must be at most ₦10,000,000'),
    ),
    firstVisit: z
      .string({ error: 'First visit is required' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'First visit is required')
      .refine(isCalendarDate, 'Enter a real date')
      .refine((d) => d >= lagosNow(now()).day, 'The first visit cannot be in the past'),
  })
export type AdminPlanRequest = z.input<ReturnType<typeof adminPlanBody>>

export const planListQuery = z.object({
  status: z.enum(PLAN_STATUSES).optional(),
  /** Only the plans with no visit booked ahead (a cancelled or missed visit left them without one). */
  noNextVisit: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
})

// ---------- answers ----------

const visit = z.object({
  bookingId: z.number().int(),
  date: lagosDay,
  time: z.string(),
  status: z.enum(BOOKING_STATUSES),
})

export const planAnswer = z.object({
  id: z.number().int(),
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  service: z.enum(SERVICES),
  serviceKind: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  phoneNumber: z.string(),
  location: z.string(),
  intervalUnit: z.enum(INTERVAL_UNITS),
  intervalCount: z.number().int(),
  /** "every 3 months". */
  every: z.string(),
  preferredWeekday: z.number().int().nullable(),
  preferredTime: z.string(),
  /** Per visit. */
  price: naira,
  status: z.enum(PLAN_STATUSES),
  /** The visit booked ahead (Pending or Confirmed), if any. */
  nextVisit: visit.nullable(),
  /** The last completed visit, if any. */
  lastVisit: visit.nullable(),
  /** The completed visit whose report offered it, when the customer took the offer. */
  sourceBookingId: z.number().int().nullable(),
  createdAt: isoTime,
})
export type PlanAnswer = z.infer<typeof planAnswer>

const changed = messageAnswer.extend({ plan: planAnswer })

export const planEndpoints = defineEndpoints('plans', {
  'GET plans/': {
    summary: "The logged-in customer's service plans, with their next and last visits.",
    access: 'user',
    answer: z.array(planAnswer),
  },
  'POST plans/': {
    summary:
      'Takes the plan a completed visit’s report offers: the next visit is booked at once (Pending), then every N ' +
      'weeks or months. The same visit again answers the plan it made (200).',
    access: 'user',
    body: planOfferBody,
    answer: changed,
    status: 201,
    alsoStatus: 200,
    idempotent: true,
    errors: { 404: 'No such completed visit of this customer.', 409: 'The visit is not completed yet.' },
  },
  'POST plans/{id}/pause/': {
    summary: 'Pauses a plan: completing the visit already booked books no next one until it is resumed.',
    access: 'user',
    answer: changed,
    idempotent: true,
    errors: { 409: 'The plan was cancelled.' },
  },
  'POST plans/{id}/resume/': {
    summary: 'Resumes a paused plan; a plan with no visit booked ahead gets the next one at once.',
    access: 'user',
    answer: changed,
    idempotent: true,
    errors: { 409: 'The plan was cancelled.' },
  },
  'POST plans/{id}/cancel/': {
    summary: 'Ends a plan for good; the visit already booked stays (cancel it apart if it is not wanted).',
    access: 'user',
    answer: changed,
    idempotent: true,
  },
  'GET admins/plans/': {
    summary: 'Every plan, with its next and last visits; filtered by status or to those with no next visit.',
    access: 'admin',
    query: planListQuery,
    answer: z.array(planAnswer),
  },
  'POST admins/plans/': {
    summary: 'Writes a plan for a customer and books its first visit (Pending).',
    access: 'admin',
    body: adminPlanBody(),
    answer: changed,
    status: 201,
    idempotent: true,
    errors: { 404: 'No such customer.' },
  },
  'POST admins/plans/{id}/book-next/': {
    summary:
      'Books the next visit of an active plan that has none ahead (after a cancelled or missed visit).',
    access: 'admin',
    answer: changed,
    idempotent: true,
    errors: { 409: 'The plan is not active, or a visit is already booked ahead.' },
  },
  'POST admins/plans/{id}/pause/': {
    summary: 'Pauses a plan for the customer.',
    access: 'admin',
    answer: changed,
    idempotent: true,
    errors: { 409: 'The plan was cancelled.' },
  },
  'POST admins/plans/{id}/resume/': {
    summary: 'Resumes a paused plan; a plan with no visit booked ahead gets the next one at once.',
    access: 'admin',
    answer: changed,
    idempotent: true,
    errors: { 409: 'The plan was cancelled.' },
  },
  'POST admins/plans/{id}/cancel/': {
    summary: 'Ends a plan for the customer.',
    access: 'admin',
    answer: changed,
    idempotent: true,
  },
})
