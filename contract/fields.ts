/** Field rules the request schemas of every feature share: required text, email, password, Nigerian phone. */
import { z } from 'zod'
import { normaliseNigerianPhone, PHONE_HINT } from './phone.js'
import { parseNaira } from './money.js'
import { isCalendarDate } from './dates.js'

export const PASSWORD_MIN = 8

/** A calendar day, YYYY-MM-DD (a due date, a last valid day). */
export const dayField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .refine(isCalendarDate, `${label} must be a date (YYYY-MM-DD)`)

export const requiredText = (label: string, max = 2000) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)

export const emailField = (label = 'Email') =>
  requiredText(label, 254).pipe(z.email({ error: 'Enter a valid email address' }))

export const passwordField = (label = 'Password') =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .min(PASSWORD_MIN, `${label} must be at least ${PASSWORD_MIN} characters`)
    .max(200, `${label} is too long`)

/** A Nigerian mobile number in any usual spelling, normalised to E.164. */
export const phoneField = (label = 'Phone number') =>
  requiredText(label, 30).transform((value, ctx) => {
    const e164 = normaliseNigerianPhone(value)
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: PHONE_HINT })
      return z.NEVER
    }
    return e164
  })

/** Same as phoneField, but an empty string is allowed (profile forms). */
export const optionalPhoneField = (label = 'Phone number') =>
  z
    .string()
    .trim()
    .max(30)
    .transform((value, ctx) => {
      if (value === '') return ''
      const e164 = normaliseNigerianPhone(value)
      if (!e164) {
        ctx.addIssue({ code: 'custom', message: `${label}: ${PHONE_HINT}` })
        return z.NEVER
      }
      return e164
    })

/** A list's search box: part of a number or a name. */
const searchText = z.string().trim().max(100, 'Search text is too long').optional()

/** "A, B or C": a list as a sentence names it. */
const orList = (items: readonly string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`

/** A back-office list's filter: one status (a refusal names them all) and search text. */
export const statusSearchQuery = <const S extends readonly string[]>(statuses: S) =>
  z.object({
    status: z.enum(statuses, { error: `Status must be ${orList(statuses)}` }).optional(),
    q: searchText,
  })

/** The body of declining or taking a thing back (a quote, a certificate): why, if they care to say. */
export const optionalReasonBody = z.object({
  reason: z.string().trim().max(500, 'Keep the reason under 500 characters').default(''),
})

/**
 * A key the client chose for one write (when a form opened, when the phone saved it offline): the same
 * write sent twice, even under another Idempotency-Key, lands once.
 */
export const clientKeyField = z
  .string({ error: 'clientKey is required' })
  .regex(/^[A-Za-z0-9-]{8,100}$/, 'clientKey must be 8 to 100 letters, digits or dashes')

/** The answer of most POST calls: what happened, in words to show. */
export const messageAnswer = z.object({ message: z.string() })
export type MessageAnswer = z.infer<typeof messageAnswer>

/** Every error answer of the API: the words to show, and the field they are about when there is one. */
export const errorAnswer = z.looseObject({ message: z.string(), field: z.string().optional() })

// Answer fields whose bare type would not say what they hold (docs/api-conventions.md: money on the wire
// is naira, days are Lagos days, instants are ISO 8601).

/** Money as the answers give it: naira, to the kobo (the database keeps integer kobo: contract/money.ts). */
export const naira = z.number()
/** A moment, ISO 8601 ("2026-11-26T09:30:00.000Z"). */
export const isoTime = z.string()
/** A Lagos calendar day, YYYY-MM-DD. */
export const lagosDay = z.string()

/** One field per key of a list, each with the same schema: an object that follows the list as it grows. */
export const keyed = <K extends string, V extends z.ZodType>(keys: readonly K[], value: V) =>
  Object.fromEntries(keys.map((k) => [k, value])) as Record<K, V>

/** What became of a gateway payment (a cart's or an invoice's), and of a charge given back. */
export const paymentStatus = z.enum(['pending', 'successful', 'failed', 'cancelled'])
export const refundStatus = z.enum(['pending', 'processing', 'refunded', 'failed'])

/** check_cart/ and check_order/: `count` is the number of lines. */
export const countAnswer = z.object({ message: z.enum(['empty', 'not empty']), count: z.number().int() })
export type CountAnswer = z.infer<typeof countAnswer>

/**
 * A naira amount typed into a form ("25,000", "₦25,000", "25 000") or sent as a number: blank is
 * `required`, anything else that is not an amount is `invalid`. Pipe it into the range checks.
 */
export const nairaField = (required: string, invalid: string) =>
  z.union([z.string(), z.number()], { error: required }).transform((value, ctx) => {
    if (typeof value === 'string' && value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: required })
      return z.NEVER
    }
    const n = parseNaira(value)
    if (n === null) {
      ctx.addIssue({ code: 'custom', message: invalid })
      return z.NEVER
    }
    return n
  })
