import { Hono, type Context } from 'hono'
import type { AppEnv } from '../types.js'
import { currentUser, requireLogin, requireRole } from '../middleware/auth.js'
import { bodyOf, parseId, validate } from '../middleware/validate.js'
import { answerOnce, idempotent } from '../middleware/idempotency.js'
import { fail } from '../lib/http-error.js'
import { invalidLink, readLink } from '../lib/signed-links.js'
import {
  abandonPayment,
  findPayment,
  gatewayReturnUrl,
  invoicePaymentOutcome,
  newTxRef,
  openInvoicePayment,
  processRefund,
  returnOriginOf,
} from '../payments/index.js'
import {
  billedCustomer,
  createInvoice,
  editDraft,
  findInvoice,
  invoiceFromBooking,
  invoiceLink,
  listInvoices,
  markSent,
  recordInvoicePayment,
  refundInvoicePayment,
  tellInvoiceOut,
  voidInvoice,
} from '../lib/invoices.js'
import { storedLines } from '../lib/document-lines.js'
import { invoiceListQuery, type AdminInvoiceAnswer } from '../../contract/invoices.js'
import { businessDay, businessDayStart, formatDay } from '../../contract/dates.js'
import { formatNaira, toKobo } from '../../contract/money.js'
import { pages } from '../../contract/pages.js'

const invoiceId = (c: Context<AppEnv>) => parseId(c.req.param('id')) ?? fail(404, 'No such invoice.')

const freshLink = (c: Context<AppEnv>, id: number) => invoiceLink(c.var.db, id, c.var.config.now())

/** The admin's answer: the invoice, and a link to pass on by hand once it is out. */
async function adminView(c: Context<AppEnv>, id: number, link?: string): Promise<AdminInvoiceAnswer> {
  const invoice = (await findInvoice(c.var.db, id)) ?? fail(404, 'No such invoice.')
  const out = invoice.status !== 'Draft' && invoice.status !== 'Void'
  return { ...invoice, link: out ? (link ?? (await freshLink(c, id))) : null }
}

