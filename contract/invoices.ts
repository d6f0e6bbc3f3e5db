/** Invoices for service work: the admin writes, sends and records payments; the customer reads and keeps them. */
import { z } from 'zod'
import { defineEndpoints } from './endpoint.js'
import {
  clientKeyField,
  dayField,
  isoTime,
  lagosDay,
  messageAnswer,
  naira,
  nairaField,
  paymentStatus,
  refundStatus,
  statusSearchQuery,
} from './fields.js'
import {
  billedToAnswer,
  documentDraftBody,
  documentLinesAndTotals,
  documentSummaryAnswer,
} from './documents.js'
import { PAYMENT_METHOD_LABEL, PAYMENT_METHODS } from './job-status.js'
import { GATEWAY_METHOD_LABEL, LEDGER_SOURCES } from './ledger.js'
import { formatNaira, toKobo, toNaira } from './money.js'

export const INVOICE_STATUSES = ['Draft', 'Sent', 'Part-paid', 'Paid', 'Void'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]

/** Every way money for service work arrives (the ledger's method column): through the gateway, or on site. */
export const INVOICE_PAYMENT_METHODS = ['card', 'bank_transfer', 'ussd', ...PAYMENT_METHODS] as const
export type InvoicePaymentMethod = (typeof INVOICE_PAYMENT_METHODS)[number]
export const INVOICE_PAYMENT_METHOD_LABELS: Record<InvoicePaymentMethod, string> = {
  ...GATEWAY_METHOD_LABEL,
  ...PAYMENT_METHOD_LABEL,
  // Told apart from a bank transfer an admin records by hand.
  transfer: 'Transfer (on site)',
}
/** Where a payment came from: the gateway (pay by link), a technician on site, or an admin by hand. */
export const INVOICE_PAYMENT_SOURCES = LEDGER_SOURCES
/** What an admin records by hand: money that reached the company's account or office. */
export const MANUAL_PAYMENT_METHODS = ['bank_transfer', 'cash', 'pos'] as const

/** How long the link in the invoice's email and SMS opens it without logging in. */
export const INVOICE_LINK_DAYS = 90

/** Amount due: what is left to pay on an invoice that can be paid (nothing on a draft or a void one). */
export const amountDue = (status: InvoiceStatus, total: number, paid: number) =>
  status === 'Draft' || status === 'Void' ? 0 : Math.max(0, Math.round((total - paid) * 100) / 100)

/** Why an admin undoes money or a document (a refund, a void): a few words, kept on the invoice. */
const reasonField = (missing: string) =>
  z.string({ error: missing }).trim().min(3, missing).max(300, 'Keep the reason under 300 characters')

export const refundInvoicePaymentBody = z.object({ reason: reasonField('Say why the payment is given back') })
export type RefundInvoicePaymentRequest = z.input<typeof refundInvoicePaymentBody>

/** What an admin may change on a draft: its lines, discount, due date and note. */
export const invoiceDraftBody = documentDraftBody({ dueDate: dayField('Due date').optional() })
export type InvoiceDraftRequest = z.input<typeof invoiceDraftBody>

/**
 * A new invoice: from a booking (prefilled from it and its completed job, unless lines are given), or for
 * a customer's account with the lines written out.
 */
export const createInvoiceBody = z
  .object({
    bookingId: z.number({ error: 'Choose a booking' }).int().positive().optional(),
    customerId: z.number({ error: 'Choose a customer' }).int().positive().optional(),
    ...invoiceDraftBody.partial({ lines: true }).shape,
  })
  .refine((b) => b.bookingId !== undefined || b.customerId !== undefined, {
    message: 'Choose a booking or a customer to bill',
    path: ['customerId'],
  })
  .refine((b) => b.bookingId !== undefined || b.lines !== undefined, {
    message: 'Add at least one line',
    path: ['lines'],
  })
export type CreateInvoiceRequest = z.input<typeof createInvoiceBody>

export const voidInvoiceBody = z.object({ reason: reasonField('Say why the invoice is void') })

/** An amount paid towards an invoice, naira, as typed in the back office or on the customer's pay screen. */
const paymentAmount = nairaField('Amount is required', 'Amount must be a number of naira, e.g. 15,000').pipe(
  z.number().positive('Amount must be more than ₦0').max(100_000_000, 'Amount is too large'),
)

