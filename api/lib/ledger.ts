/**
 * The ledger: every amount of money that moved, as events read from the tables that record them. Nothing
 * is stored twice: the balance, the owner's charts and the accountant's export are sums or lists of these
 * events. Each source is one small query below, all selecting the same columns in the same order, joined
 * with UNION ALL; money from a new place (service invoices paid through the gateway, say) is one more source.
 */
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely'
import {
  INVOICE_AGES,
  type IncomeMonth,
  type MethodTotal,
  type MoneySummary,
  type OutstandingAge,
  type StreamMonth,
} from '../../contract/dashboard.js'
import type { LedgerKind, LedgerSource, LedgerStream } from '../../contract/ledger.js'
import { addMonths, businessDay, businessDayStart, businessMonth, daysInRange } from '../../contract/dates.js'
import { toNaira } from '../../contract/money.js'
import type { Queryable, Tables } from '../db/index.js'
import { lagosMonth } from '../db/dialect.js'

/** One money event as a source selects it (a UNION matches columns by position: every source keeps this order). */
export interface LedgerRow {
  /** When it happened, ISO 8601 UTC. */
  at: string
  kind: LedgerKind
  stream: LedgerStream | null
  /** card, bank_transfer, ussd, cash, transfer, pos… */
  method: string
  source: LedgerSource
  /** Always positive; `kind` says which way it went. */
  amount_kobo: number
  reference: string
  /** Who paid or was paid. */
  customer: string
  /** What for: the order's goods, the booking, the refund's reason, the withdrawal's account. */
  subject: string
  /** A product payment's lines (JSON), turned into words for `subject`; null for other sources. */
  lines: string | null
}

/** Instants as ISO text: `from` included, `to` excluded; either may be left open. */
export interface LedgerRange {
  from?: string
  to?: string
}

type SourceQuery = SelectQueryBuilder<Tables, never, LedgerRow>
type Source = (db: Queryable, range: LedgerRange) => SourceQuery

/**
 * What a source selects for each of the ledger's columns: an expression over its own tables, or a plain
 * string for a value fixed for the whole source (null for no stream). `lines` is only a product
 * payment's: NULL when left out.
 */
interface SourceColumns {
  at: RawBuilder<string>
  kind: LedgerKind
  stream: RawBuilder<LedgerStream> | LedgerStream | null
  method: RawBuilder<string> | string
  source: RawBuilder<LedgerSource> | LedgerSource
  amount_kobo: RawBuilder<number>
  reference: RawBuilder<string>
  customer: RawBuilder<string>
  subject: RawBuilder<string>
  lines?: RawBuilder<string | null>
}

/** The ledger's columns in LedgerRow's order, the one every source's SELECT keeps. */
const COLUMNS = [
  'at',
  'kind',
  'stream',
  'method',
  'source',
  'amount_kobo',
  'reference',
  'customer',
  'subject',
  'lines',
] as const satisfies readonly (keyof LedgerRow)[]

/**
 * One source of the ledger: `from` (its tables, joins and conditions) selecting `columns` in the ledger's
 * order, kept to the rows whose moment `at` falls in the range asked for.
 */
function source<DB, TB extends keyof DB>(
  from: (db: Queryable) => SelectQueryBuilder<DB, TB, object>,
  columns: SourceColumns,
): Source {
  const { at } = columns
  return (db, range) => {
    let query = from(db).select(
      COLUMNS.map((name) => {
        const value = columns[name] ?? null
        return (
          typeof value === 'string' ? sql.lit(value) : value === null ? sql`CAST(NULL AS TEXT)` : value
        ).as(name)
      }),
    ) as unknown as SourceQuery
    if (range.from) query = query.where(sql<boolean>`${at} >= ${range.from}`)
    if (range.to) query = query.where(sql<boolean>`${at} < ${range.to}`)
    return query
  }
}

/** An account's name as people read it, else its email. */
const accountName = (alias: string) =>
  sql<string>`COALESCE(NULLIF(TRIM(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}), ''), CAST(${sql.ref(`${alias}.email`)} AS TEXT), '')`

/** A payment's stream: a cart's goods are products; a payment for an invoice is service money. */
const paymentStream = sql<LedgerStream>`CASE WHEN p.invoice_id IS NULL THEN 'products' ELSE 'services' END`

/**
 * What the gateway charged: every successful payment (a cart's or an invoice's), and a charge taken for a
 * payment that then closed (sold out, amount mismatch, a voided invoice, a late charge), since its refund is
 * an event of its own. The payments table does not record how a cart was paid, so that reads as card; an
 * invoice's payment has the method the gateway reported on its invoice_payments row.
 */
