import { type ReactNode } from 'react'
import { Card } from './page-header'

/** A list screen's table on wider screens (md and up); phones get the screen's cards instead. */
export function DataTable({ columns, children }: { columns: readonly string[]; children: ReactNode }) {
  return (
    <Card className="hidden overflow-x-auto md:block">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            {columns.map((column) => (
              <th key={column} className="px-4 py-3 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </Card>
  )
}
