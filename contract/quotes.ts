/** Quotes for a booking's work: written by the office or a technician on site, accepted or declined by the customer. */
import { z } from 'zod'
import { defineEndpoints } from './endpoint.js'
import {
  clientKeyField,
  dayField,
  isoTime,
  lagosDay,
  messageAnswer,
  naira,
  optionalReasonBody,
  statusSearchQuery,
} from './fields.js'
import {
  billedToAnswer,
  documentDraftBody,
  documentLinesAndTotals,
  documentSummaryAnswer,
} from './documents.js'
import { invoiceSummaryAnswer } from './invoices.js'

/** What is stored; Expired is read from valid_until (a Sent quote past it). */
export const STORED_QUOTE_STATUSES = ['Draft', 'Sent', 'Accepted', 'Declined', 'Withdrawn'] as const
export const QUOTE_STATUSES = [...STORED_QUOTE_STATUSES, 'Expired'] as const
export type QuoteStatus = (typeof QUOTE_STATUSES)[number]
export type StoredQuoteStatus = (typeof STORED_QUOTE_STATUSES)[number]

/** How long the link in the quote's email and SMS opens it without logging in (beyond its validity). */
export const QUOTE_LINK_DAYS = 60

/** A Sent quote whose last day has passed reads as Expired. */
export const quoteStatus = (stored: StoredQuoteStatus, validUntil: string, today: string): QuoteStatus =>
  stored === 'Sent' && validUntil < today ? 'Expired' : stored

const depositField = z
  .number({ error: 'Deposit must be a whole percent, 0 for none' })
  .int('Deposit must be a whole percent, 0 for none')
  .min(0, 'Deposit cannot be negative')
  .max(100, 'Deposit is at most 100%')

/** What the office may set on a draft. */
export const quoteDraftBody = documentDraftBody({
  depositPercent: depositField.optional(),
  validUntil: dayField('Valid until').optional(),
})
export type QuoteDraftRequest = z.input<typeof quoteDraftBody>

/** A new quote: always for a booking (who it bills comes from the booking). */
export const createQuoteBody = quoteDraftBody.extend({
  bookingId: z.number({ error: 'Choose a booking' }).int().positive('Choose a booking'),
})
export type CreateQuoteRequest = z.input<typeof createQuoteBody>

/**
 * A technician's quote from the job page, saved on the phone first: `clientKey` is chosen there, so a
 * replay (even under another Idempotency-Key) lands once. `send` sends it to the customer at once.
 */
export const jobQuoteBody = z.object({
  clientKey: clientKeyField,
  // Valid for the billing rules' usual number of days: the technician does not set the last day.
  ...quoteDraftBody.omit({ validUntil: true }).shape,
  send: z.boolean().default(false),
})
export type JobQuoteRequest = z.input<typeof jobQuoteBody>

export const acceptQuoteBody = z.object({
  name: z
    .string({ error: 'Type your name to accept' })
    .trim()
    .min(2, 'Type your name to accept')
    .max(120, 'Keep your name under 120 characters'),
})
export type AcceptQuoteRequest = z.input<typeof acceptQuoteBody>

export const declineQuoteBody = optionalReasonBody
export type DeclineQuoteRequest = z.input<typeof declineQuoteBody>

export const quoteListQuery = statusSearchQuery(QUOTE_STATUSES)

export const quoteSummaryAnswer = documentSummaryAnswer(QUOTE_STATUSES).extend({
  bookingId: z.number().int(),
  /** The Lagos day it was written, YYYY-MM-DD. */
  issuedOn: lagosDay,
  validUntil: lagosDay,
  total: naira,
  depositPercent: z.number().int(),
})
export type QuoteSummary = z.infer<typeof quoteSummaryAnswer>

/** The invoice an accepted quote became; `link` opens it to pay without logging in (when it asks a deposit and is out). */
export const quoteInvoiceAnswer = invoiceSummaryAnswer
  .pick({ id: true, number: true, status: true, total: true })
  .extend({
    /** It asks the quote's deposit first (sent at once on accepting). */
    deposit: z.boolean(),
    link: z.string().nullable(),
  })

export const quoteAnswer = quoteSummaryAnswer.extend({
  billedTo: billedToAnswer,
  /** Asked up front on acceptance (0 = none). */
  deposit: naira,
  sentAt: isoTime.nullable(),
  acceptedName: z.string().nullable(),
  acceptedAt: isoTime.nullable(),
  declinedAt: isoTime.nullable(),
  declineReason: z.string(),
  withdrawnAt: isoTime.nullable(),
  note: z.string(),
  /** The first-service offer the customer still has (its percent): taken off the invoice, not the quote. */
  offerPercent: z.number().int().nullable(),
  ...documentLinesAndTotals,
  invoice: quoteInvoiceAnswer.nullable(),
})
export type QuoteAnswer = z.infer<typeof quoteAnswer>

