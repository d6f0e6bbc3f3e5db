import type { ReactNode } from 'react'

/** One column of a table of rows: its heading, and what a row shows in it. */
export interface TableColumn<T> {
  label: string
  cell: (row: T) => ReactNode
  /** Classes added to its cells (e.g. whitespace-nowrap for a date or a price). */
  className?: string
  /** Classes added to its heading (text-right over amounts). */
  headClassName?: string
  /** The column that names its row (a month): its cells are row headings. */
  rowHeader?: boolean
}

/** The looks of a small table: in a card with a shaded heading row, roomy or compact; in a dialog, bare. */
const LOOKS = {
  card: {
    table: 'w-full text-left text-sm',
    head: 'bg-slate-50 text-slate-600',
    th: 'px-5 py-2 font-medium',
    td: 'px-5 py-2.5',
  },
  compact: {
    table: 'w-full text-left text-sm',
    head: 'bg-slate-50 text-slate-600',
    th: 'px-3 py-2 font-medium',
    td: 'px-3 py-2',
  },
  dialog: { table: 'w-full text-left', head: 'text-slate-500', th: 'py-1 font-medium', td: 'py-1.5' },
}

const withClass = (base: string, extra: string | undefined) => (extra ? `${base} ${extra}` : base)

/** A small table inside a card or a dialog (a list screen's own table is DataTable): headings, then a row an item. */
export function PlainTable<T>({
  rows,
  rowKey,
  columns,
  look,
  caption,
}: {
  rows: readonly T[]
  rowKey: (row: T) => string | number
  columns: readonly TableColumn<T>[]
  look: keyof typeof LOOKS
  /** What the table holds, for a screen reader (not shown). */
  caption?: string
}) {
  const classes = LOOKS[look]
  return (
    <table className={classes.table}>
      {caption && <caption className="sr-only">{caption}</caption>}
      <thead className={classes.head}>
        <tr>
          {columns.map((c) => (
            <th key={c.label} scope="col" className={withClass(classes.th, c.headClassName)}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map(({ label, cell, className, rowHeader }) => {
              const Cell = rowHeader ? 'th' : 'td'
              return (
                <Cell
                  key={label}
                  scope={rowHeader ? 'row' : undefined}
                  className={withClass(classes.td, className)}
                >
                  {cell(row)}
                </Cell>
              )
            })}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