const gatewayPayments = source(
  (db) =>
    db
      .selectFrom('payments as p')
      .leftJoin('refunds as r', 'r.payment_id', 'p.id')
      .leftJoin('users as u', 'u.id', 'p.user_id')
      .leftJoin('invoice_payments as ip', 'ip.payment_id', 'p.id')
      .leftJoin('invoices as i', 'i.id', 'p.invoice_id')
      .where((eb) => eb.or([eb('p.status', '=', 'successful'), eb('r.id', 'is not', null)])),
  {
    at: sql`COALESCE(p.settled_at, p.created_at)`,
    kind: 'income',
    stream: paymentStream,
    method: sql`COALESCE(ip.method, 'card')`,
    source: 'gateway',
    amount_kobo: sql`CASE WHEN p.status = 'successful' THEN p.amount_kobo ELSE r.amount_kobo END`,
    reference: sql`p.tx_ref`,
    customer: sql`COALESCE(i.billed_name, ${accountName('u')})`,
    subject: sql`CASE WHEN i.number IS NULL THEN 'Order' ELSE 'Invoice ' || i.number END`,
    lines: sql`CASE WHEN p.invoice_id IS NULL THEN p.lines END`,
  },
)

/**
 * Charges given back through the gateway. A refund is owed from the moment it is recorded, so one
 * still being retried counts too (dated when recorded, then when the gateway confirmed it).
 */
const gatewayRefunds = source(
  (db) =>
    db
      .selectFrom('refunds as r')
      .innerJoin('payments as p', 'p.id', 'r.payment_id')
      .leftJoin('users as u', 'u.id', 'p.user_id'),
  {
    at: sql`COALESCE(r.refunded_at, r.created_at)`,
    kind: 'refund',
    stream: paymentStream,
    method: 'card',
    source: 'gateway',
    amount_kobo: sql`r.amount_kobo`,
    reference: sql`p.tx_ref`,
    customer: accountName('u'),
    subject: sql`CASE WHEN r.status = 'refunded' THEN 'Refund: ' ELSE 'Refund (' || r.status || '): ' END || r.reason`,
  },
)

/**
 * Money taken out of the gateway balance to the payout account: every withdrawal not rejected or
 * cancelled (a pending one is already spoken for), dated when requested.
 */
const withdrawals = source(
  (db) => db.selectFrom('withdrawals as w').where('w.status', 'not in', ['Rejected', 'Cancelled']),
  {
    at: sql`w.created_at`,
    kind: 'withdrawal',
    stream: null,
    method: 'bank_transfer',
    source: 'gateway',
    amount_kobo: sql`w.amount_kobo`,
    reference: sql`COALESCE(w.reference, '')`,
    customer: sql`w.account_name`,
    subject: sql`'Withdrawal #' || CAST(w.id AS TEXT) || ' to ' || TRIM(w.bank_name || ' ' || w.account_number) || ' (' || w.status || ')'`,
  },
)

/** What technicians took at the customer's (their completion reports): it never passed through the gateway. */
const onSiteJobPayments = source(
  (db) =>
    db
      .selectFrom('job_reports as jr')
      .innerJoin('bookings as b', 'b.id', 'jr.booking_id')
      .where('jr.payment_amount_kobo', 'is not', null)
      // Carried onto the job's invoice: that invoice's payment is the event (invoiceMoneyByHand).
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('invoice_payments as ip')
              .select('ip.id')
              .whereRef('ip.job_id', '=', 'jr.booking_id')
              .where('ip.source', '=', 'on_site'),
          ),
        ),
      ),
  {
    at: sql`jr.occurred_at`,
    kind: 'income',
    stream: 'services',
    method: sql`COALESCE(jr.payment_method, 'cash')`,
    source: 'on_site',
    amount_kobo: sql`jr.payment_amount_kobo`,
    reference: sql`jr.payment_reference`,
    customer: sql`b.full_name`,
    subject: sql`'Booking #' || CAST(b.id AS TEXT) || ' · ' || b.service`,
  },
)

/**
 * Money recorded against invoices by hand: what a technician took on site, a bank transfer the admin
 * entered. (An invoice's gateway payments are gatewayPayments' events, refunds and all.)
 */
