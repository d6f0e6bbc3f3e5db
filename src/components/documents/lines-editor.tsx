import { Plus, Trash2 } from 'lucide-react'
import {
  documentTotals,
  LINE_KINDS,
  LINE_KIND_LABELS,
  type DocumentLineAnswer,
  type DocumentLineInput,
  type LineKind,
} from '../../../contract/documents.js'
import { formatNaira, parseNaira, toKobo, toNaira } from '../../../contract/money.js'
import { Field } from '../ui/field'
import { Options } from '../ui/options'

/** A line as the form holds it: numbers as typed, so nothing the writer typed is lost to parsing. */
export interface EditableLine {
  kind: LineKind
  description: string
  quantity: string
  unitPrice: string
  productId?: number | null
  serviceKindId?: number | null
}

export const blankLine = (kind: LineKind = 'service'): EditableLine => ({
  kind,
  description: '',
  quantity: '1',
  unitPrice: '',
})

export const editableLines = (lines: readonly DocumentLineAnswer[]): EditableLine[] =>
  lines.map((l) => ({
    kind: l.kind,
    description: l.description,
    quantity: String(l.quantity),
    unitPrice: String(l.unitPrice),
    productId: l.productId,
    serviceKindId: l.serviceKindId,
  }))

/** The lines as the request body takes them; the contract's schema judges what was typed. */
export const lineInputs = (lines: readonly EditableLine[]): DocumentLineInput[] =>
  lines.map((l) => ({
    kind: l.kind,
    description: l.description,
    quantity: l.quantity.trim() === '' ? Number.NaN : Number(l.quantity),
    unitPrice: l.unitPrice,
    productId: l.productId ?? null,
    serviceKindId: l.serviceKindId ?? null,
  }))

/** A line's problem, keyed "index.field", from a refusal's path such as lines.2.unitPrice. */
export type LineErrors = Record<string, string>

/**
 * A document form's refusals keyed by what they are about (the first message for each): "lines.2.unitPrice"
 * → that line's field; anything else → the form's own field ("discount"), or "form" when it names none.
 */
export function splitErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const lines: LineErrors = {}
  const fields: Record<string, string> = {}
  for (const issue of issues) {
    const [first, index, field] = issue.path.map(String)
    if (first === 'lines' && index !== undefined && field !== undefined)
      lines[`${index}.${field}`] ??= issue.message
    else fields[first ?? 'form'] ??= issue.message
  }
  return { lines, fields }
}

/** A line's typed fields after its kind, in their order on screen; `id` ends the input's id. */
const LINE_TEXT_FIELDS: readonly {
  key: 'description' | 'quantity' | 'unitPrice'
  id: string
  label: string
  className?: string
  inputMode?: 'decimal'
}[] = [
  { key: 'description', id: 'description', label: 'Description', className: 'col-span-2 sm:col-span-1' },
  { key: 'quantity', id: 'quantity', label: 'Quantity', inputMode: 'decimal' },
  { key: 'unitPrice', id: 'price', label: 'Unit price (₦)', inputMode: 'decimal' },
]

/**
 * The lines of a quote or an invoice as a form: kind, description, quantity and unit price per line, lines
 * added and removed. The totals are shown by TotalsPreview beside it.
 */
