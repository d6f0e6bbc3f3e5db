import { Hono, type Context } from 'hono'
import { moneyExportQuery } from '../../contract/ledger.js'
import { businessDateTime, businessDay } from '../../contract/dates.js'
import { toNaira } from '../../contract/money.js'
import type { AppEnv } from '../types.js'
import { requireRole } from '../middleware/auth.js'
import { validate } from '../middleware/validate.js'
import { csvBody, csvFigure, type CsvValue } from '../lib/csv.js'
import { invoicesIssued } from '../lib/invoices.js'
import { lagosDays, listLedger, moneySummary } from '../lib/ledger.js'

const CSV_HEADER = [
  'Date (Lagos)',
  'Kind',
  'Stream',
  'Method',
  'Source',
  'Amount (NGN)',
  'Reference',
  'Customer or account',
  'Order, booking or note',
]

const INVOICES_CSV_HEADER = [
  'Invoice',
  'Issued (Lagos)',
  'Status',
  'Billed to',
  'Email or phone',
  'Subtotal (NGN)',
  'First-service offer (NGN)',
  'Discount (NGN)',
  'VAT (NGN)',
  'Total (NGN)',
  'Paid (NGN)',
  'Due (NGN)',
  'Due date',
]

/** admins/money/: the owner's money, read from the ledger (api/lib/ledger.ts). */
export const moneyRoutes = new Hono<AppEnv>({ strict: false })
  .get('/', requireRole('admin'), async (c) => c.json(await moneySummary(c.var.db, c.var.config.now())))

  .get('/export.csv', requireRole('admin'), validate('query', moneyExportQuery), async (c) => {
    const { from, to } = c.req.valid('query')
    const events = await listLedger(c.var.db, lagosDays(from, to))
    const rows = events.map((e) => [
      businessDateTime(e.at),
      e.kind,
      e.stream ?? '',
      e.method,
      e.source,
      // Money going out is negative, so a sum of the column is what the range left the business with.
      csvFigure(e.kind === 'income' ? toNaira(e.amount_kobo) : -toNaira(e.amount_kobo)),
      e.reference,
      e.customer,
      e.subject,
    ])
    return csvFile(c, [CSV_HEADER, ...rows], `greenshield-money-${from}-to-${to}.csv`)
  })

  .get('/invoices.csv', requireRole('admin'), validate('query', moneyExportQuery), async (c) => {
    const { from, to } = c.req.valid('query')
    const invoices = await invoicesIssued(c.var.db, lagosDays(from, to))
    const naira = (kobo: number) => csvFigure(toNaira(kobo))
    const rows = invoices.map((i) => [
      i.number,
      businessDay(i.issued_at),
      i.status,
      i.billed_name,
      i.billed_email || i.billed_phone,
      naira(i.subtotal_kobo),
      naira(i.first_service_kobo),
      naira(i.discount_kobo),
      naira(i.vat_kobo),
      naira(i.total_kobo),
      naira(i.paid_kobo),
      // A void invoice owes nothing, whatever its total.
      naira(i.status === 'Void' ? 0 : i.total_kobo - i.paid_kobo),
      i.due_date,
    ])
    return csvFile(c, [INVOICES_CSV_HEADER, ...rows], `greenshield-invoices-${from}-to-${to}.csv`)
  })

/** A CSV download: UTF-8 with a byte-order mark, never cached (it is the books). */
const csvFile = (c: Context<AppEnv>, rows: CsvValue[][], filename: string) =>
  c.body(csvBody(rows), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'no-store',
  })
