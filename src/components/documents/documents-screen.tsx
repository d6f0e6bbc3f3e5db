import { useState, type ComponentType, type ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import type { UseQueryResult } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { PageHeader } from '../ui/page-header'
import { FilterBar, SearchBox, SelectFilter } from '../ui/list-filters'
import { EmptyState, QueryGate } from '../ui/query-state'
import { DocumentList, type DocumentListParts } from './document-list'

/**
 * A back-office list of documents (quotes, invoices, certificates): a "New" button opening the feature's form (opened at
 * once when the URL names a booking, as a booking's details link to it), a search by number or name, a
 * status filter, and the list. The feature gives its own query, form, list's parts and extra actions.
 */
export function DocumentsScreen<S extends string, T extends { id: number }>({
  title,
  noun,
  newLabel,
  statuses,
  useList,
  newForm: NewForm,
  list,
  actions,
  above,
}: {
  /** "Quotes". */
  title: string
  /** "quote": the button says "New quote", the search "Search quotes". */
  noun: string
  /** The button's words when not "New {noun}" ("Issue certificate"). */
  newLabel?: string
  statuses: readonly S[]
  useList: (status: S | 'all', search: string) => UseQueryResult<T[]>
  /** The feature's form, given the booking the URL names ('' for none) and how to close it. */
  newForm: ComponentType<{ booking: string; onCancel: () => void }>
  /** The list's number, columns, status, actions and card (labelled with the title). */
  list: DocumentListParts<T>
  /** Buttons before "New …" in the header. */
  actions?: ReactNode
  /** What shows between the header and the new form (the billing rules). */
  above?: ReactNode
}) {
  const [params, setParams] = useSearchParams()
  const bookingParam = params.get('booking') ?? ''
  const [creating, setCreating] = useState(bookingParam !== '')
  const [status, setStatus] = useState<S | 'all'>('all')
  const [search, setSearch] = useState('')
  const items = useList(status, search.trim())
  const options = [['all', 'All statuses'], ...statuses.map((s) => [s, s] as const)] as const

  return (
    <>
      <PageHeader
        title={title}
        actions={actions}
        add={{
          icon: Plus,
          label: newLabel ?? `New ${noun}`,
          onClick: () => setCreating(true),
          disabled: creating,
        }}
      />
      {above}
      {creating && (
        <NewForm
          booking={bookingParam}
          onCancel={() => {
            setCreating(false)
            if (bookingParam) setParams({})
          }}
        />
      )}
      <FilterBar>
        <SearchBox
          value={search}
          onChange={setSearch}
          label={`Search ${noun}s`}
          placeholder="Number or name..."
        />
        <SelectFilter value={status} onChange={setStatus} label="Filter by status" options={options} />
      </FilterBar>
      <QueryGate query={items} what={`the ${noun}s`}>
        {items.data && items.data.length === 0 ? (
          <EmptyState>No {noun}s found</EmptyState>
        ) : (
          items.data && <DocumentList label={title} docs={items.data} {...list} />
        )}
      </QueryGate>
    </>
  )
}
