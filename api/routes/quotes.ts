import { Hono, type Context } from 'hono'
import type { AppEnv } from '../types.js'
import type { Queryable } from '../db/index.js'
import { currentUser, requireLogin, requireRole } from '../middleware/auth.js'
import { bodyOf, parseId, validate } from '../middleware/validate.js'
import { answerOnce, idempotent } from '../middleware/idempotency.js'
import { fail } from '../lib/http-error.js'
import { tell } from '../lib/notify.js'
import { invalidLink, readLink, signLink } from '../lib/signed-links.js'
import { serverSecret } from '../lib/server-secret.js'
import { findJobRow, wasEverAssigned } from '../lib/jobs.js'
import { findInvoice, invoiceFromBooking, invoiceLink, tellInvoiceOut } from '../lib/invoices.js'
import { storedLines } from '../lib/document-lines.js'
import {
  ClientKeySeen,
  depositWords,
  acceptQuote,
  createQuote,
  declineQuote,
  editQuoteDraft,
  findQuote,
  listQuotes,
  markQuoteSent,
  quoteByClientKey,
  withdrawQuote,
} from '../lib/quotes.js'
import { QUOTE_LINK_DAYS, quoteListQuery, type QuoteAnswer } from '../../contract/quotes.js'
import type { DocumentLine } from '../../contract/documents.js'
import { addDays, businessDayStart, formatDateTime, formatDay } from '../../contract/dates.js'
import { formatNaira, toKobo } from '../../contract/money.js'
import { pages } from '../../contract/pages.js'

/** What a quote's body sets on the stored draft (kobo, stored lines); left out: kept, or the default. */
const draftOf = (body: {
  lines: DocumentLine[]
  discount?: number
  depositPercent?: number
  validUntil?: string
  note?: string
}) => ({
  lines: storedLines(body.lines),
  discountKobo: body.discount === undefined ? undefined : toKobo(body.discount),
  depositPercent: body.depositPercent,
  validUntil: body.validUntil,
  note: body.note,
})

const quoteId = (c: Context<AppEnv>) => parseId(c.req.param('id')) ?? fail(404, 'No such quote.')

/**
 * Signing needs the links key, which is created on first use: read it before a transaction, so signing
 * inside one never waits for a second connection (SQLite has one).
 */
const warmLinkKey = (c: Context<AppEnv>) => serverSecret(c.var.db, 'links')

/** The quote's signed page: open until some days after its last day, so an expired quote still reads. */
async function quoteLink(c: Context<AppEnv>, quote: Pick<QuoteAnswer, 'id' | 'validUntil'>) {
  const until = businessDayStart(addDays(quote.validUntil, QUOTE_LINK_DAYS)).getTime()
  return pages.quoteLink(await signLink(c.var.db, 'quote', quote.id, until))
}

/**
 * The quote with the way to its invoice filled in for whoever reads it: an invoice asking a deposit that is out can
 * be paid by its signed link (the no-login page) or its page in the account; the office's draft is not shown.
 */
async function readQuote(
  c: Context<AppEnv>,
  db: Queryable,
  id: number,
  reader: 'admin' | 'account' | 'link',
): Promise<QuoteAnswer> {
  const quote = (await findQuote(db, id, c.var.config.now())) ?? fail(404, 'No such quote.')
  const invoice = quote.invoice
  if (!invoice) return quote
  if (reader !== 'admin' && (invoice.status === 'Draft' || invoice.status === 'Void'))
    return { ...quote, invoice: { ...invoice, link: null } }
  const link =
    invoice.status === 'Draft' || invoice.status === 'Void'
      ? null
      : reader === 'account'
        ? pages.invoice(invoice.id)
        : await invoiceLink(c.var.db, invoice.id, c.var.config.now())
  return { ...quote, invoice: { ...invoice, link } }
}