export const manualPaymentBody = z
  .object({
    amount: paymentAmount,
    method: z.enum(MANUAL_PAYMENT_METHODS, {
      error: 'Choose how the money came: bank transfer, cash or POS',
    }),
    reference: z.string().trim().max(100, 'Keep the reference under 100 characters').default(''),
    receivedOn: dayField('Date received'),
    /** Chosen by the form when it opens: the same payment sent twice (a double click, a replay) lands once. */
    clientKey: clientKeyField.optional(),
  })
  .refine((p) => p.method !== 'bank_transfer' || p.reference !== '', {
    message: 'Give the transfer’s reference, as the bank statement shows it',
    path: ['reference'],
  })
export type ManualPaymentRequest = z.input<typeof manualPaymentBody>

export const invoiceListQuery = statusSearchQuery(INVOICE_STATUSES)

export const invoicePaymentAnswer = z.object({
  id: z.number().int(),
  amount: naira,
  method: z.enum(INVOICE_PAYMENT_METHODS),
  source: z.enum(INVOICE_PAYMENT_SOURCES),
  reference: z.string(),
  receivedAt: isoTime,
  jobId: z.number().int().nullable(),
  /** A gateway payment given back: the refund's state (the gateway may take a retry or two), else null. */
  refund: z
    .object({
      status: refundStatus,
      reason: z.string(),
      requestedAt: isoTime,
    })
    .nullable(),
})
export type InvoicePaymentAnswer = z.infer<typeof invoicePaymentAnswer>

export const invoiceSummaryAnswer = documentSummaryAnswer(INVOICE_STATUSES).extend({
  bookingId: z.number().int().nullable(),
  /** The Lagos day it was issued, YYYY-MM-DD. */
  issuedOn: lagosDay,
  dueDate: lagosDay,
  total: naira,
  paid: naira,
  due: naira,
})
export type InvoiceSummary = z.infer<typeof invoiceSummaryAnswer>

export const invoiceAnswer = invoiceSummaryAnswer.extend({
  billedTo: billedToAnswer,
  quoteId: z.number().int().nullable(),
  /** What is left of the deposit the accepted quote asked: paid first, before the rest is due. 0 when none. */
  depositDue: naira,
  sentAt: isoTime.nullable(),
  voidedAt: isoTime.nullable(),
  voidReason: z.string(),
  note: z.string(),
  /** The first-service offer this invoice holds (its percent), even while its service lines are at ₦0. */
  offerPercent: z.number().int().nullable(),
  ...documentLinesAndTotals,
  payments: z.array(invoicePaymentAnswer),
})
export type InvoiceAnswer = z.infer<typeof invoiceAnswer>

/** The admin's view adds the link to send by hand (WhatsApp) once the invoice is out; null on a draft or void one. */
export const adminInvoiceAnswer = invoiceAnswer.extend({ link: z.string().nullable() })
export type AdminInvoiceAnswer = z.infer<typeof adminInvoiceAnswer>

const changed = messageAnswer.extend({ invoice: adminInvoiceAnswer })

/** The least a part payment by link may be (naira), unless less than that is due: then the whole amount due. */
export const MIN_PART_PAYMENT = 1000

/**
 * Why an amount cannot be paid on an invoice with `dueKobo` left (null: it can): at most what is due, and
 * at least ₦1,000 (the whole amount due when less is left). In kobo, so ₦0.01 over is caught.
 */
export function payAmountProblem(amountKobo: number, dueKobo: number): string | null {
  const due = formatNaira(toNaira(dueKobo))
  if (amountKobo > dueKobo) return `You can pay at most the ${due} due.`
  const leastKobo = Math.min(toKobo(MIN_PART_PAYMENT), dueKobo)
  if (amountKobo < leastKobo) {
    return leastKobo === dueKobo
      ? `Pay the whole ${due} due.`
      : `A part payment is at least ${formatNaira(toNaira(leastKobo))}.`
  }
  return null
}

/** Paying an invoice through the gateway: how much (naira), the whole amount due when left out. */
export const payInvoiceBody = z.object({
  amount: paymentAmount.optional(),
})
export type PayInvoiceRequest = z.input<typeof payInvoiceBody>
export const payInvoiceAnswer = z.object({ payment_url: z.string() })

/** What became of one payment on an invoice, as the page the payer comes back to reads it. */
export const invoicePaymentOutcomeAnswer = z.object({
  tx_ref: z.string(),
  status: paymentStatus,
  message: z.string(),
  /** What this payment was for. */
  amount: naira,
  /** A charge given back (the invoice was void or paid meanwhile), or due to be. */
  refund: z.object({ status: refundStatus, amount: naira }).nullable(),
})
export type InvoicePaymentOutcome = z.infer<typeof invoicePaymentOutcomeAnswer>

const payErrors = {
  400: 'The amount is more than is due, or a part payment below ₦1,000 (or below the whole amount due when less is left).',
  409: 'The invoice is void or paid in full.',
  502: 'The gateway could not start the payment: try again shortly.',
} as const

