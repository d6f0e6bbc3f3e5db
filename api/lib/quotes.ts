import { sql, type Updateable } from 'kysely'
import type { Queryable } from '../db/index.js'
import type { Quotes } from '../db/schema.js'
import { textSearch } from './search.js'
import { affectedRows, forUpdate } from '../db/dialect.js'
import { depositKobo, documentTotals, isServiceWork, type LineKind } from '../../contract/documents.js'
import {
  quoteStatus,
  type QuoteAnswer,
  type QuoteStatus,
  type QuoteSummary,
  type StoredQuoteStatus,
} from '../../contract/quotes.js'
import type { InvoiceStatus } from '../../contract/invoices.js'
import { addDays, businessDay, formatDay } from '../../contract/dates.js'
import { formatNaira, toNaira } from '../../contract/money.js'
import { billingSettings } from './billing.js'
import { fail, notFound } from './http-error.js'
import { createInvoice, markSent, newDocument, openInvoiceOf } from './invoices.js'
import {
  billedColumns,
  billedTo,
  documentLines,
  lineAnswer,
  priced,
  replaceLines,
  storedLineOf,
  storedTotalsAnswer,
  totalsColumns,
  type Billed,
  type StoredLine,
} from './document-lines.js'

const today = (nowMs: number) => businessDay(new Date(nowMs))

// ---------- writing ----------

/**
 * Writes the lines and the totals documentTotals works out from them. No first-service offer here: it is
 * taken off the invoice the quote becomes, where the once-per-customer claim is made.
 */
async function priceQuote(
  trx: Queryable,
  quote: { id: number; vat_rate_bp: number },
  lines: readonly StoredLine[],
  discountKobo: number,
  nowIso: string,
) {
  const totals = documentTotals(priced(lines), { discountKobo, vatRateBp: quote.vat_rate_bp })
  await replaceLines(trx, 'quote', quote.id, lines)
  await trx
    .updateTable('quotes')
    .set({ ...totalsColumns(totals), updated_at: nowIso })
    .where('id', '=', quote.id)
    .execute()
}

export interface NewQuote {
  billed: Billed
  bookingId: number
  lines: StoredLine[]
  discountKobo?: number
  depositPercent?: number
  validUntil?: string
  note?: string
  createdBy: number | null
  clientKey?: string | null
}

/** A quote's client key already used: the quote it made (a replay of a technician's offline write). */
export const quoteByClientKey = (db: Queryable, clientKey: string) =>
  db.selectFrom('quotes').select(['id', 'booking_id']).where('client_key', '=', clientKey).executeTakeFirst()

export class ClientKeySeen extends Error {
  constructor(readonly quoteId: number) {
    super('client key seen')
  }
}

/**
 * Writes a draft with the next number (Q-<year>-0001), its lines and totals, in the caller's transaction.
 * A client key seen before throws ClientKeySeen, so the caller's transaction gives the number back.
 */
