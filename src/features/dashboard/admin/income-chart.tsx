import { useId, useState } from 'react'
import type { IncomeMonth } from '../../../../contract/dashboard.js'
import { formatNaira } from '../../../../contract/money.js'
import { monthName, shortMonthName } from '../months'
import { PlainTable, type TableColumn } from '../../../components/ui/plain-table'

/** The three parts of a month's bar, bottom to top. */
const PARTS = [
  { key: 'products', label: 'Products', bar: 'fill-brand-600', swatch: 'bg-brand-600' },
  { key: 'services', label: 'Services (gateway)', bar: 'fill-sky-700', swatch: 'bg-sky-700' },
  // Striped as well as coloured, so it stands apart without telling colours apart.
  {
    key: 'on_site',
    label: 'Services (taken on site)',
    bar: null,
    swatch: 'bg-[repeating-linear-gradient(180deg,#fde68a_0_2px,#d97706_2px_5px)]',
  },
] as const
type PartKey = (typeof PARTS)[number]['key']

/** What each part of a month's bar stands for, naira net of refunds; never below zero on the chart. */
function partsOf(m: IncomeMonth): Record<PartKey, number> {
  return {
    products: Math.max(0, m.products.net),
    // Services money that came through the gateway: what is left once on-site money is set apart.
    services: Math.max(0, m.services.net - m.services.on_site),
    on_site: Math.max(0, m.services.on_site),
  }
}

const netOf = (m: IncomeMonth) => m.products.net + m.services.net

/** "₦1.2m", "₦45k": the axis' figure, short enough for a phone. */
function shortNaira(naira: number) {
  if (naira >= 1_000_000) return `₦${(naira / 1_000_000).toFixed(naira >= 10_000_000 ? 0 : 1)}m`
  if (naira >= 1_000) return `₦${Math.round(naira / 1_000)}k`
  return `₦${Math.round(naira)}`
}

/** A sentence a screen reader reads for the chart: the year's total, the best month and this month. */
function summary(months: IncomeMonth[]) {
  const total = months.reduce((sum, m) => sum + netOf(m), 0)
  const best = months.reduce((top, m) => (netOf(m) > netOf(top) ? m : top), months[0]!)
  const current = months[months.length - 1]!
  const parts = [
    `Income by month, ${monthName(months[0]!.month)} to ${monthName(current.month)}: ${formatNaira(total)} in all`,
    netOf(best) > 0
      ? `highest in ${monthName(best.month)} with ${formatNaira(netOf(best))}`
      : 'no income yet',
    `${monthName(current.month)} so far ${formatNaira(netOf(current))}`,
  ]
  return `${parts.join('; ')}.`
}

/** An amount's column: lined up on the right, heading too. */
const amount = (
  label: string,
  value: (m: IncomeMonth) => number,
  strong = false,
): TableColumn<IncomeMonth> => ({
  label,
  cell: (m) => formatNaira(value(m)),
  className: `text-right${strong ? ' font-semibold' : ''} whitespace-nowrap`,
  headClassName: 'text-right',
})
/** The table's columns: the month names the row, then the amounts. */
const TABLE_COLUMNS: readonly TableColumn<IncomeMonth>[] = [
  {
    label: 'Month',
    cell: (m) => monthName(m.month),
    className: 'font-medium whitespace-nowrap text-slate-900',
    rowHeader: true,
  },
  amount('Products', (m) => m.products.net),
  amount('Services', (m) => m.services.net),
  amount('Of which on site', (m) => m.services.on_site),
  amount('Refunds', (m) => m.products.refunds + m.services.refunds),
  amount('Total', netOf, true),
]

const HEIGHT = 160
const BAR = 0.62

/**
 * Income of the last 12 months as stacked bars (products, services through the gateway, services taken
 * on site), with the same figures as a table behind "Show as table" for a screen reader or a keyboard.
 * The SVG holds only the bars, stretched to the card's width; labels are HTML, so they keep their size.
 */
export function IncomeChart({ months }: { months: IncomeMonth[] }) {
  const [asTable, setAsTable] = useState(false)
  const tableId = useId()
  const hatchId = `${useId()}-hatch`.replace(/:/g, '')
  const totals = months.map((m) => partsOf(m))
  const top = Math.max(1, ...totals.map((p) => p.products + p.services + p.on_site))

  return (
    <div>
      <ul className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label="Chart key">
        {PARTS.map((p) => (
          <li key={p.key} className="flex items-center gap-1.5">
            <span aria-hidden className={`inline-block size-3 rounded-sm ${p.swatch}`} />
            {p.label}
          </li>
        ))}
      </ul>
      <div className="flex gap-2">
        <div
          className="flex w-9 shrink-0 flex-col justify-between text-right text-[10px] text-slate-500"
          aria-hidden
        >
          <span>{shortNaira(top)}</span>
          <span>{shortNaira(top / 2)}</span>
          <span>₦0</span>
        </div>
        <div className="min-w-0 flex-1">
          <svg
            role="img"
            aria-label={summary(months)}
            viewBox={`0 0 ${months.length} ${HEIGHT}`}
            preserveAspectRatio="none"
            className="block h-40 w-full border-b border-l border-slate-300"
          >
            <defs>
              <pattern id={hatchId} width="1" height="5" patternUnits="userSpaceOnUse">
                <rect width="1" height="5" className="fill-amber-600" />
                <rect width="1" height="2" className="fill-amber-200" />
              </pattern>
            </defs>
            <line x1="0" x2={months.length} y1={HEIGHT / 2} y2={HEIGHT / 2} className="stroke-slate-200" />
            {totals.map((p, i) => {
              let y = HEIGHT
              return PARTS.map((part) => {
                const h = (p[part.key] / top) * HEIGHT
                y -= h
                return h > 0 ? (
                  <rect
                    key={`${i}-${part.key}`}
                    x={i + (1 - BAR) / 2}
                    width={BAR}
                    y={y}
                    height={h}
                    fill={part.bar ? undefined : `url(#${hatchId})`}
                    className={part.bar ?? undefined}
                  />
                ) : null
              })
            })}
          </svg>
          <ol
            className="mt-1 grid text-center text-[10px] text-slate-600 sm:text-xs"
            aria-hidden
            style={{ gridTemplateColumns: `repeat(${months.length}, minmax(0, 1fr))` }}
          >
            {months.map((m) => (
              <li key={m.month}>
                {/* A phone has room for one letter a month, as charts often do. */}
                <span className="sm:hidden">{shortMonthName(m.month).slice(0, 1)}</span>
                <span className="hidden sm:inline">{shortMonthName(m.month)}</span>
              </li>
            ))}
          </ol>
        </div>
      </div>
      <button
        type="button"
        className="btn-secondary mt-3 px-3 py-1.5 text-sm"
        aria-expanded={asTable}
        aria-controls={tableId}
        onClick={() => setAsTable((shown) => !shown)}
      >
        {asTable ? 'Hide table' : 'Show as table'}
      </button>
      {/* A region that scrolls sideways on a phone: focusable, so the keyboard can scroll it too. */}
      <div
        id={tableId}
        hidden={!asTable}
        role="region"
        aria-label="Income by month, as a table"
        tabIndex={0}
        className="mt-3 overflow-x-auto"
      >
        <PlainTable
          rows={months}
          rowKey={(m) => m.month}
          columns={TABLE_COLUMNS}
          look="compact"
          caption="Income by month (naira, refunds subtracted)"
        />
      </div>
    </div>
  )
}