const invoiceMoneyByHand = source(
  (db) =>
    db
      .selectFrom('invoice_payments as ip')
      .innerJoin('invoices as i', 'i.id', 'ip.invoice_id')
      .where('ip.source', '<>', 'gateway'),
  {
    at: sql`ip.received_at`,
    kind: 'income',
    stream: 'services',
    method: sql`ip.method`,
    source: sql`ip.source`,
    amount_kobo: sql`ip.amount_kobo`,
    reference: sql`CASE WHEN ip.reference = '' THEN i.number ELSE ip.reference END`,
    customer: sql`i.billed_name`,
    subject: sql`'Invoice ' || i.number`,
  },
)

/** Every place money is recorded. */
const SOURCES: Source[] = [
  gatewayPayments,
  gatewayRefunds,
  withdrawals,
  onSiteJobPayments,
  invoiceMoneyByHand,
]

/** The ledger of a range as one query (UNION ALL of the sources), to select from or aggregate over. */
export function ledgerQuery(db: Queryable, range: LedgerRange = {}) {
  const [first, ...rest] = SOURCES.map((source) => source(db, range))
  return rest.reduce((all, next) => all.unionAll(next), first!)
}

/** A range of Lagos days (YYYY-MM-DD, both included) as the instants the ledger filters on. */
export const lagosDays = (from: string, to: string): LedgerRange => ({
  from: businessDayStart(from).toISOString(),
  to: new Date(businessDayStart(to).getTime() + 86_400_000).toISOString(),
})

/** A range of whole Lagos months (YYYY-MM, both included). */
export const lagosMonths = (from: string, to: string): LedgerRange => ({
  from: businessDayStart(`${from}-01`).toISOString(),
  to: businessDayStart(`${addMonths(to, 1)}-01`).toISOString(),
})

export type LedgerEvent = Omit<LedgerRow, 'lines'>

/** The events of a range, oldest first (the accountant's export). */
export async function listLedger(db: Queryable, range: LedgerRange): Promise<LedgerEvent[]> {
  const rows = await db
    .selectFrom(ledgerQuery(db, range).as('e'))
    .selectAll()
    .orderBy('e.at')
    .orderBy('e.kind')
    .orderBy('e.reference')
    .execute()
  return rows.map(({ lines, ...row }) => ({
    ...row,
    amount_kobo: Number(row.amount_kobo),
    subject: lines ? `Order: ${orderItems(lines)}` : row.subject,
  }))
}

/** "2 × Insecticide, 1 × Rat trap" from a payment's lines (JSON, as checkout priced them). */
function orderItems(lines: string): string {
  try {
    const parsed = JSON.parse(lines) as { quantity: number; name: string }[]
    return parsed.map((l) => `${l.quantity} × ${l.name}`).join(', ')
  } catch {
    return ''
  }
}

/** Sums of a range by kind and source (and, when asked, by Lagos month, stream and method). */
async function totals(db: Queryable, range: LedgerRange) {
  const month = lagosMonth(db, 'e.at')
  const rows = await db
    .selectFrom(ledgerQuery(db, range).as('e'))
    .select((eb) => [
      month.as('month'),
      'e.kind',
      'e.stream',
      'e.source',
      'e.method',
      eb.fn.sum<number>('e.amount_kobo').as('kobo'),
      eb.fn.countAll<number>().as('count'),
    ])
    .groupBy([month, 'e.kind', 'e.stream', 'e.source', 'e.method'])
    .execute()
  return rows.map((r) => ({ ...r, kobo: Number(r.kobo), count: Number(r.count) }))
}
type Total = Awaited<ReturnType<typeof totals>>[number]

/**
 * What the gateway holds for the business, in kobo, all time: what it settled, less refunds of it, less
 * withdrawals not rejected or cancelled. Money taken on site never passed through it, so is not counted.
 */
export async function gatewayBalanceKobo(db: Queryable): Promise<number> {
  const row = await db
    .selectFrom(ledgerQuery(db).as('e'))
    .select(
      sql<number>`COALESCE(SUM(CASE WHEN e.kind = 'income' THEN e.amount_kobo ELSE -e.amount_kobo END), 0)`.as(
        'kobo',
      ),
    )
    .where('e.source', '=', 'gateway')
    .executeTakeFirstOrThrow()
  return Number(row.kobo)
}

const sumOf = (rows: Total[], keep: (r: Total) => boolean) =>
  rows.reduce((sum, r) => (keep(r) ? sum + r.kobo : sum), 0)

