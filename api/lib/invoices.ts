import { sql } from 'kysely'
import type { Database, Queryable } from '../db/index.js'
import { textSearch } from './search.js'
import { affectedRows, forUpdate } from '../db/dialect.js'
import { depositKobo, documentTotals, isServiceWork } from '../../contract/documents.js'
import {
  amountDue,
  INVOICE_LINK_DAYS,
  type InvoiceAnswer,
  type InvoicePaymentMethod,
  type InvoiceStatus,
  type InvoiceSummary,
} from '../../contract/invoices.js'
import { addDays, businessDay, formatDay } from '../../contract/dates.js'
import { formatNaira, toKobo, toNaira } from '../../contract/money.js'
import type { RefundStatus } from '../../contract/payments.js'
import { pages } from '../../contract/pages.js'
import { billingSettings, vatRateBp } from './billing.js'
import { kindColumns, type StoredChoice } from './bookings.js'
import { fail, notFound } from './http-error.js'
import { tell } from './notify.js'
import { signLink } from './signed-links.js'
import {
  billedColumns,
  billedTo,
  documentLines,
  lineAnswer,
  priced,
  replaceLines,
  storedTotalsAnswer,
  totalsColumns,
  type Billed,
  type StoredLine,
} from './document-lines.js'

// ---------- numbers ----------

export type DocumentKind = 'invoice' | 'quote' | 'certificate'
const PREFIX: Record<DocumentKind, string> = { invoice: 'INV', quote: 'Q', certificate: 'FC' }

/**
 * The next number of a kind of document for a year of issue ("INV-2026-0001"). Call it inside the
 * transaction that inserts the document: the counter's row stays locked until that transaction ends
 * (PostgreSQL: the UPDATE's row lock; SQLite: one writer at a time), so two instances never take the same
 * number, and a transaction that fails gives its number back: no gaps.
 */
export async function nextDocumentNumber(trx: Queryable, kind: DocumentKind, year: number): Promise<string> {
  if (!trx.isTransaction)
    throw new Error('nextDocumentNumber needs the transaction that inserts the document')
  await trx
    .insertInto('document_numbers')
    .values({ kind, year, last_seq: 0 })
    .onConflict((oc) => oc.columns(['kind', 'year']).doNothing())
    .execute()
  const { last_seq } = await trx
    .updateTable('document_numbers')
    .set((eb) => ({ last_seq: eb('last_seq', '+', 1) }))
    .where('kind', '=', kind)
    .where('year', '=', year)
    .returning('last_seq')
    .executeTakeFirstOrThrow()
  return `${PREFIX[kind]}-${year}-${String(last_seq).padStart(4, '0')}`
}

/**
 * What a new invoice or quote is written with: now, its day of issue (Lagos), the billing settings and
 * the VAT rate they give, and its number (so, like nextDocumentNumber, inside the inserting transaction).
 */
export async function newDocument(trx: Queryable, kind: 'invoice' | 'quote', nowMs: number) {
  const nowIso = new Date(nowMs).toISOString()
  const day = businessDay(nowIso)
  const settings = await billingSettings(trx)
  const number = await nextDocumentNumber(trx, kind, Number(day.slice(0, 4)))
  return { nowIso, day, settings, number, rate: vatRateBp(settings) }
}

/** The booking's invoice that is not void, if it has one (a booking has one at a time). */
export const openInvoiceOf = (trx: Queryable, bookingId: number) =>
  trx
    .selectFrom('invoices')
    .select(['id', 'number'])
    .where('booking_id', '=', bookingId)
    .where('status', '<>', 'Void')
    .executeTakeFirst()

// ---------- lines and totals ----------

/**
 * Who holds the first-service offer after a write of `lines`: the invoice keeps a claim it has while it
 * bills service work and gives it back when it no longer does; an invoice without one claims it when the
 * customer (an account) has none yet and the admin's offer is on. The claim is one row per customer, so of
 * two invoices written at the same moment (on two instances) exactly one gets it.
 */