export const invoiceEndpoints = defineEndpoints('invoices', {
  'GET admins/invoices/': {
    summary: 'Every invoice, newest first; filtered by status and by number or billed name.',
    access: 'admin',
    query: invoiceListQuery,
    answer: z.array(invoiceSummaryAnswer),
  },
  'POST admins/invoices/': {
    summary:
      'Writes a draft invoice with the next number: from a booking (prefilled from its completed job) or for a customer.',
    access: 'admin',
    body: createInvoiceBody,
    answer: changed,
    status: 201,
    idempotent: true,
    errors: {
      404: 'No such booking or customer.',
      409: 'The booking already has an invoice that is not void.',
    },
  },
  'GET admins/invoices/{id}/': {
    summary: 'One invoice with its lines, totals, payments and the link to send.',
    access: 'admin',
    answer: adminInvoiceAnswer,
  },
  'POST admins/invoices/{id}/': {
    summary: 'Changes a draft: lines, discount, due date, note. The totals are worked out again.',
    access: 'admin',
    body: invoiceDraftBody,
    answer: changed,
    idempotent: true,
    errors: { 409: 'The invoice was sent or voided, or the new total is below what was already paid.' },
  },
  'POST admins/invoices/{id}/send/': {
    summary:
      'Sends a draft: the customer is told in the app and by email/SMS (their settings) with a link that needs no login.',
    access: 'admin',
    answer: changed,
    idempotent: true,
    errors: { 409: 'The invoice is not a draft, or it comes to ₦0.' },
  },
  'POST admins/invoices/{id}/void/': {
    summary: 'Voids an invoice (it keeps its number); a first-service offer it carried is released.',
    access: 'admin',
    body: voidInvoiceBody,
    answer: changed,
    idempotent: true,
    errors: { 409: 'Money was received on it (refund it first), or it is void already.' },
  },
  'POST admins/invoices/{id}/payments/': {
    summary:
      'Records money received by hand (bank transfer, cash, POS). The same clientKey twice records it once (200).',
    access: 'admin',
    body: manualPaymentBody,
    answer: changed,
    status: 201,
    alsoStatus: 200,
    idempotent: true,
    errors: { 409: 'The invoice is a draft or void, or the amount is more than is due.' },
  },
  'POST admins/invoices/{id}/payments/{paymentId}/refund/': {
    summary:
      'Gives back a payment made through the gateway (all of it): the invoice owes it again, and the gateway ' +
      'is asked at once (a refusal is retried by the periodic check).',
    access: 'admin',
    body: refundInvoicePaymentBody,
    answer: changed,
    idempotent: true,
    errors: {
      409: 'The payment was not made through the gateway (money taken by hand is given back by hand), or it was refunded already.',
    },
  },
  'GET invoices/': {
    summary: "The logged-in customer's invoices (drafts are not shown), newest first.",
    access: 'user',
    answer: z.array(invoiceSummaryAnswer),
  },
  'GET invoices/{id}/': {
    summary: "One of the logged-in customer's invoices.",
    access: 'user',
    answer: invoiceAnswer,
  },
  'GET invoice-links/{token}/': {
    summary: 'The invoice a signed link opens, without logging in, with the amount due.',
    access: 'public',
    answer: invoiceAnswer,
    errors: { 410: 'The link has expired.' },
  },
  'POST invoice-links/{token}/pay/': {
    summary:
      'Opens a gateway payment of the invoice a signed link opens (the link is the authority: no login): the ' +
      'whole amount due, or a part of it. The answer is where to send the browser; it comes back to the link’s page.',
    access: 'public',
    body: payInvoiceBody,
    answer: payInvoiceAnswer,
    idempotent: true,
    errors: { ...payErrors, 410: 'The link has expired.' },
  },
  'GET invoice-links/{token}/payments/{txRef}/': {
    summary: 'What became of a payment made on this invoice (the page the payer comes back to).',
    access: 'public',
    answer: invoicePaymentOutcomeAnswer,
    errors: { 410: 'The link has expired.' },
  },
  'POST invoices/{id}/pay/': {
    summary:
      'Opens a gateway payment of one of the logged-in customer’s invoices: the whole amount due, or a part ' +
      'of it. The answer is where to send the browser; it comes back to the invoice’s page.',
    access: 'user',
    body: payInvoiceBody,
    answer: payInvoiceAnswer,
    idempotent: true,
    errors: payErrors,
  },
  'GET invoices/{id}/payments/{txRef}/': {
    summary: 'What became of a payment the customer made on one of their invoices.',
    access: 'user',
    answer: invoicePaymentOutcomeAnswer,
  },
})
