/**
 * What invoices and quotes share (docs/rules/invoices.md, docs/rules/quotes.md): their lines as the
 * database keeps them (tables invoice_lines and quote_lines, the same columns but the document's id), who
 * they bill, and their stored totals as the answers show them. The arithmetic is contract/documents.ts.
 */
import {
  lineTotalKobo,
  totalsAnswer,
  type DocumentLine,
  type DocumentLineAnswer,
  type DocumentTotalsAnswer,
  type DocumentTotalsKobo,
  type LineKind,
} from '../../contract/documents.js'
import { toKobo, toNaira } from '../../contract/money.js'
import type { Queryable } from '../db/index.js'

/** A line as the database keeps it (kobo, hundredths of a unit). */
export interface StoredLine {
  kind: LineKind
  description: string
  quantityHundredths: number
  unitPriceKobo: number
  productId: number | null
  serviceKindId: number | null
}

/** A row of invoice_lines or quote_lines, without the document's id. */
interface LineRow {
  position: number
  kind: string
  description: string
  quantity_hundredths: number
  unit_price_kobo: number
  total_kobo: number
  product_id: number | null
  service_kind_id: number | null
}

/** The lines a client sent, as the database keeps them. */
export const storedLines = (lines: readonly DocumentLine[]): StoredLine[] =>
  lines.map((l) => ({
    kind: l.kind,
    description: l.description,
    quantityHundredths: Math.round(l.quantity * 100),
    unitPriceKobo: toKobo(l.unitPrice),
    productId: l.productId ?? null,
    serviceKindId: l.serviceKindId ?? null,
  }))

/** Stored lines with their quantity in units, for documentTotals. */
export const priced = (lines: readonly StoredLine[]) =>
  lines.map((l) => ({ ...l, quantity: l.quantityHundredths / 100 }))

/** The rows a document's lines are written as, in their order; the caller adds the document's id. */
export const lineRows = (lines: readonly StoredLine[]): LineRow[] =>
  priced(lines).map((l, i) => ({
    position: i + 1,
    kind: l.kind,
    description: l.description,
    quantity_hundredths: l.quantityHundredths,
    unit_price_kobo: l.unitPriceKobo,
    total_kobo: lineTotalKobo(l),
    product_id: l.productId,
    service_kind_id: l.serviceKindId,
  }))

/** Where each kind of document keeps its lines: the same columns, with the document's id named for it. */
const LINE_TABLES = {
  invoice: { table: 'invoice_lines', owner: 'invoice_id' },
  quote: { table: 'quote_lines', owner: 'quote_id' },
} as const

type LinedDocument = keyof typeof LINE_TABLES

/** A document's lines as stored, in their order. */
export function documentLines(db: Queryable, kind: LinedDocument, id: number): Promise<LineRow[]> {
  const { table, owner } = LINE_TABLES[kind]
  return db.selectFrom(table).selectAll().where(owner, '=', id).orderBy('position').execute()
}

/** Writes `lines` as the document's lines, in place of those it had. */
export async function replaceLines(
  trx: Queryable,
  kind: LinedDocument,
  id: number,
  lines: readonly StoredLine[],
) {
  const { table, owner } = LINE_TABLES[kind]
  await trx.deleteFrom(table).where(owner, '=', id).execute()
  if (lines.length === 0) return
  await trx
    .insertInto(table)
    .values(lineRows(lines).map((row) => ({ [owner]: id, ...row }) as LineRow & Record<typeof owner, number>))
    .execute()
}

/** A line read back, to write again elsewhere (a quote's lines on the invoice it becomes). */
export const storedLineOf = (row: LineRow): StoredLine => ({
  kind: row.kind as LineKind,
  description: row.description,
  quantityHundredths: row.quantity_hundredths,
  unitPriceKobo: row.unit_price_kobo,
  productId: row.product_id,
  serviceKindId: row.service_kind_id,
})

/** A line as the answers show it (naira, units). */
export const lineAnswer = (row: LineRow): DocumentLineAnswer => ({
  kind: row.kind as LineKind,
  description: row.description,
  quantity: row.quantity_hundredths / 100,
  unitPrice: toNaira(row.unit_price_kobo),
  total: toNaira(row.total_kobo),
  productId: row.product_id,
  serviceKindId: row.service_kind_id,
})

/** Who a document bills: copied onto it when it is written, so a later change to the account leaves it as sent. */
export interface Billed {
  customerId: number | null
  name: string
  phone: string
  email: string
  address: string
}

/** Who a document bills, as its row keeps them. */
export const billedColumns = (billed: Billed) => ({
  customer_id: billed.customerId,
  billed_name: billed.name,
  billed_phone: billed.phone,
  billed_email: billed.email,
  billed_address: billed.address,
})

/** Who a document bills, as the answers show it (copied onto the document when it was written). */
export const billedTo = (r: {
  billed_name: string
  billed_phone: string
  billed_email: string
  billed_address: string
}) => ({ name: r.billed_name, phone: r.billed_phone, email: r.billed_email, address: r.billed_address })

/** A document's totals as its row keeps them (the first-service discount, an invoice's alone, apart). */
export const totalsColumns = (totals: DocumentTotalsKobo) => ({
  subtotal_kobo: totals.subtotalKobo,
  discount_kobo: totals.discountKobo,
  vat_kobo: totals.vatKobo,
  total_kobo: totals.totalKobo,
})

/** A document's stored totals as the answers show them; `offer`: the first-service offer it carries. */
export const storedTotalsAnswer = (
  r: {
    subtotal_kobo: number
    discount_kobo: number
    vat_kobo: number
    total_kobo: number
    vat_rate_bp: number
  },
  lines: readonly LineRow[],
  offer: { kobo: number; percent: number | null },
): DocumentTotalsAnswer =>
  totalsAnswer(
    {
      lineTotalsKobo: lines.map((l) => l.total_kobo),
      subtotalKobo: r.subtotal_kobo,
      discountKobo: r.discount_kobo,
      firstServiceDiscountKobo: offer.kobo,
      vatKobo: r.vat_kobo,
      totalKobo: r.total_kobo,
    },
    { firstServicePercent: offer.percent, vatRateBp: r.vat_rate_bp },
  )