export async function createQuote(trx: Queryable, input: NewQuote, nowMs: number): Promise<number> {
  const { nowIso, day, settings, number, rate } = await newDocument(trx, 'quote', nowMs)
  // Checked with the counter's row held: two copies of one offline write take turns from here.
  if (input.clientKey) {
    const seen = await quoteByClientKey(trx, input.clientKey)
    if (seen) throw new ClientKeySeen(seen.id)
  }
  const validUntil = input.validUntil ?? addDays(day, settings.quoteValidDays)
  if (validUntil < day) fail(400, 'Valid until cannot be in the past.', { field: 'validUntil' })
  const { id } = await trx
    .insertInto('quotes')
    .values({
      number,
      booking_id: input.bookingId,
      ...billedColumns(input.billed),
      vat_rate_bp: rate,
      deposit_percent: input.depositPercent ?? 0,
      valid_until: validUntil,
      note: input.note ?? '',
      issued_at: nowIso,
      created_by: input.createdBy,
      client_key: input.clientKey ?? null,
      updated_at: nowIso,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await priceQuote(trx, { id, vat_rate_bp: rate }, input.lines, input.discountKobo ?? 0, nowIso)
  return id
}

/** The quote's row, locked until the transaction ends (PostgreSQL), or a 404. */
export const lockQuote = (trx: Queryable, id: number) =>
  forUpdate(trx, trx.selectFrom('quotes').selectAll().where('id', '=', id)).executeTakeFirstOrThrow(
    notFound('No such quote.'),
  )

/**
 * The UPDATE that moves quote `id` on: `change` (its status and what the move records), stamped now. The
 * caller holds the row's lock (lockQuote) or adds the status it moves from, so the check and the write agree.
 */
const moveQuote = (trx: Queryable, id: number, change: Updateable<Quotes>, nowIso: string) =>
  trx
    .updateTable('quotes')
    .set({ ...change, updated_at: nowIso })
    .where('id', '=', id)

export async function editQuoteDraft(
  trx: Queryable,
  id: number,
  change: {
    lines: StoredLine[]
    discountKobo?: number
    depositPercent?: number
    validUntil?: string
    note?: string
  },
  nowMs: number,
) {
  const quote = await lockQuote(trx, id)
  if (quote.status !== 'Draft')
    fail(409, `Quote ${quote.number} is ${quote.status}: only a draft can be changed.`)
  if (change.validUntil !== undefined && change.validUntil < today(nowMs))
    fail(400, 'Valid until cannot be in the past.', { field: 'validUntil' })
  const nowIso = new Date(nowMs).toISOString()
  await priceQuote(trx, quote, change.lines, change.discountKobo ?? quote.discount_kobo, nowIso)
  await trx
    .updateTable('quotes')
    .set({
      deposit_percent: change.depositPercent ?? quote.deposit_percent,
      valid_until: change.validUntil ?? quote.valid_until,
      note: change.note ?? quote.note,
    })
    .where('id', '=', id)
    .execute()
}

/** Draft → Sent; the row as it was before. */
export async function markQuoteSent(trx: Queryable, id: number, nowMs: number) {
  const quote = await lockQuote(trx, id)
  if (quote.status !== 'Draft')
    fail(409, `Quote ${quote.number} is ${quote.status}: only a draft can be sent.`)
  if (quote.total_kobo === 0) fail(409, 'This quote comes to ₦0: fill in the prices before sending it.')
  if (quote.valid_until < today(nowMs)) {
    fail(409, `Quote ${quote.number} was valid until ${formatDay(quote.valid_until)}: set a later day first.`)
  }
  const nowIso = new Date(nowMs).toISOString()
  await moveQuote(trx, id, { status: 'Sent', sent_at: nowIso }, nowIso).execute()
  return quote
}

/** A draft or a sent quote the office takes back: it can no longer be accepted. */
export async function withdrawQuote(trx: Queryable, id: number, nowMs: number) {
  const quote = await lockQuote(trx, id)
  if (quote.status !== 'Draft' && quote.status !== 'Sent')
    fail(409, `Quote ${quote.number} is ${quote.status}: it cannot be withdrawn.`)
  const nowIso = new Date(nowMs).toISOString()
  await moveQuote(trx, id, { status: 'Withdrawn', withdrawn_at: nowIso }, nowIso).execute()
}

/** Why a quote the customer holds cannot be answered now (409), or nothing. */
function closedFor(
  quote: { number: string; status: string; valid_until: string },
  nowMs: number,
  what: string,
) {
  if (quote.status === 'Declined') fail(409, `Quote ${quote.number} was declined: ask us for a new one.`)
  if (quote.status === 'Withdrawn')
    fail(409, `Quote ${quote.number} was withdrawn by GreenShield: ask us for a new one.`)
  if (quote.status === 'Accepted') fail(409, `Quote ${quote.number} was accepted already.`)
  if (quote.status !== 'Sent') fail(404, 'No such quote.')
  if (quote.valid_until < today(nowMs)) {
    fail(
      409,
      `Quote ${quote.number} expired on ${formatDay(quote.valid_until)}, so it cannot be ${what}. Ask us for a new one.`,
    )
  }
}

export interface Accepted {
  /** False when the quote was accepted before (a replay or a race): nothing new was written. */
  fresh: boolean
  invoiceId: number | null
  /** The invoice, when the quote asks a deposit: sent at once, to tell the customer about. */
  depositInvoiceId: number | null
}

/**
 * Accepts a Sent quote within its validity and writes the invoice it becomes, in the caller's transaction:
 * an invoice with the quote's lines (the first-service offer is claimed there): a draft for the office, or,
 * when the quote asks a deposit, sent at once with the deposit as its first part to pay. The quote's row is locked and moved only from
 * Sent, so two accepts at once (two instances) write one invoice; the later one answers as accepted.
 */
export async function acceptQuote(
  trx: Queryable,
  id: number,
  name: string,
  nowMs: number,
): Promise<Accepted> {
  const quote = await lockQuote(trx, id)
  if (quote.status === 'Accepted') {
    const invoice = await trx
      .selectFrom('invoices')
      .select('id')
      .where('quote_id', '=', id)
      .orderBy('id')
      .executeTakeFirst()
    return { fresh: false, invoiceId: invoice?.id ?? null, depositInvoiceId: null }
  }
  closedFor(quote, nowMs, 'accepted')
  const nowIso = new Date(nowMs).toISOString()
  const moved = await moveQuote(
    trx,
    id,
    { status: 'Accepted', accepted_name: name, accepted_at: nowIso },
    nowIso,
  )
    .where('status', '=', 'Sent')
    .executeTakeFirst()
  if (affectedRows(moved) === 0) return acceptQuote(trx, id, name, nowMs)
  const billed: Billed = { customerId: quote.customer_id, ...billedTo(quote) }
  const note = `From quote ${quote.number}, accepted by ${name}.`
  const lines = await documentLines(trx, 'quote', id)
  // The booking may already carry an invoice (the job was invoiced before the quote was accepted): the
  // quote's invoice is then written apart from the booking, for the office to reconcile.
  const open = await openInvoiceOf(trx, quote.booking_id)
  const invoiceId = await createInvoice(
    trx,
    {
      billed,
      bookingId: open ? null : quote.booking_id,
      quoteId: id,
      lines: lines.map(storedLineOf),
      discountKobo: quote.discount_kobo,
      note,
      createdBy: null,
    },
    nowMs,
  )
  // A deposit is the first part of this same invoice, paid now: it goes out at once, and whatever is
  // paid on it (the deposit, money on site later) adds up on the one invoice.
  const asksDeposit = quote.deposit_percent > 0 && quote.total_kobo > 0
  if (asksDeposit) await markSent(trx, invoiceId, nowMs)
  return { fresh: true, invoiceId, depositInvoiceId: asksDeposit ? invoiceId : null }
}

/** Declines a Sent quote; declining again answers the same. */
export async function declineQuote(trx: Queryable, id: number, reason: string, nowMs: number) {
  const quote = await lockQuote(trx, id)
  if (quote.status === 'Declined') return false
  closedFor(quote, nowMs, 'declined')
  const nowIso = new Date(nowMs).toISOString()
  await moveQuote(trx, id, { status: 'Declined', declined_at: nowIso, decline_reason: reason }, nowIso)
    .where('status', '=', 'Sent')
    .execute()
  return true
}

// ---------- reading ----------

type QuoteRow = Awaited<ReturnType<typeof lockQuote>>

const summaryOf = (r: QuoteRow, day: string): QuoteSummary => ({
  id: r.id,
  number: r.number,
  status: quoteStatus(r.status as StoredQuoteStatus, r.valid_until, day),
  billedName: r.billed_name,
  customerId: r.customer_id,
  bookingId: r.booking_id,
  issuedOn: businessDay(r.issued_at),
  validUntil: r.valid_until,
  total: toNaira(r.total_kobo),
  depositPercent: r.deposit_percent,
})

/** Quotes newest first: the admin's list (filtered), or one customer's (no drafts). */
export async function listQuotes(
  db: Queryable,
  filter: { status?: QuoteStatus; q?: string; customerId?: number },
  nowMs: number,
): Promise<QuoteSummary[]> {
  const day = today(nowMs)
  let query = db.selectFrom('quotes').selectAll().orderBy('id', 'desc').limit(500)
  if (filter.status === 'Expired') {
    query = query.where('status', '=', 'Sent').where('valid_until', '<', day)
  } else if (filter.status === 'Sent') {
    query = query.where('status', '=', 'Sent').where('valid_until', '>=', day)
  } else if (filter.status) {
    query = query.where('status', '=', filter.status)
  }
  if (filter.customerId !== undefined) {
    // Only quotes that reached the customer: a draft withdrawn unsent never did.
    query = query.where('customer_id', '=', filter.customerId).where('sent_at', 'is not', null)
  }
  if (filter.q) {
    query = query.where(textSearch(filter.q, [sql.ref('number'), sql.ref('billed_name')]))
  }
  return (await query.execute()).map((r) => summaryOf(r, day))
}

/** The percent the customer's first service will still get off (null: none), for the quote's note. */
async function offerStillOpen(db: Queryable, customerId: number | null, hasServiceWork: boolean) {
  if (customerId === null || !hasServiceWork) return null
  const settings = await billingSettings(db)
  if (!settings.firstServiceOffer) return null
  const claim = await db
    .selectFrom('first_service_claims')
    .select('customer_id')
    .where('customer_id', '=', customerId)
    .executeTakeFirst()
  return claim ? null : settings.firstServicePercent
}

/** One quote as the answers show it (the invoice's link left for the route to sign); undefined when none. */
export async function findQuote(db: Queryable, id: number, nowMs: number): Promise<QuoteAnswer | undefined> {
  const r = await db.selectFrom('quotes').selectAll().where('id', '=', id).executeTakeFirst()
  if (!r) return undefined
  const lines = await documentLines(db, 'quote', id)
  const invoice = await db
    .selectFrom('invoices')
    .select(['id', 'number', 'status', 'total_kobo'])
    .where('quote_id', '=', id)
    .orderBy('id')
    .executeTakeFirst()
  const lineKinds = lines.map((l) => ({ kind: l.kind as LineKind, productId: l.product_id }))
  const open = r.status === 'Draft' || r.status === 'Sent'
  return {
    ...summaryOf(r, today(nowMs)),
    billedTo: billedTo(r),
    deposit: toNaira(depositKobo(r.total_kobo, r.deposit_percent)),
    sentAt: r.sent_at,
    acceptedName: r.accepted_name,
    acceptedAt: r.accepted_at,
    declinedAt: r.declined_at,
    declineReason: r.decline_reason,
    withdrawnAt: r.withdrawn_at,
    note: r.note,
    offerPercent: open ? await offerStillOpen(db, r.customer_id, lineKinds.some(isServiceWork)) : null,
    lines: lines.map(lineAnswer),
    totals: storedTotalsAnswer(r, lines, { kobo: 0, percent: null }),
    invoice: invoice
      ? {
          id: invoice.id,
          number: invoice.number,
          status: invoice.status as InvoiceStatus,
          total: toNaira(invoice.total_kobo),
          deposit: r.deposit_percent > 0,
          link: null,
        }
      : null,
  }
}

/** Words for a quote's deposit: "a deposit of ₦6,000 (30%)". */
export const depositWords = (q: Pick<QuoteAnswer, 'deposit' | 'depositPercent'>) =>
  `a deposit of ${formatNaira(q.deposit)} (${q.depositPercent}%)`