async function settleOffer(
  trx: Queryable,
  invoice: { id: number; customer_id: number | null; first_service_percent: number | null },
  lines: readonly StoredLine[],
  nowIso: string,
  mayClaim: boolean,
): Promise<number | null> {
  const eligible = invoice.customer_id !== null && lines.some((l) => isServiceWork(l))
  if (invoice.first_service_percent !== null) {
    if (eligible) return invoice.first_service_percent
    await trx.deleteFrom('first_service_claims').where('invoice_id', '=', invoice.id).execute()
    return null
  }
  if (!eligible || !mayClaim) return null
  const settings = await billingSettings(trx)
  if (!settings.firstServiceOffer) return null
  const claimed = await trx
    .insertInto('first_service_claims')
    .values({ customer_id: invoice.customer_id!, invoice_id: invoice.id, claimed_at: nowIso })
    .onConflict((oc) => oc.column('customer_id').doNothing())
    .executeTakeFirst()
  return affectedRows(claimed) > 0 ? settings.firstServicePercent : null
}

/** Writes the lines and the totals documentTotals works out from them, with the offer settled first. */
async function priceInvoice(
  trx: Queryable,
  invoice: {
    id: number
    customer_id: number | null
    first_service_percent: number | null
    vat_rate_bp: number
  },
  lines: readonly StoredLine[],
  discountKobo: number,
  nowIso: string,
  options: { mayClaim: boolean; paidKobo: number },
) {
  let percent = await settleOffer(trx, invoice, lines, nowIso, options.mayClaim)
  let totals = documentTotals(priced(lines), {
    discountKobo,
    firstServicePercent: percent,
    vatRateBp: invoice.vat_rate_bp,
  })
  // Money taken on site for the full price, before the offer: the customer keeps the offer for next time.
  if (percent !== null && options.mayClaim && totals.totalKobo < options.paidKobo) {
    await trx.deleteFrom('first_service_claims').where('invoice_id', '=', invoice.id).execute()
    percent = null
    totals = documentTotals(priced(lines), { discountKobo, vatRateBp: invoice.vat_rate_bp })
  }
  if (totals.totalKobo < options.paidKobo) {
    fail(409, `${formatNaira(toNaira(options.paidKobo))} was already paid: the total cannot go below it.`, {
      field: 'lines',
    })
  }
  await replaceLines(trx, 'invoice', invoice.id, lines)
  await trx
    .updateTable('invoices')
    .set({
      ...totalsColumns(totals),
      first_service_kobo: totals.firstServiceDiscountKobo,
      first_service_percent: percent,
      updated_at: nowIso,
    })
    .where('id', '=', invoice.id)
    .execute()
}

// ---------- creating ----------

export interface NewInvoice {
  billed: Billed
  bookingId?: number | null
  quoteId?: number | null
  lines: StoredLine[]
  discountKobo?: number
  dueDate?: string
  note?: string
  createdBy: number | null
  /** Money a technician already took on site for this work (the job's report), recorded once with the invoice. */
  onSite?: Omit<PaymentRecord, 'source'> | null
}

/**
 * Writes a draft with the next number, its lines and totals, in one transaction: the number, the
 * first-service claim and an on-site payment all go back if anything fails.
 */
