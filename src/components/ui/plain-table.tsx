import type { ReactNode } from 'react'

/** One column of a table of rows: its heading, and what a row shows in it. */
export interface TableColumn<T> {
  label: string
  /** What the row shows; `index` is its place among the rows shown (a list groups rows by their neighbour). */
  cell: (row: T, index: number) => ReactNode
  /** Classes added to its cells (e.g. whitespace-nowrap for a date or a price). */
  className?: string
  /** Classes added to its heading (text-right over amounts). */
  headClassName?: string
  /** The column that names its row (a month): its cells are row headings. */
  rowHeader?: boolean
}

/** The horizontal padding of a compact list's cells below 1280 px, where many columns sit beside the sidebar. */
const CELL_X_COMPACT = 'px-3 xl:px-4'

/** A table in a card with a shaded heading row; the looks differ only in their cells' padding. */
const shaded = (cellX: string, headY: string, cellY: string) => ({
  table: 'w-full text-left text-sm',
  head: 'bg-slate-50 text-slate-600',
  th: `${cellX} ${headY} font-medium`,
  td: `${cellX} ${cellY}`,
})

/**
 * The looks of a table: a small one in a card, roomy or compact; in a dialog, bare; a list screen's
 * (DataTable), roomy or compact.
 */
const LOOKS = {
  card: shaded('px-5', 'py-2', 'py-2.5'),
  compact: shaded('px-3', 'py-2', 'py-2'),
  dialog: { table: 'w-full text-left', head: 'text-slate-500', th: 'py-1 font-medium', td: 'py-1.5' },
  list: shaded('px-4', 'py-3', 'py-3'),
  listCompact: shaded(CELL_X_COMPACT, 'py-3', 'py-3'),
}

const withClass = (base: string, extra: string | undefined) => (extra ? `${base} ${extra}` : base)

/** A small table inside a card or a dialog (a list screen's own table is DataTable): headings, then a row an item. */
export function PlainTable<T>({
  rows,
  rowKey,
  columns,
  look,
  caption,
  rowClassName,
}: {
  rows: readonly T[]
  rowKey: (row: T) => string | number
  columns: readonly TableColumn<T>[]
  look: keyof typeof LOOKS
  /** What the table holds, for a screen reader (not shown). */
  caption?: string
  /** Classes of one row, e.g. a stronger line where a new group of rows starts. */
  rowClassName?: (row: T, index: number) => string | undefined
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
        {rows.map((row, index) => (
          <tr key={rowKey(row)} className={rowClassName?.(row, index)}>
            {columns.map(({ label, cell, className, rowHeader }) => {
              const Cell = rowHeader ? 'th' : 'td'
              return (
                <Cell
                  key={label}
                  scope={rowHeader ? 'row' : undefined}
                  className={withClass(classes.td, className)}
                >
                  {cell(row, index)}
                </Cell>
              )
            })}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
