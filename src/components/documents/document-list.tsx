import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { DataTable } from '../ui/data-table'
import { linkButton } from '../ui/page-header'
import type { TableColumn } from '../ui/plain-table'
import { CardTop, MobileCards } from '../ui/mobile-cards'

/** What a feature says of its documents for the list: their number, columns, status, actions and card. */
export type DocumentListParts<T> = {
  /** The document's number, as a link to it. */
  number: (doc: T) => ReactNode
  /** The columns between the number and the status (tabular-nums for money). */
  columns: readonly TableColumn<T>[]
  status: (doc: T) => ReactNode
  /** What can be done to one (a last "Actions" column; under the card's lines). */
  actions?: (doc: T) => ReactNode
  /** The card's two lines under its number: who the document is for, then its dates and money. */
  card: (doc: T) => readonly [ReactNode, ReactNode]
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
}: DocumentListParts<T> & {
  /** "Invoices": the cards' accessible name. */
  label: string
  docs: readonly T[]
}) {
  return (
    <>
      <DataTable
        rows={docs}
        columns={[
          { label: 'Number', cell: number },
          ...columns,
          { label: 'Status', cell: status },
          ...(actions ? [{ label: 'Actions', cell: actions }] : []),
        ]}
      />
      <MobileCards items={docs} label={label}>
        {(doc) => {
          const [who, detail] = card(doc)
          return (
            <CardTop title={number(doc)} badge={status(doc)}>
              <p className="text-slate-700">{who}</p>
              <p className="text-slate-600">{detail}</p>
              {actions?.(doc)}
            </CardTop>
          )
        }}
      </MobileCards>
    </>
  )
}

/** A document's number as the link to its own admin page (the list's rows, a quote's invoice). */
export function DocumentLink({ to, number }: { to: string; number: string }) {
  return (
    <Link to={to} className={`${linkButton} font-mono`}>
      {number}
    </Link>
  )
}