async function adminView(c: Context<AppEnv>, db: Queryable, id: number) {
  const quote = await readQuote(c, db, id, 'admin')
  const out = quote.status !== 'Draft' && quote.status !== 'Withdrawn'
  return { ...quote, link: out ? await quoteLink(c, quote) : null }
}

/** Tells the customer (an account) that a quote is theirs to answer: in the app and by email/SMS. */
async function tellCustomer(c: Context<AppEnv>, trx: Queryable, id: number) {
  const quote = (await findQuote(trx, id, c.var.config.now()))!
  if (!quote.customerId) return quote
  const amount = formatNaira(quote.total)
  const validUntil = formatDay(quote.validUntil)
  await tell(
    trx,
    quote.customerId,
    {
      heading: `Quote ${quote.number}`,
      body: `Your quote ${quote.number} for ${amount} is ready; it is valid until ${validUntil}.`,
      link: { path: pages.quote(id), label: 'See the quote' },
      kind: 'invoices',
    },
    {
      template: 'quote_sent',
      data: { number: quote.number, amount, valid_until: validUntil, link: await quoteLink(c, quote) },
    },
  )
  return quote
}

/** admins/quotes/: the back office writes, sends and withdraws quotes. */
export const adminQuoteRoutes = new Hono<AppEnv>({ strict: false })
  .get('/', requireRole('admin'), validate('query', quoteListQuery), async (c) =>
    c.json(await listQuotes(c.var.db, c.req.valid('query'), c.var.config.now())),
  )
  .post('/', requireRole('admin'), idempotent, validate('json', bodyOf('POST admins/quotes/')), async (c) => {
    const body = c.req.valid('json')
    const admin = currentUser(c)
    await warmLinkKey(c)
    return c.var.db.transaction().execute(async (trx) => {
      const { billed } = await invoiceFromBooking(trx, body.bookingId)
      const id = await createQuote(
        trx,
        { ...draftOf(body), billed, bookingId: body.bookingId, createdBy: admin.id },
        c.var.config.now(),
      )
      const quote = await adminView(c, trx, id)
      return answerOnce(c, trx, { message: `Quote ${quote.number} written as a draft.`, quote }, 201)
    })
  })
  .get('/:id', requireRole('admin'), async (c) => {
    await warmLinkKey(c)
    return c.json(await adminView(c, c.var.db, quoteId(c)))
  })
  .post(
    '/:id',
    requireRole('admin'),
    idempotent,
    validate('json', bodyOf('POST admins/quotes/{id}/')),
    async (c) => {
      const id = quoteId(c)
      const body = c.req.valid('json')
      await warmLinkKey(c)
      return c.var.db.transaction().execute(async (trx) => {
        await editQuoteDraft(trx, id, draftOf(body), c.var.config.now())
        const quote = await adminView(c, trx, id)
        return answerOnce(c, trx, { message: `Quote ${quote.number} saved.`, quote })
      })
    },
  )
  .post('/:id/send', requireRole('admin'), idempotent, async (c) => {
    const id = quoteId(c)
    await warmLinkKey(c)
    return c.var.db.transaction().execute(async (trx) => {
      await markQuoteSent(trx, id, c.var.config.now())
      const sent = await tellCustomer(c, trx, id)
      const quote = await adminView(c, trx, id)
      return answerOnce(c, trx, {
        message: sent.customerId
          ? `Quote ${quote.number} sent to ${quote.billedName}.`
          : `Quote ${quote.number} is ready: ${quote.billedName} has no account, so send them the link.`,
        quote,
      })
    })
  })
  .post('/:id/withdraw', requireRole('admin'), idempotent, async (c) => {
    const id = quoteId(c)
    await warmLinkKey(c)
    return c.var.db.transaction().execute(async (trx) => {
      await withdrawQuote(trx, id, c.var.config.now())
      const quote = await adminView(c, trx, id)
      return answerOnce(c, trx, {
        message: `Quote ${quote.number} withdrawn: it can no longer be accepted.`,
        quote,
      })
    })
  })