/** admins/invoices/: the back office writes, sends, voids invoices and records money received. */
export const adminInvoiceRoutes = new Hono<AppEnv>({ strict: false })
  .get('/', requireRole('admin'), validate('query', invoiceListQuery), async (c) =>
    c.json(await listInvoices(c.var.db, c.req.valid('query'))),
  )
  .post(
    '/',
    requireRole('admin'),
    idempotent,
    validate('json', bodyOf('POST admins/invoices/')),
    async (c) => {
      const body = c.req.valid('json')
      const admin = currentUser(c)
      const now = c.var.config.now()
      return c.var.db.transaction().execute(async (trx) => {
        const fromBooking =
          body.bookingId !== undefined ? await invoiceFromBooking(trx, body.bookingId) : null
        const billed = fromBooking?.billed ?? (await billedCustomer(trx, body.customerId!))
        const id = await createInvoice(
          trx,
          {
            billed,
            bookingId: body.bookingId ?? null,
            lines: body.lines ? storedLines(body.lines) : fromBooking!.lines,
            discountKobo: body.discount === undefined ? 0 : toKobo(body.discount),
            dueDate: body.dueDate,
            note: body.note,
            createdBy: admin.id,
            onSite: fromBooking?.onSite ? { ...fromBooking.onSite, recordedBy: admin.id } : null,
          },
          now,
        )
        const invoice = (await findInvoice(trx, id))!
        return answerOnce(
          c,
          trx,
          { message: `Invoice ${invoice.number} written as a draft.`, invoice: { ...invoice, link: null } },
          201,
        )
      })
    },
  )
  .get('/:id', requireRole('admin'), async (c) => c.json(await adminView(c, invoiceId(c))))
  .post(
    '/:id',
    requireRole('admin'),
    idempotent,
    validate('json', bodyOf('POST admins/invoices/{id}/')),
    async (c) => {
      const id = invoiceId(c)
      const body = c.req.valid('json')
      return c.var.db.transaction().execute(async (trx) => {
        await editDraft(
          trx,
          id,
          {
            lines: storedLines(body.lines),
            discountKobo: body.discount === undefined ? undefined : toKobo(body.discount),
            dueDate: body.dueDate,
            note: body.note,
          },
          c.var.config.now(),
        )
        const invoice = (await findInvoice(trx, id))!
        return answerOnce(c, trx, {
          message: `Invoice ${invoice.number} saved.`,
          invoice: { ...invoice, link: null },
        })
      })
    },
  )
  .post('/:id/send', requireRole('admin'), idempotent, async (c) => {
    const id = invoiceId(c)
    // Signed before the transaction: the link's key may be created on first use.
    const link = await freshLink(c, id)
    return c.var.db.transaction().execute(async (trx) => {
      const before = await markSent(trx, id, c.var.config.now())
      const invoice = (await findInvoice(trx, id))!
      const amount = formatNaira(invoice.due || invoice.total)
      if (before.customer_id) {
        const text =
          invoice.due > 0
            ? `Your invoice ${invoice.number} for ${amount} is ready; it is due by ${formatDay(invoice.dueDate)}.`
            : `Your invoice ${invoice.number} is ready; it is paid in full.`
        await tellInvoiceOut(
          trx,
          before.customer_id,
          invoice,
          { amount, text, label: 'See the invoice' },
          link,
        )
      }
      return answerOnce(c, trx, {
        message: before.customer_id
          ? `Invoice ${invoice.number} sent to ${invoice.billedName}.`
          : `Invoice ${invoice.number} is ready: ${invoice.billedName} has no account, so send them the link.`,
        invoice: { ...invoice, link },
      })
    })
  })
  .post(
    '/:id/void',
    requireRole('admin'),
    idempotent,
    validate('json', bodyOf('POST admins/invoices/{id}/void/')),
    async (c) => {
      const id = invoiceId(c)
      const { reason } = c.req.valid('json')
      return c.var.db.transaction().execute(async (trx) => {
        await voidInvoice(trx, id, reason, c.var.config.now())
        const invoice = (await findInvoice(trx, id))!
        return answerOnce(c, trx, {
          message: `Invoice ${invoice.number} is void.`,
          invoice: { ...invoice, link: null },
        })
      })
    },
  )
  .post(
    '/:id/payments/:paymentId/refund',
    requireRole('admin'),
    idempotent,
    validate('json', bodyOf('POST admins/invoices/{id}/payments/{paymentId}/refund/')),
    async (c) => {
      const id = invoiceId(c)
      const invoicePaymentId = parseId(c.req.param('paymentId')) ?? fail(404, 'No such payment.')
      const { reason } = c.req.valid('json')
      const { db, gateway, config } = c.var
      const link = await freshLink(c, id)
      let gatewayPaymentId = 0
      const answer = await db.transaction().execute(async (trx) => {
        gatewayPaymentId = await refundInvoicePayment(trx, id, invoicePaymentId, reason, config.now())
        const invoice = (await findInvoice(trx, id))!
        return answerOnce(c, trx, {
          message: `The payment goes back to the customer; invoice ${invoice.number} owes it again.`,
          invoice: { ...invoice, link },
        })
      })
      // After the commit, as for orders: never throws; a refusal is retried by the periodic check.
      if (gatewayPaymentId) await processRefund(db, gateway, gatewayPaymentId, config.now)
      return answer
    },
  )
  .post(
    '/:id/payments',
    requireRole('admin'),
    idempotent,
    validate('json', bodyOf('POST admins/invoices/{id}/payments/')),
    async (c) => {
      const id = invoiceId(c)
      const body = c.req.valid('json')
      const now = c.var.config.now()
      const today = businessDay(new Date(now))
      if (body.receivedOn > today)
        fail(400, 'The date received cannot be in the future.', { field: 'receivedOn' })
      // A day in the past: noon in Lagos that day; today: the moment it was recorded.
      const receivedAt =
        body.receivedOn === today
          ? new Date(now).toISOString()
          : new Date(businessDayStart(body.receivedOn).getTime() + 12 * 3_600_000).toISOString()
      const link = await freshLink(c, id)
      return c.var.db.transaction().execute(async (trx) => {
        const { duplicate } = await recordInvoicePayment(
          trx,
          id,
          {
            amountKobo: toKobo(body.amount),
            method: body.method,
            source: 'manual',
            reference: body.reference,
            receivedAt,
            recordedBy: currentUser(c).id,
            clientKey: body.clientKey ?? null,
          },
          now,
        )
        const invoice = (await findInvoice(trx, id))!
        const answer = {
          message: duplicate
            ? 'This payment was recorded already.'
            : `${formatNaira(body.amount)} recorded on invoice ${invoice.number}.`,
          invoice: { ...invoice, link: invoice.status === 'Void' ? null : link },
        }
        return answerOnce(c, trx, answer, duplicate ? 200 : 201)
      })
    },
  )

