import { z } from 'zod'
import { naira, nairaField } from './fields.js'
import { toKobo, toNaira } from './money.js'

/**
 * The lines of a quote or an invoice and how they add up. Quotes and invoices share them, so a quote
 * turns into an invoice line for line; the server recomputes every total from the lines (a client's
 * totals are only a preview).
 */
export const LINE_KINDS = ['service', 'treatment', 'material', 'labour', 'callout'] as const
export type LineKind = (typeof LINE_KINDS)[number]
export const LINE_KIND_LABELS: Record<LineKind, string> = {
  service: 'Service',
  treatment: 'Treatment',
  material: 'Materials',
  labour: 'Labour',
  callout: 'Call-out fee',
}

export const DOCUMENT_LINES_MAX = 50

/** The deposit a quote asks: a whole percent of its total, to the kobo. */
export const depositKobo = (totalKobo: number, percent: number) => Math.round((totalKobo * percent) / 100)
/** Largest amount one document may reach: ₦100 million (kobo fit a JS integer with room to spare). */
export const DOCUMENT_TOTAL_MAX_KOBO = 10_000_000_000

export const documentLineBody = z.object({
  kind: z.enum(LINE_KINDS, {
    error: 'Choose what the line is: service, treatment, materials, labour or call-out fee',
  }),
  description: z
    .string({ error: 'Describe the line' })
    .trim()
    .min(1, 'Describe the line')
    .max(200, 'Keep the description under 200 characters'),
  /** Whole or part units (2.5 m², 3 rooms); two decimals at most. */
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .positive('Quantity must be more than 0')
    .max(9999, 'Quantity must be at most 9,999')
    .refine((q) => Math.abs(q * 100 - Math.round(q * 100)) < 1e-6, 'Quantity takes two decimals at most'),
  unitPrice: nairaField('Unit price is required', 'Unit price must be a number of naira, e.g. 8,000').pipe(
    z
      .number()
      .min(0, 'Unit price cannot be negative')
      .max(10_000_000, 'Unit price must be at most ₦10,000,000'),
  ),
  /** The product a materials line sells from the shop's list; such lines never get the first-service discount. */
  productId: z.number().int().positive().nullable().optional(),
  /** The priced service kind a service line is for. */
  serviceKindId: z.number().int().positive().nullable().optional(),
})
export type DocumentLineInput = z.input<typeof documentLineBody>
export type DocumentLine = z.output<typeof documentLineBody>

export const documentLinesBody = z
  .array(documentLineBody, { error: 'Add at least one line' })
  .min(1, 'Add at least one line')
  .max(DOCUMENT_LINES_MAX, `At most ${DOCUMENT_LINES_MAX} lines`)

/** A discount the writer gives off a whole document, in naira. */
export const documentDiscount = nairaField(
  'Discount is required',
  'Discount must be a number of naira, e.g. 2,000',
).pipe(z.number().min(0, 'Discount cannot be negative').max(100_000_000, 'Discount is too large'))

/** The writer's note on a document, printed on it. */
export const documentNote = z.string().trim().max(1000, 'Keep the note under 1,000 characters')

/**
 * A draft's body: its lines, a discount and a note, and between them the terms its kind of document adds
 * (an invoice's due date; a quote's deposit and last valid day).
 */
export const documentDraftBody = <const Terms extends z.ZodRawShape>(terms: Terms) =>
  z.object({
    lines: documentLinesBody,
    discount: documentDiscount.optional(),
    ...terms,
    note: documentNote.optional(),
  })

/** What a quote's or an invoice's summary starts with: which document, its status, and whom it bills. */
export const documentSummaryAnswer = <const S extends readonly string[]>(statuses: S) =>
  z.object({
    id: z.number().int(),
    number: z.string(),
    status: z.enum(statuses),
    billedName: z.string(),
    customerId: z.number().int().nullable(),
  })

/** Who a document bills, copied onto it when it was written. */
export const billedToAnswer = z.object({
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
})

/** A line as the answers show it: its total worked out (naira). */
export const documentLineAnswer = z.object({
  kind: z.enum(LINE_KINDS),
  description: z.string(),
  quantity: z.number(),
  unitPrice: naira,
  total: naira,
  productId: z.number().int().nullable(),
  serviceKindId: z.number().int().nullable(),
})
export type DocumentLineAnswer = z.infer<typeof documentLineAnswer>