/** The admin's view adds the link to pass on by hand once it is out. */
export const adminQuoteAnswer = quoteAnswer.extend({ link: z.string().nullable() })
export type AdminQuoteAnswer = z.infer<typeof adminQuoteAnswer>

const changed = messageAnswer.extend({ quote: adminQuoteAnswer })
const answered = messageAnswer.extend({ quote: quoteAnswer })

const acceptErrors = {
  409: 'The quote expired, or was declined or withdrawn.',
} as const
const declineErrors = {
  409: 'The quote was accepted or withdrawn.',
} as const

export const quoteEndpoints = defineEndpoints('quotes', {
  'GET admins/quotes/': {
    summary: 'Every quote, newest first; filtered by status and by number or billed name.',
    access: 'admin',
    query: quoteListQuery,
    answer: z.array(quoteSummaryAnswer),
  },
  'POST admins/quotes/': {
    summary: 'Writes a draft quote for a booking with the next number (Q-<year>-<sequence>).',
    access: 'admin',
    body: createQuoteBody,
    answer: changed,
    status: 201,
    idempotent: true,
    errors: { 404: 'No such booking.' },
  },
  'GET admins/quotes/{id}/': {
    summary: 'One quote with its lines, totals, the invoice it became and the link to send.',
    access: 'admin',
    answer: adminQuoteAnswer,
  },
  'POST admins/quotes/{id}/': {
    summary: 'Changes a draft: lines, discount, deposit, validity, note. The totals are worked out again.',
    access: 'admin',
    body: quoteDraftBody,
    answer: changed,
    idempotent: true,
    errors: { 409: 'The quote is no longer a draft.' },
  },
  'POST admins/quotes/{id}/send/': {
    summary:
      'Sends a draft: the customer is told in the app and by email/SMS (their settings) with a link that needs no login.',
    access: 'admin',
    answer: changed,
    idempotent: true,
    errors: { 409: 'The quote is not a draft, comes to ₦0, or its last day has passed.' },
  },
  'POST admins/quotes/{id}/withdraw/': {
    summary: 'Withdraws a draft or a sent quote: it can no longer be accepted (it keeps its number).',
    access: 'admin',
    answer: changed,
    idempotent: true,
    errors: { 409: 'The quote was accepted, declined or withdrawn already.' },
  },
  'POST staff/jobs/{id}/quotes/': {
    summary:
      'A technician writes a quote for their job (from the phone, through its outbox): a draft for the office, ' +
      'or sent to the customer at once. The same clientKey again answers the quote it made (200).',
    access: 'staff',
    body: jobQuoteBody,
    answer: messageAnswer.extend({ quote: quoteSummaryAnswer }),
    status: 201,
    alsoStatus: 200,
    idempotent: true,
    errors: {
      403: 'The job is not assigned to this technician.',
      409: 'The job was reassigned or cancelled, or the quote comes to ₦0 and cannot be sent.',
    },
  },
  'GET quotes/': {
    summary: "The logged-in customer's quotes (drafts are not shown), newest first.",
    access: 'user',
    answer: z.array(quoteSummaryAnswer),
  },
  'GET quotes/{id}/': {
    summary: "One of the logged-in customer's quotes.",
    access: 'user',
    answer: quoteAnswer,
  },
  'POST quotes/{id}/accept/': {
    summary:
      'Accepts one of the customer’s quotes with their name; an invoice is written from it (sent at once, the deposit due first, when it asks for one). Accepting again answers the same.',
    access: 'user',
    body: acceptQuoteBody,
    answer: answered,
    idempotent: true,
    errors: acceptErrors,
  },
  'POST quotes/{id}/decline/': {
    summary: 'Declines one of the customer’s quotes, with a reason if they give one.',
    access: 'user',
    body: declineQuoteBody,
    answer: answered,
    idempotent: true,
    errors: declineErrors,
  },
  'GET quote-links/{token}/': {
    summary: 'The quote a signed link opens, without logging in.',
    access: 'public',
    answer: quoteAnswer,
    errors: { 410: 'The link has expired.' },
  },
  'POST quote-links/{token}/accept/': {
    summary:
      'Accepts the quote a signed link opens (the link is the authority: no login). Accepting again answers the same.',
    access: 'public',
    body: acceptQuoteBody,
    answer: answered,
    idempotent: true,
    errors: { ...acceptErrors, 410: 'The link has expired.' },
  },
  'POST quote-links/{token}/decline/': {
    summary: 'Declines the quote a signed link opens.',
    access: 'public',
    body: declineQuoteBody,
    answer: answered,
    idempotent: true,
    errors: { ...declineErrors, 410: 'The link has expired.' },
  },
})