export function LinesEditor({
  lines,
  onChange,
  errors = {},
  idPrefix,
}: {
  lines: EditableLine[]
  onChange: (lines: EditableLine[]) => void
  errors?: LineErrors
  idPrefix: string
}) {
  const set = (i: number, change: Partial<EditableLine>) =>
    onChange(lines.map((l, j) => (j === i ? { ...l, ...change } : l)))
  return (
    <fieldset className="space-y-3">
      <legend className="field-label">Lines</legend>
      <ol className="space-y-3">
        {lines.map((line, i) => {
          const id = `${idPrefix}-line-${i}`
          return (
            <li key={i} className="rounded-lg border border-slate-200 p-3">
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-[10rem_1fr_6rem_9rem_auto] sm:items-start">
                <Field id={`${id}-kind`} label="Kind" error={errors[`${i}.kind`]}>
                  <select
                    className="field"
                    value={line.kind}
                    onChange={(e) => set(i, { kind: e.target.value as LineKind })}
                  >
                    <Options values={LINE_KINDS} labels={LINE_KIND_LABELS} />
                  </select>
                </Field>
                {LINE_TEXT_FIELDS.map((field) => (
                  <Field
                    key={field.key}
                    id={`${id}-${field.id}`}
                    label={field.label}
                    error={errors[`${i}.${field.key}`]}
                    className={field.className}
                  >
                    <input
                      className="field"
                      inputMode={field.inputMode}
                      value={line[field.key]}
                      onChange={(e) => set(i, { [field.key]: e.target.value })}
                    />
                  </Field>
                ))}
                <div className="col-span-2 flex items-end sm:col-span-1 sm:pt-6">
                  <button
                    type="button"
                    className="btn-secondary px-3"
                    onClick={() => onChange(lines.filter((_, j) => j !== i))}
                    disabled={lines.length === 1}
                    aria-label={`Remove line ${i + 1}`}
                  >
                    <Trash2 className="size-4" aria-hidden /> <span className="sm:sr-only">Remove</span>
                  </button>
                </div>
              </div>
            </li>
          )
        })}
      </ol>
      <button
        type="button"
        className="btn-secondary"
        onClick={() => onChange([...lines, blankLine('material')])}
      >
        <Plus className="size-4" aria-hidden /> Add a line
      </button>
    </fieldset>
  )
}

/** What the typed lines come to, worked out as the server will (a preview: the server's totals count). */
export function previewTotals(
  lines: readonly EditableLine[],
  discount: string,
  firstServicePercent: number | null,
  vatRatePercent: number,
) {
  const priced = lines.map((l) => ({
    kind: l.kind,
    productId: l.productId ?? null,
    quantity: Number(l.quantity) > 0 ? Number(l.quantity) : 0,
    unitPriceKobo: toKobo(Math.max(0, parseNaira(l.unitPrice) ?? 0)),
  }))
  const t = documentTotals(priced, {
    discountKobo: toKobo(Math.max(0, parseNaira(discount) ?? 0)),
    firstServicePercent,
    vatRateBp: Math.round(vatRatePercent * 100),
  })
  return {
    subtotal: toNaira(t.subtotalKobo),
    firstServiceDiscount: toNaira(t.firstServiceDiscountKobo),
    firstServicePercent: t.firstServiceDiscountKobo > 0 ? firstServicePercent : null,
    discount: toNaira(t.discountKobo),
    vatRatePercent,
    vat: toNaira(t.vatKobo),
    total: toNaira(t.totalKobo),
  }
}

export type TotalsLike = ReturnType<typeof previewTotals>

/** The money lines under a document's lines: subtotal, the offer's own line, discount, VAT, total. */
export function TotalsRows({ totals, extra }: { totals: TotalsLike; extra?: [string, number][] }) {
  const rows: [string, string][] = [['Subtotal', formatNaira(totals.subtotal)]]
  if (totals.firstServiceDiscount > 0) {
    rows.push([
      `First-service offer (${totals.firstServicePercent}%)`,
      `−${formatNaira(totals.firstServiceDiscount)}`,
    ])
  }
  if (totals.discount > 0) rows.push(['Discount', `−${formatNaira(totals.discount)}`])
  if (totals.vatRatePercent > 0) rows.push([`VAT (${totals.vatRatePercent}%)`, formatNaira(totals.vat)])
  rows.push(['Total', formatNaira(totals.total)])
  for (const [label, amount] of extra ?? []) rows.push([label, formatNaira(amount)])
  return (
    <dl className="ml-auto grid max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt
            className={
              label === 'Total' || label === 'Amount due' ? 'font-semibold text-slate-900' : 'text-slate-600'
            }
          >
            {label}
          </dt>
          <dd
            className={`text-right tabular-nums ${label === 'Total' || label === 'Amount due' ? 'font-semibold text-slate-900' : 'text-slate-800'}`}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  )
}