/** Money lines under the document's lines (naira). A discount of 0 is shown as no line. */
export const documentTotalsAnswer = z.object({
  subtotal: naira,
  discount: naira,
  firstServiceDiscount: naira,
  firstServicePercent: z.number().int().nullable(),
  vatRatePercent: z.number(),
  vat: naira,
  total: naira,
})
export type DocumentTotalsAnswer = z.infer<typeof documentTotalsAnswer>

/** A document's lines and what they add up to, as its answer ends with them. */
export const documentLinesAndTotals = { lines: z.array(documentLineAnswer), totals: documentTotalsAnswer }

export interface PricedLine {
  kind: LineKind
  quantity: number
  unitPriceKobo: number
  productId?: number | null
}

export interface TotalsOptions {
  /** A discount the writer gave, in kobo, off the whole document before VAT (never more than the subtotal). */
  discountKobo?: number
  /** The first-service offer's percentage when this document carries it; null or 0 = none. */
  firstServicePercent?: number | null
  /** VAT in basis points (750 = 7.5%); 0 = no VAT. */
  vatRateBp?: number
}

export interface DocumentTotalsKobo {
  lineTotalsKobo: number[]
  subtotalKobo: number
  discountKobo: number
  firstServiceDiscountKobo: number
  vatKobo: number
  totalKobo: number
}

/** A line's total: quantity × unit price, rounded to the kobo. */
export const lineTotalKobo = (line: Pick<PricedLine, 'quantity' | 'unitPriceKobo'>): number =>
  Math.round(line.quantity * line.unitPriceKobo)

/** Lines the first-service offer applies to: the work, never products sold from the shop. */
export const isServiceWork = (line: Pick<PricedLine, 'kind' | 'productId'>): boolean =>
  line.kind !== 'material' && !line.productId

/**
 * Works the money out in kobo, in one order everybody can check by hand: subtotal; the first-service offer
 * as a percentage of the service work; the writer's discount (capped so the total never goes below 0); VAT
 * on what is left.
 */
export function documentTotals(
  lines: readonly PricedLine[],
  options: TotalsOptions = {},
): DocumentTotalsKobo {
  const lineTotalsKobo = lines.map(lineTotalKobo)
  const subtotalKobo = lineTotalsKobo.reduce((a, b) => a + b, 0)
  const serviceWorkKobo = lines.reduce(
    (sum, line, i) => (isServiceWork(line) ? sum + lineTotalsKobo[i] : sum),
    0,
  )
  const percent = options.firstServicePercent ?? 0
  const firstServiceDiscountKobo = Math.round((serviceWorkKobo * percent) / 100)
  const afterOffer = subtotalKobo - firstServiceDiscountKobo
  const discountKobo = Math.min(Math.max(0, options.discountKobo ?? 0), afterOffer)
  const taxable = afterOffer - discountKobo
  const vatKobo = Math.round((taxable * (options.vatRateBp ?? 0)) / 10_000)
  return {
    lineTotalsKobo,
    subtotalKobo,
    discountKobo,
    firstServiceDiscountKobo,
    vatKobo,
    totalKobo: taxable + vatKobo,
  }
}

/** The lines a client typed, in kobo, ready for documentTotals and the database. */
export const pricedLines = (lines: readonly DocumentLine[]) =>
  lines.map((line) => ({ ...line, unitPriceKobo: toKobo(line.unitPrice) }))

/** The totals as the answers show them (naira). */
export const totalsAnswer = (
  totals: DocumentTotalsKobo,
  options: Pick<TotalsOptions, 'firstServicePercent' | 'vatRateBp'>,
): DocumentTotalsAnswer => ({
  subtotal: toNaira(totals.subtotalKobo),
  discount: toNaira(totals.discountKobo),
  firstServiceDiscount: toNaira(totals.firstServiceDiscountKobo),
  firstServicePercent: totals.firstServiceDiscountKobo > 0 ? (options.firstServicePercent ?? null) : null,
  vatRatePercent: (options.vatRateBp ?? 0) / 100,
  vat: toNaira(totals.vatKobo),
  total: toNaira(totals.totalKobo),
})