/**
 * Opens a gateway payment of an invoice and answers where to send the browser; after paying it comes back
 * to `returnPath`. The amount is the whole amount due unless the payer asked for part of it.
 */
async function payInvoice(c: Context<AppEnv>, id: number, returnPath: string, amount: number | undefined) {
  const { db, gateway, config } = c.var
  const returnOrigin = returnOriginOf(c)
  const opened = await openInvoicePayment(
    db,
    {
      invoiceId: id,
      amountKobo: amount === undefined ? undefined : toKobo(amount),
      gateway: gateway.name,
      returnOrigin,
      returnPath,
    },
    newTxRef(),
  )
  const user = c.var.user
  // The provider asks for an email: the invoice's, else the account's, else the company's own sender.
  const email =
    opened.billed.email ||
    user?.email ||
    /<([^>]+)>/.exec(config.messaging.mailFrom)?.[1] ||
    config.messaging.mailFrom
  try {
    const paymentUrl = await gateway.initiate({
      txRef: opened.txRef,
      amountKobo: opened.amountKobo,
      currency: 'NGN',
      customer: { email, name: opened.billed.name, phone: opened.billed.phone },
      redirectUrl: gatewayReturnUrl(c, returnOrigin),
    })
    return c.json({ payment_url: paymentUrl })
  } catch (err) {
    console.error('Invoice payment initiation failed', err)
    await abandonPayment(db, opened.txRef, config.now())
    return c.json({ message: 'We could not start the payment. Please try again shortly.' }, 502)
  }
}

/** One payment made on invoice `id`, for the page the payer comes back to; 404 for any other. */
async function paymentOn(c: Context<AppEnv>, id: number) {
  const payment = await findPayment(c.var.db, c.req.param('txRef') ?? '')
  if (!payment || payment.invoice_id !== id) fail(404, 'No such payment.')
  return c.json(await invoicePaymentOutcome(c.var.db, payment))
}

/** One of the caller's own invoices that is out (another's, or a draft, answers 404, as if there were none). */
async function ownInvoice(c: Context<AppEnv>) {
  const invoice = await findInvoice(c.var.db, invoiceId(c))
  if (!invoice || invoice.customerId !== currentUser(c).id || invoice.status === 'Draft') {
    fail(404, 'No such invoice.')
  }
  return invoice
}

/** The invoice a signed link opens (a draft is not shown: 404 as for a link never made). */
async function linkedInvoice(c: Context<AppEnv>) {
  const id = await readLink(c.var.db, 'invoice', c.req.param('token') ?? '', c.var.config.now())
  const invoice = await findInvoice(c.var.db, id)
  if (!invoice || invoice.status === 'Draft') invalidLink()
  return invoice
}

/** invoices/: the logged-in customer's own invoices (another's answers 404, as if there were none). */
export const customerInvoiceRoutes = new Hono<AppEnv>({ strict: false })
  .get('/', requireLogin, async (c) =>
    c.json(await listInvoices(c.var.db, { customerId: currentUser(c).id })),
  )
  .get('/:id', requireLogin, async (c) => c.json(await ownInvoice(c)))
  .post(
    '/:id/pay',
    requireLogin,
    idempotent,
    validate('json', bodyOf('POST invoices/{id}/pay/')),
    async (c) => {
      const invoice = await ownInvoice(c)
      return payInvoice(c, invoice.id, pages.invoice(invoice.id), c.req.valid('json').amount)
    },
  )
  .get('/:id/payments/:txRef', requireLogin, async (c) => paymentOn(c, (await ownInvoice(c)).id))

/**
 * invoice-links/{token}/: the invoice a signed link opens, for whoever holds the link; the link also lets
 * them pay it (THAT invoice only) without logging in.
 */
export const invoiceLinkRoutes = new Hono<AppEnv>({ strict: false })
  .get('/:token', async (c) => c.json(await linkedInvoice(c)))
  .post('/:token/pay', idempotent, validate('json', bodyOf('POST invoice-links/{token}/pay/')), async (c) => {
    const invoice = await linkedInvoice(c)
    // Back to the same link's page, which shows the outcome.
    return payInvoice(c, invoice.id, pages.invoiceLink(c.req.param('token')), c.req.valid('json').amount)
  })
  .get('/:token/payments/:txRef', async (c) => paymentOn(c, (await linkedInvoice(c)).id))
