import type { ReactNode } from 'react'
import { DataTable } from '../ui/data-table'
import { CardTop, MobileCards } from '../ui/mobile-cards'

/** One of a document list's columns between the number and the status. */
export interface DocumentColumn<T> {
  label: string
  cell: (doc: T) => ReactNode
  /** Classes for its cells: tabular-nums for money. */
  className?: string
}

/**
 * A back-office list of quotes, invoices or certificates: on wider screens a table (the number, the feature's
 * columns, the status, the actions when there are any), on phones a card a document with the number and status
 * on top, the feature's lines under them, and the actions last.
 */
export function DocumentList<T extends { id: number }>({
  label,
  docs,
  number,
  columns,
  status,
  actions,
  card,
}: {
  /** "Invoices": the cards' accessible name. */
  label: string
  docs: readonly T[]
  /** The document's number, as a link to it. */
  number: (doc: T) => ReactNode
  columns: readonly DocumentColumn<T>[]
  status: (doc: T) => ReactNode
  /** What can be done to one (a last "Actions" column; under the card's lines). */
  actions?: (doc: T) => ReactNode
  /** The card's lines under its number. */
  card: (doc: T) => ReactNode
}) {
  const cell = 'px-4 py-3'
  return (
    <>
      <DataTable
        columns={['Number', ...columns.map((c) => c.label), 'Status', ...(actions ? ['Actions'] : [])]}
      >
        {docs.map((doc) => (
          <tr key={doc.id}>
            <td className={cell}>{number(doc)}</td>
            {columns.map((c) => (
              <td key={c.label} className={c.className ? `${cell} ${c.className}` : cell}>
                {c.cell(doc)}
              </td>
            ))}
            <td className={cell}>{status(doc)}</td>
            {actions && <td className={cell}>{actions(doc)}</td>}
          </tr>
        ))}
      </DataTable>
      <MobileCards items={docs} label={label}>
        {(doc) => (
          <CardTop title={number(doc)} badge={status(doc)}>
            {card(doc)}
            {actions?.(doc)}
          </CardTop>
        )}
      </MobileCards>
    </>
  )
}