/** The job a technician may quote for: theirs now, and not cancelled (as the job sheet's writes check). */
async function quotableJob(c: Context<AppEnv>) {
  const user = currentUser(c)
  const id = parseId(c.req.param('id'))
  const row = (id ? await findJobRow(c.var.db, id) : undefined) ?? fail(404, 'Job not found')
  if (row.staff_id !== user.id || row.assignment_id === null) {
    if (!(await wasEverAssigned(c.var.db, row.id, user.id))) fail(403, 'This job is not assigned to you.')
    fail(
      409,
      'This job was reassigned to another technician. Your quote was not recorded; call the office.',
      {
        extra: { code: 'reassigned' },
      },
    )
  }
  if (row.status === 'Cancelled') {
    fail(409, 'The customer’s booking was cancelled. Your quote was not recorded; call the office.', {
      extra: { code: 'cancelled' },
    })
  }
  return row
}

/** staff/jobs/{id}/quotes/: a technician's quote from the job page, replayed by the phone's outbox. */
export const staffQuoteRoutes = new Hono<AppEnv>({ strict: false }).post(
  '/jobs/:id/quotes',
  requireRole('staff'),
  idempotent,
  validate('json', bodyOf('POST staff/jobs/{id}/quotes/')),
  async (c) => {
    const row = await quotableJob(c)
    const body = c.req.valid('json')
    const now = c.var.config.now()
    await warmLinkKey(c)
    const again = async (id: number) => {
      const quote = (await findQuote(c.var.db, id, now))!
      if (quote.bookingId !== row.id) fail(409, 'This quote was already recorded for another job.')
      return c.json({ message: `Quote ${quote.number} was recorded already.`, quote: summary(quote) }, 200)
    }
    const seen = await quoteByClientKey(c.var.db, body.clientKey)
    if (seen) return again(seen.id)
    try {
      return await c.var.db.transaction().execute(async (trx) => {
        const { billed } = await invoiceFromBooking(trx, row.id)
        const id = await createQuote(
          trx,
          {
            ...draftOf(body),
            billed,
            bookingId: row.id,
            createdBy: currentUser(c).id,
            clientKey: body.clientKey,
          },
          now,
        )
        if (body.send) {
          await markQuoteSent(trx, id, now)
          await tellCustomer(c, trx, id)
        }
        const quote = (await findQuote(trx, id, now))!
        const message = body.send
          ? quote.customerId
            ? `Quote ${quote.number} sent to ${quote.billedName}.`
            : `Quote ${quote.number} is ready; ${quote.billedName} has no account, so the office will send the link.`
          : `Quote ${quote.number} saved for the office to send.`
        return answerOnce(c, trx, { message, quote: summary(quote) }, 201)
      })
    } catch (error) {
      if (error instanceof ClientKeySeen) return again(error.quoteId)
      throw error
    }
  },
)

const summary = (q: QuoteAnswer) => ({
  id: q.id,
  number: q.number,
  status: q.status,
  billedName: q.billedName,
  customerId: q.customerId,
  bookingId: q.bookingId,
  issuedOn: q.issuedOn,
  validUntil: q.validUntil,
  total: q.total,
  depositPercent: q.depositPercent,
})

/** What accepting or declining says, the same on a replay as the first time. */
function answerWords(quote: QuoteAnswer): string {
  if (quote.status === 'Declined') return `You declined quote ${quote.number}. Thank you for telling us.`
  const when = quote.acceptedAt ? formatDateTime(quote.acceptedAt) : ''
  const base = `Quote ${quote.number} accepted by ${quote.acceptedName} on ${when}.`
  if (quote.invoice?.deposit && quote.invoice.link)
    return `${base} Pay the ${formatNaira(quote.deposit)} deposit (invoice ${quote.invoice.number}) to book the work in.`
  return `${base} We will be in touch to confirm the work.`
}

