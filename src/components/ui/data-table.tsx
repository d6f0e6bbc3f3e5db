import { type ReactNode } from 'react'
import { Card } from './page-header'

/** A list screen's table on wider screens (md and up); phones get the screen's cards instead. */
/** The horizontal padding of a compact table's cells (screens use it for their own cells too). */
export const CELL_X_COMPACT = 'px-3 xl:px-4'

/** A column's heading, with the classes its cells share (e.g. shown only from a breakpoint on). */
export type Column = string | { label: string; className: string }

/** `compact`: narrower cell padding below 1280 px, for a table with many columns beside the sidebar. */
export function DataTable({
  columns,
  compact,
  children,
}: {
  columns: readonly Column[]
  compact?: boolean
  children: ReactNode
}) {
  return (
    <Card className="hidden overflow-x-auto md:block">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            {columns.map((column) => {
              const { label, className = '' } = typeof column === 'string' ? { label: column } : column
              return (
                <th
                  key={label}
                  className={`${compact ? CELL_X_COMPACT : 'px-4'} py-3 font-medium ${className}`}
                >
                  {label}
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </Card>
  )
}
