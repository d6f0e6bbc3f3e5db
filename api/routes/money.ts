import { Hono } from 'hono'
import { moneyExportQuery } from '../../contract/ledger.js'
import { businessDateTime } from '../../contract/dates.js'
import { toNaira } from '../../contract/money.js'
import type { AppEnv } from '../types.js'
import { requireRole } from '../middleware/auth.js'
import { validate } from '../middleware/validate.js'
import { csvBody, csvFigure } from '../lib/csv.js'
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
    return c.body(csvBody([CSV_HEADER, ...rows]), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="greenshield-money-${from}-to-${to}.csv"`,
      'Cache-Control': 'no-store',
    })
  })