/** Accepts quote `id` and answers it as `reader` sees it; tells the customer about an invoice asking a deposit. */
async function accept(c: Context<AppEnv>, id: number, reader: 'account' | 'link', name: string) {
  const now = c.var.config.now()
  await warmLinkKey(c)
  return c.var.db.transaction().execute(async (trx) => {
    const outcome = await acceptQuote(trx, id, name, now)
    const quote = await readQuote(c, trx, id, reader)
    if (outcome.depositInvoiceId && quote.customerId) {
      const invoice = (await findInvoice(trx, outcome.depositInvoiceId))!
      const amount = formatNaira(invoice.due)
      const text = `Your invoice ${invoice.number} for ${amount} on quote ${quote.number} is ready: ${depositWords(quote)} is due now.`
      const link = await invoiceLink(c.var.db, invoice.id, now)
      await tellInvoiceOut(trx, quote.customerId, invoice, { amount, text, label: 'Pay the deposit' }, link)
    }
    return answerOnce(c, trx, { message: answerWords(quote), quote })
  })
}

async function decline(c: Context<AppEnv>, id: number, reader: 'account' | 'link', reason: string) {
  await warmLinkKey(c)
  return c.var.db.transaction().execute(async (trx) => {
    await declineQuote(trx, id, reason, c.var.config.now())
    const quote = await readQuote(c, trx, id, reader)
    return answerOnce(c, trx, { message: answerWords(quote), quote })
  })
}

/** One of the caller's own quotes that was sent (another's, or one never sent, answers 404, as if there were none). */
async function ownQuoteId(c: Context<AppEnv>) {
  const id = quoteId(c)
  const row = await c.var.db
    .selectFrom('quotes')
    .select(['customer_id', 'sent_at'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row || row.customer_id !== currentUser(c).id || row.sent_at === null) fail(404, 'No such quote.')
  return id
}

/** quotes/: the logged-in customer's own quotes. */
export const customerQuoteRoutes = new Hono<AppEnv>({ strict: false })
  .get('/', requireLogin, async (c) =>
    c.json(await listQuotes(c.var.db, { customerId: currentUser(c).id }, c.var.config.now())),
  )
  .get('/:id', requireLogin, async (c) =>
    c.json(await readQuote(c, c.var.db, await ownQuoteId(c), 'account')),
  )
  .post(
    '/:id/accept',
    requireLogin,
    idempotent,
    validate('json', bodyOf('POST quotes/{id}/accept/')),
    async (c) => accept(c, await ownQuoteId(c), 'account', c.req.valid('json').name),
  )
  .post(
    '/:id/decline',
    requireLogin,
    idempotent,
    validate('json', bodyOf('POST quotes/{id}/decline/')),
    async (c) => decline(c, await ownQuoteId(c), 'account', c.req.valid('json').reason),
  )

/** The quote a signed link opens (one never sent is not shown: 404 as for a link never made). */
async function linkedQuoteId(c: Context<AppEnv>) {
  const id = await readLink(c.var.db, 'quote', c.req.param('token') ?? '', c.var.config.now())
  const row = await c.var.db.selectFrom('quotes').select('sent_at').where('id', '=', id).executeTakeFirst()
  if (!row || row.sent_at === null) invalidLink()
  return id
}

/** quote-links/{token}/: the quote a signed link opens; the link lets its holder accept or decline THAT quote. */
export const quoteLinkRoutes = new Hono<AppEnv>({ strict: false })
  .get('/:token', async (c) => {
    const id = await linkedQuoteId(c)
    await warmLinkKey(c)
    return c.json(await readQuote(c, c.var.db, id, 'link'))
  })
  .post(
    '/:token/accept',
    idempotent,
    validate('json', bodyOf('POST quote-links/{token}/accept/')),
    async (c) => accept(c, await linkedQuoteId(c), 'link', c.req.valid('json').name),
  )
  .post(
    '/:token/decline',
    idempotent,
    validate('json', bodyOf('POST quote-links/{token}/decline/')),
    async (c) => decline(c, await linkedQuoteId(c), 'link', c.req.valid('json').reason),
  )
