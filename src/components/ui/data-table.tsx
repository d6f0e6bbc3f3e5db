import { Card } from './page-header'
import { PlainTable, type TableColumn } from './plain-table'

/**
 * A list screen's table on wider screens (md and up); phones get the screen's cards (MobileCards) instead.
 * `compact`: narrower cell padding below 1280 px, for a table with many columns beside the sidebar.
 */
export function DataTable<T extends { id: number | string }>({
  rows,
  columns,
  compact,
  rowClassName,
}: {
  rows: readonly T[]
  columns: readonly TableColumn<T>[]
  compact?: boolean
  /** Classes of one row, e.g. a stronger line where a new group of rows starts. */
  rowClassName?: (row: T, index: number) => string | undefined
}) {
  return (
    <Card className="hidden overflow-x-auto md:block">
      <PlainTable
        rows={rows}
        rowKey={(row) => row.id}
        columns={columns}
        look={compact ? 'listCompact' : 'list'}
        rowClassName={rowClassName}
      />
    </Card>
  )
}