function streamMonth(rows: Total[]): StreamMonth {
  const income = sumOf(rows, (r) => r.kind === 'income')
  const refunds = sumOf(rows, (r) => r.kind === 'refund')
  return {
    income: toNaira(income),
    refunds: toNaira(refunds),
    net: toNaira(income - refunds),
    on_site: toNaira(sumOf(rows, (r) => r.kind === 'income' && r.source === 'on_site')),
  }
}

/** A month's income net of refunds (kobo) and how many payments came in. */
function monthFigures(rows: Total[], month: string) {
  const mine = rows.filter((r) => r.month === month)
  const kobo = sumOf(mine, (r) => r.kind === 'income') - sumOf(mine, (r) => r.kind === 'refund')
  const count = mine.reduce((n, r) => (r.kind === 'income' ? n + r.count : n), 0)
  return { kobo, figures: { month, income: toNaira(kobo), count } }
}

/** The owner's money as of `now`: the last 12 Lagos months, this month by method, and the balance. */
export async function moneySummary(db: Queryable, now: number): Promise<MoneySummary> {
  const thisMonth = businessMonth(new Date(now))
  const lastMonth = addMonths(thisMonth, -1)
  const firstMonth = addMonths(thisMonth, -11)
  const year = await totals(db, lagosMonths(firstMonth, thisMonth))

  const months: IncomeMonth[] = []
  for (let m = firstMonth; m <= thisMonth; m = addMonths(m, 1)) {
    const inMonth = year.filter((r) => r.month === m)
    months.push({
      month: m,
      products: streamMonth(inMonth.filter((r) => r.stream === 'products')),
      services: streamMonth(inMonth.filter((r) => r.stream === 'services')),
    })
  }

  const byMethod = new Map<string, MethodTotal & { kobo: number }>()
  for (const r of year) {
    if (r.month !== thisMonth || r.kind !== 'income') continue
    const key = `${r.source} ${r.method}`
    const entry = byMethod.get(key) ?? { method: r.method, source: r.source, count: 0, amount: 0, kobo: 0 }
    entry.count += r.count
    entry.kobo += r.kobo
    byMethod.set(key, entry)
  }
  const by_method = [...byMethod.values()]
    .sort((a, b) => b.kobo - a.kobo || a.method.localeCompare(b.method))
    .map(({ kobo, ...m }) => ({ ...m, amount: toNaira(kobo) }))

  const current = monthFigures(year, thisMonth)
  const previous = monthFigures(year, lastMonth)
  const change_percent =
    previous.kobo === 0
      ? null
      : Math.round(((current.kobo - previous.kobo) / Math.abs(previous.kobo)) * 1000) / 10

  const outstanding = await outstandingByAge(db, now)
  const all = await totals(db, {})
  const gatewayIncome = sumOf(all, (r) => r.source === 'gateway' && r.kind === 'income')
  const gatewayRefunds = sumOf(all, (r) => r.source === 'gateway' && r.kind === 'refund')
  const withdrawn = sumOf(all, (r) => r.kind === 'withdrawal')
  return {
    months,
    by_method,
    this_month: current.figures,
    last_month: previous.figures,
    change_percent,
    balance: {
      gateway_income: toNaira(gatewayIncome),
      refunds: toNaira(gatewayRefunds),
      withdrawn: toNaira(withdrawn),
      balance: toNaira(gatewayIncome - gatewayRefunds - withdrawn),
      on_site: toNaira(sumOf(all, (r) => r.source === 'on_site' && r.kind === 'income')),
    },
    outstanding,
  }
}

/** Whole Lagos calendar days from `since` (ISO instant) to `now`. */
const lagosDaysSince = (since: string, now: number) =>
  daysInRange(businessDay(since), businessDay(new Date(now))) - 1

/** Money still due on sent and part-paid invoices, by how long ago each was sent (drafts and void ones owe nothing). */
async function outstandingByAge(db: Queryable, now: number): Promise<OutstandingAge[]> {
  const open = await db
    .selectFrom('invoices')
    .select(['total_kobo', 'paid_kobo', 'sent_at', 'issued_at'])
    .where('status', 'in', ['Sent', 'Part-paid'])
    .execute()
  const ages = INVOICE_AGES.map((age) => ({ age, count: 0, kobo: 0 }))
  for (const invoice of open) {
    const days = lagosDaysSince(invoice.sent_at ?? invoice.issued_at, now)
    const bucket = ages[days <= 30 ? 0 : days <= 60 ? 1 : 2]
    bucket.count += 1
    bucket.kobo += Number(invoice.total_kobo) - Number(invoice.paid_kobo)
  }
  return ages.map(({ age, count, kobo }) => ({ age, count, due: toNaira(kobo) }))
}