export async function createInvoice(trx: Queryable, input: NewInvoice, nowMs: number): Promise<number> {
  const { nowIso, day: today, settings, number, rate } = await newDocument(trx, 'invoice', nowMs)
  // Checked with the counter's row held: creations take turns from here, so two at once cannot both pass.
  if (input.bookingId) {
    const open = await openInvoiceOf(trx, input.bookingId)
    if (open)
      fail(409, `This booking already has invoice ${open.number}.`, { extra: { number: open.number } })
  }
  const { id } = await trx
    .insertInto('invoices')
    .values({
      number,
      ...billedColumns(input.billed),
      booking_id: input.bookingId ?? null,
      quote_id: input.quoteId ?? null,
      vat_rate_bp: rate,
      due_date: input.dueDate ?? addDays(today, settings.invoiceDueDays),
      note: input.note ?? '',
      issued_at: nowIso,
      created_by: input.createdBy,
      updated_at: nowIso,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const invoice = {
    id,
    customer_id: input.billed.customerId,
    first_service_percent: null,
    vat_rate_bp: rate,
  }
  const onSiteKobo = input.onSite?.amountKobo ?? 0
  await priceInvoice(trx, invoice, input.lines, input.discountKobo ?? 0, nowIso, {
    mayClaim: true,
    paidKobo: onSiteKobo,
  })
  if (input.onSite) await recordInvoicePayment(trx, id, { ...input.onSite, source: 'on_site' }, nowMs)
  return id
}

/** The client key of a job's on-site payment: the job has one report, so its money lands on an invoice once. */
const jobPaymentKey = (bookingId: number) => `job-report-${bookingId}`

/**
 * The work's line: the kind the customer chose and the price it had when they booked (per unit: the units
 * they asked for), else the service at what the technician took on site, else at ₦0 for the admin to price.
 * When more was taken on site than the estimate, the work evidently cost that: the line says so.
 */
function serviceLine(booking: { service: string } & StoredChoice, paidOnSiteKobo: number): StoredLine {
  const estimateKobo = booking.estimate_kobo === null ? null : Number(booking.estimate_kobo)
  const units =
    booking.estimate_rule === 'per_unit' && booking.service_units ? Number(booking.service_units) : 1
  const service = booking.service.charAt(0).toUpperCase() + booking.service.slice(1)
  if (booking.service_kind_id !== null && estimateKobo !== null && estimateKobo >= paidOnSiteKobo) {
    const unit = units > 1 && booking.kind_unit ? ` (${booking.kind_unit})` : ''
    return {
      kind: 'service',
      description: `${service}: ${booking.kind_name ?? ''}${unit}`.slice(0, 200),
      quantityHundredths: units * 100,
      unitPriceKobo: Math.round(estimateKobo / units),
      productId: null,
      serviceKindId: Number(booking.service_kind_id),
    }
  }
  return {
    kind: 'service',
    description: booking.kind_name ? `${service}: ${booking.kind_name}`.slice(0, 200) : `${service} service`,
    quantityHundredths: 100,
    unitPriceKobo: paidOnSiteKobo,
    productId: null,
    serviceKindId: booking.service_kind_id === null ? null : Number(booking.service_kind_id),
  }
}

/** What a booking and its completed job give a new invoice: who to bill, the lines, money taken on site. */
export async function invoiceFromBooking(trx: Queryable, bookingId: number) {
  const booking = await trx
    .selectFrom('bookings as b')
    .leftJoin('users as u', 'u.id', 'b.user_id')
    .select([
      'b.id',
      'b.user_id',
      'b.full_name',
      'b.phone_number',
      'b.location',
      'b.service',
      'b.status',
      'b.service_kind_id',
      'b.service_units',
      'b.estimate_kobo',
      'b.estimate_rule',
      sql<string | null>`CAST(u.email AS TEXT)`.as('email'),
      ...kindColumns('b'),
    ])
    .where('b.id', '=', bookingId)
    .executeTakeFirstOrThrow(notFound('No such booking.', { field: 'bookingId' }))
  const report = await trx
    .selectFrom('job_reports')
    .select(['payment_amount_kobo', 'payment_method', 'payment_reference', 'occurred_at'])
    .where('booking_id', '=', bookingId)
    .executeTakeFirst()
  const treatments = await trx
    .selectFrom('job_treatments')
    .select(['product_name', 'quantity', 'unit', 'target_pest', 'area'])
    .where('booking_id', '=', bookingId)
    .orderBy('occurred_at')
    .orderBy('id')
    .execute()
  const paidOnSite = report?.payment_amount_kobo ?? 0
  const lines: StoredLine[] = [
    serviceLine(booking, paidOnSite),
    // What the technician applied, for the record: the work's price is on the service line.
    ...treatments.map((t) => ({
      kind: 'treatment' as const,
      description: `${t.product_name}, ${t.quantity} ${t.unit}: ${t.target_pest} (${t.area})`.slice(0, 200),
      quantityHundredths: 100,
      unitPriceKobo: 0,
      productId: null,
      serviceKindId: null,
    })),
  ]
  const billed: Billed = {
    customerId: booking.user_id,
    name: booking.full_name,
    phone: booking.phone_number,
    email: booking.email ?? '',
    address: booking.location,
  }
  const onSite =
    report && paidOnSite > 0
      ? {
          amountKobo: paidOnSite,
          method: (report.payment_method ?? 'cash') as InvoicePaymentMethod,
          reference: report.payment_reference,
          receivedAt: report.occurred_at,
          recordedBy: null,
          jobId: bookingId,
          // One job report, one payment: a second invoice for the booking never counts it again.
          clientKey: jobPaymentKey(bookingId),
        }
      : null
  return { billed, lines, onSite }
}

/**
 * Money a technician took on site when completing a job, put on the booking's open invoice (written before
 * the visit) in the completion's own transaction, when it fits what is due. Otherwise it stays the job's own
 * record, which the ledger counts and the admin places on an invoice later; a completion is never refused for it.
 */
export async function carryOnSitePayment(
  trx: Queryable,
  bookingId: number,
  payment: Pick<PaymentRecord, 'amountKobo' | 'method' | 'reference' | 'receivedAt'>,
  nowMs: number,
): Promise<boolean> {
  const invoice = await trx
    .selectFrom('invoices')
    .select(['id', 'total_kobo', 'paid_kobo'])
    .where('booking_id', '=', bookingId)
    .where('status', '<>', 'Void')
    .executeTakeFirst()
  if (!invoice || Number(invoice.total_kobo) - Number(invoice.paid_kobo) < payment.amountKobo) return false
  await recordInvoicePayment(
    trx,
    invoice.id,
    {
      ...payment,
      source: 'on_site',
      recordedBy: null,
      jobId: bookingId,
      clientKey: jobPaymentKey(bookingId),
    },
    nowMs,
  )
  return true
}

/** Who a blank invoice bills: a customer's account. */
export async function billedCustomer(db: Queryable, customerId: number): Promise<Billed> {
  const u = await db
    .selectFrom('users')
    .select([
      'id',
      'first_name',
      'last_name',
      'phone_number',
      'location',
      'city',
      'state',
      'role',
      sql<string>`CAST(email AS TEXT)`.as('email'),
    ])
    .where('id', '=', customerId)
    .executeTakeFirst()
  if (!u || u.role !== 'customer') fail(404, 'No such customer.', { field: 'customerId' })
  return {
    customerId: u.id,
    name: [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email,
    phone: u.phone_number,
    email: u.email,
    address: [u.location, u.city, u.state].filter(Boolean).join(', '),
  }
}

// ---------- changing ----------

/** The invoice's row, locked until the transaction ends (PostgreSQL), or a 404. */
const lockInvoice = (trx: Queryable, id: number) =>
  forUpdate(trx, trx.selectFrom('invoices').selectAll().where('id', '=', id)).executeTakeFirstOrThrow(
    notFound('No such invoice.'),
  )

export async function editDraft(
  trx: Queryable,
  id: number,
  change: { lines: StoredLine[]; discountKobo?: number; dueDate?: string; note?: string },
  nowMs: number,
) {
  const invoice = await lockInvoice(trx, id)
  if (invoice.status !== 'Draft')
    fail(409, `Invoice ${invoice.number} is ${invoice.status}: only a draft can be changed.`)
  const nowIso = new Date(nowMs).toISOString()
  await priceInvoice(trx, invoice, change.lines, change.discountKobo ?? invoice.discount_kobo, nowIso, {
    mayClaim: true,
    paidKobo: invoice.paid_kobo,
  })
  await trx
    .updateTable('invoices')
    .set({
      due_date: change.dueDate ?? invoice.due_date,
      note: change.note ?? invoice.note,
    })
    .where('id', '=', id)
    .execute()
}

/** The status money received gives an invoice that is out: Sent, Part-paid or Paid. */
const statusForPaid = (paidKobo: number, totalKobo: number): InvoiceStatus =>
  paidKobo >= totalKobo ? 'Paid' : paidKobo > 0 ? 'Part-paid' : 'Sent'

/** Draft → Sent (or Part-paid/Paid when money came on site already); the row as it was before. */
export async function markSent(trx: Queryable, id: number, nowMs: number) {
  const invoice = await lockInvoice(trx, id)
  if (invoice.status !== 'Draft') fail(409, `Invoice ${invoice.number} was sent already.`)
  if (invoice.total_kobo === 0) fail(409, 'This invoice comes to ₦0: fill in the prices before sending it.')
  const nowIso = new Date(nowMs).toISOString()
  await trx
    .updateTable('invoices')
    .set({
      status: statusForPaid(invoice.paid_kobo, invoice.total_kobo),
      sent_at: nowIso,
      updated_at: nowIso,
    })
    .where('id', '=', id)
    .execute()
  return invoice
}

/** Voids an invoice nobody paid anything on; the first-service offer it held goes back to the customer. */
export async function voidInvoice(trx: Queryable, id: number, reason: string, nowMs: number) {
  const invoice = await lockInvoice(trx, id)
  if (invoice.status === 'Void') fail(409, `Invoice ${invoice.number} is void already.`)
  if (invoice.paid_kobo > 0) {
    fail(
      409,
      `Refund the ${formatNaira(toNaira(invoice.paid_kobo))} paid first: an invoice with money on it cannot be void.`,
    )
  }
  const nowIso = new Date(nowMs).toISOString()
  await trx.deleteFrom('first_service_claims').where('invoice_id', '=', id).execute()
  await trx
    .updateTable('invoices')
    .set({ status: 'Void', voided_at: nowIso, void_reason: reason, updated_at: nowIso })
    .where('id', '=', id)
    .execute()
}

// ---------- payments ----------

/**
 * Gives back an invoice's payment made through the gateway, all of it: the refund is recorded (the payment
 * module's refunds, asked of the gateway by processRefund and retried by the periodic check) and the invoice
 * owes the amount again, in one transaction with the invoice's row locked, so a double click refunds once.
 * Answers the gateway payment's id to ask the gateway about.
 */
export async function refundInvoicePayment(
  trx: Queryable,
  invoiceId: number,
  invoicePaymentId: number,
  reason: string,
  nowMs: number,
): Promise<number> {
  const invoice = await lockInvoice(trx, invoiceId)
  const paid = await trx
    .selectFrom('invoice_payments as ip')
    .leftJoin('payments as p', 'p.id', 'ip.payment_id')
    .leftJoin('refunds as r', 'r.payment_id', 'ip.payment_id')
    .select(['ip.source', 'ip.amount_kobo', 'ip.payment_id', 'p.transaction_id', 'r.id as refund_id'])
    .where('ip.id', '=', invoicePaymentId)
    .where('ip.invoice_id', '=', invoiceId)
    .executeTakeFirstOrThrow(notFound(`Invoice ${invoice.number} has no such payment.`))
  if (paid.source !== 'gateway' || paid.payment_id === null) {
    fail(
      409,
      'Only a payment made through the payment gateway is refunded here: money taken by hand is given back by hand.',
    )
  }
  if (paid.refund_id !== null) fail(409, 'This payment was refunded already.')
  const at = new Date(nowMs).toISOString()
  await trx
    .insertInto('refunds')
    .values({
      payment_id: paid.payment_id,
      amount_kobo: paid.amount_kobo,
      transaction_id: paid.transaction_id ?? '',
      reason,
      created_at: at,
      updated_at: at,
    })
    .execute()
  const paidKobo = Number(invoice.paid_kobo) - Number(paid.amount_kobo)
  await trx
    .updateTable('invoices')
    .set({ paid_kobo: paidKobo, status: statusForPaid(paidKobo, Number(invoice.total_kobo)), updated_at: at })
    .where('id', '=', invoiceId)
    .execute()
  return paid.payment_id
}

export interface PaymentRecord {
  amountKobo: number
  method: InvoicePaymentMethod
  source: 'gateway' | 'on_site' | 'manual'
  reference: string
  /** ISO instant the money was received. */
  receivedAt: string
  recordedBy: number | null
  jobId?: number | null
  /** The gateway payment (payments.id) that settled it. */
  paymentId?: number | null
  /** Makes a replayed record (a double click, the phone's outbox, a settlement seen twice) land once. */
  clientKey?: string | null
}

/**
 * The one way money is put on an invoice, whoever brings it (an admin by hand, the gateway's settlement, a
 * technician's record from the job): in the caller's transaction, with the invoice's row locked, it adds
 * to paid_kobo and moves the status on. Refused: a void invoice; a draft, except money a technician
 * already took on site; more than is due. A record whose clientKey was seen before changes nothing
 * (`duplicate`).
 */
export async function recordInvoicePayment(
  trx: Queryable,
  invoiceId: number,
  p: PaymentRecord,
  nowMs: number,
): Promise<{ duplicate: boolean; paymentId: number }> {
  if (!trx.isTransaction) throw new Error('recordInvoicePayment needs a transaction')
  const invoice = await lockInvoice(trx, invoiceId)
  if (p.clientKey) {
    const seen = await trx
      .selectFrom('invoice_payments')
      .select(['id', 'invoice_id'])
      .where('client_key', '=', p.clientKey)
      .executeTakeFirst()
    if (seen) {
      if (seen.invoice_id !== invoiceId) fail(409, 'This payment was already recorded on another invoice.')
      return { duplicate: true, paymentId: seen.id }
    }
  }
  if (invoice.status === 'Void') fail(409, `Invoice ${invoice.number} is void: it cannot be paid.`)
  if (invoice.status === 'Draft' && p.source !== 'on_site') {
    fail(409, `Invoice ${invoice.number} is a draft: send it before recording a payment.`)
  }
  const dueKobo = invoice.total_kobo - invoice.paid_kobo
  if (p.amountKobo > dueKobo) {
    fail(
      409,
      dueKobo === 0
        ? `Invoice ${invoice.number} is paid in full.`
        : `That is more than the ${formatNaira(toNaira(dueKobo))} due on invoice ${invoice.number}.`,
      { field: 'amount' },
    )
  }
  const inserted = await trx
    .insertInto('invoice_payments')
    .values({
      invoice_id: invoiceId,
      amount_kobo: p.amountKobo,
      method: p.method,
      source: p.source,
      reference: p.reference,
      received_at: p.receivedAt,
      recorded_by: p.recordedBy,
      job_id: p.jobId ?? null,
      payment_id: p.paymentId ?? null,
      client_key: p.clientKey ?? null,
      created_at: new Date(nowMs).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const paid = invoice.paid_kobo + p.amountKobo
  await trx
    .updateTable('invoices')
    .set({
      paid_kobo: paid,
      status: invoice.status === 'Draft' ? 'Draft' : statusForPaid(paid, invoice.total_kobo),
      updated_at: new Date(nowMs).toISOString(),
    })
    .where('id', '=', invoiceId)
    .execute()
  return { duplicate: false, paymentId: inserted.id }
}

// ---------- reading ----------

type InvoiceRow = Awaited<ReturnType<typeof lockInvoice>>

const summaryOf = (r: InvoiceRow): InvoiceSummary => {
  const status = r.status as InvoiceStatus
  return {
    id: r.id,
    number: r.number,
    status,
    billedName: r.billed_name,
    customerId: r.customer_id,
    bookingId: r.booking_id,
    issuedOn: businessDay(r.issued_at),
    dueDate: r.due_date,
    total: toNaira(r.total_kobo),
    paid: toNaira(r.paid_kobo),
    due: amountDue(status, toNaira(r.total_kobo), toNaira(r.paid_kobo)),
  }
}

/** Invoices newest first: the admin's list (filtered), or one customer's (no drafts). */
export async function listInvoices(
  db: Queryable,
  filter: { status?: InvoiceStatus; q?: string; customerId?: number },
): Promise<InvoiceSummary[]> {
  let query = db.selectFrom('invoices').selectAll().orderBy('id', 'desc').limit(500)
  if (filter.status) query = query.where('status', '=', filter.status)
  if (filter.customerId !== undefined) {
    query = query.where('customer_id', '=', filter.customerId).where('status', '<>', 'Draft')
  }
  if (filter.q) {
    query = query.where(textSearch(filter.q, [sql.ref('number'), sql.ref('billed_name')]))
  }
  return (await query.execute()).map(summaryOf)
}

/** Invoices issued in a range of instants (`from` included, `to` excluded), in number order: the accountant's list. */
export const invoicesIssued = (db: Queryable, range: { from?: string; to?: string }) => {
  let q = db.selectFrom('invoices').selectAll()
  if (range.from) q = q.where('issued_at', '>=', range.from)
  if (range.to) q = q.where('issued_at', '<', range.to)
  return q.orderBy('issued_at').orderBy('id').execute()
}

/**
 * What is left of the deposit an accepted quote asked (kobo), paid before the rest: the quote's deposit less
 * what the invoice has received, never more than is due. 0 on an invoice not from such a quote.
 */
async function depositDueKobo(db: Queryable, invoice: InvoiceRow, dueKobo: number) {
  if (invoice.quote_id === null || dueKobo === 0) return 0
  const quote = await db
    .selectFrom('quotes')
    .select(['total_kobo', 'deposit_percent'])
    .where('id', '=', invoice.quote_id)
    .executeTakeFirst()
  if (!quote || quote.deposit_percent === 0) return 0
  const askedKobo = depositKobo(quote.total_kobo, quote.deposit_percent)
  return Math.min(dueKobo, Math.max(0, askedKobo - invoice.paid_kobo))
}

/** One invoice as the answers show it; undefined when there is none. */
export async function findInvoice(db: Queryable, id: number): Promise<InvoiceAnswer | undefined> {
  const r = await db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst()
  if (!r) return undefined
  const lines = await documentLines(db, 'invoice', id)
  const payments = await db
    .selectFrom('invoice_payments as ip')
    .leftJoin('refunds as r', 'r.payment_id', 'ip.payment_id')
    .selectAll('ip')
    .select(['r.status as refund_status', 'r.reason as refund_reason', 'r.created_at as refund_requested_at'])
    .where('ip.invoice_id', '=', id)
    .orderBy('ip.received_at')
    .orderBy('ip.id')
    .execute()
  const summary = summaryOf(r)
  return {
    ...summary,
    depositDue: toNaira(await depositDueKobo(db, r, toKobo(summary.due))),
    billedTo: billedTo(r),
    quoteId: r.quote_id,
    sentAt: r.sent_at,
    voidedAt: r.voided_at,
    voidReason: r.void_reason,
    note: r.note,
    offerPercent: r.first_service_percent,
    lines: lines.map(lineAnswer),
    totals: storedTotalsAnswer(r, lines, { kobo: r.first_service_kobo, percent: r.first_service_percent }),
    payments: payments.map((p) => ({
      id: p.id,
      amount: toNaira(p.amount_kobo),
      method: p.method as InvoicePaymentMethod,
      source: p.source as 'gateway' | 'on_site' | 'manual',
      reference: p.reference,
      receivedAt: p.received_at,
      jobId: p.job_id,
      refund: p.refund_status
        ? {
            status: p.refund_status as RefundStatus,
            reason: p.refund_reason ?? '',
            requestedAt: p.refund_requested_at ?? '',
          }
        : null,
    })),
  }
}

// ---------- telling the customer ----------

const DAY_MS = 86_400_000

/** The invoice's page a signed link opens without logging in (/i/{token}), for INVOICE_LINK_DAYS from now. */
export const invoiceLink = async (db: Database, id: number, nowMs: number) =>
  pages.invoiceLink(await signLink(db, 'invoice', id, nowMs + INVOICE_LINK_DAYS * DAY_MS))

/**
 * Tells the customer (an account) an invoice is out for them: in the app, opening its page, and by
 * email/SMS (their settings) with `link`, its signed page, which needs no login.
 */
export async function tellInvoiceOut(
  trx: Queryable,
  customerId: number,
  invoice: Pick<InvoiceAnswer, 'id' | 'number' | 'dueDate'>,
  words: { amount: string; text: string; label: string },
  link: string,
) {
  await tell(
    trx,
    customerId,
    {
      heading: `Invoice ${invoice.number}`,
      body: words.text,
      link: { path: pages.invoice(invoice.id), label: words.label },
      kind: 'invoices',
    },
    {
      template: 'invoice_sent',
      data: { number: invoice.number, amount: words.amount, due_date: formatDay(invoice.dueDate), link },
    },
  )
}
