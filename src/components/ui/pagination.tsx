/** Lists of thousands of rows are shown 50 at a time. */
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { QueryGate, EmptyState } from './query-state'

export const PAGE_SIZE = 50

/**
 * One page of an already filtered list. The page goes back to 1 whenever `resetKey` (the filters) changes,
 * and is clamped when the list shrinks (after a delete).
 */
export function usePagination<T>(items: T[], resetKey: string, pageSize = PAGE_SIZE) {
  const [state, setState] = useState({ key: resetKey, page: 1 })
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize))
  const page = Math.min(state.key === resetKey ? state.page : 1, pageCount)
  const pageItems = useMemo(
    () => items.slice((page - 1) * pageSize, page * pageSize),
    [items, page, pageSize],
  )
  return {
    page,
    pageCount,
    pageSize,
    total: items.length,
    pageItems,
    setPage: (next: number) => setState({ key: resetKey, page: Math.max(1, Math.min(next, pageCount)) }),
  }
}

/**
 * A list screen's rows after its search and filters, and the page on show. The filtering runs on the
 * deferred search text, so typing stays smooth over thousands of rows. `filter` and `filters` should be
 * stable (a module-level function; a primitive or memoised object) so the filtering reruns only on a change.
 */
export function useFilteredPages<T, F>(
  items: T[] | undefined,
  search: string,
  filters: F,
  filter: (items: T[], search: string, filters: F) => T[],
) {
  const deferredSearch = useDeferredValue(search)
  const filtered = useMemo(
    () => filter(items ?? [], deferredSearch, filters),
    [filter, items, deferredSearch, filters],
  )
  const pages = usePagination(filtered, JSON.stringify([deferredSearch, filters]))
  return { filtered, pages }
}

/**
 * A back-office list's search box and one select filter, wired to the pages of what they let through:
 * spread `searchBox` on a SearchBox and `select` on a SelectFilter.
 */
export function useListFilters<T, F extends string>(
  items: T[] | undefined,
  initial: NoInfer<F>,
  filter: (items: T[], search: string, choice: F) => T[],
) {
  const [search, setSearch] = useState('')
  const [choice, setChoice] = useState(initial)
  const { filtered, pages } = useFilteredPages(items, search, choice, filter)
  return {
    filtered,
    pages,
    searchBox: { value: search, onChange: setSearch },
    select: { value: choice, onChange: setChoice },
  }
}

export function Pagination({
  page,
  pageCount,
  pageSize,
  total,
  setPage,
}: Pick<ReturnType<typeof usePagination>, 'page' | 'pageCount' | 'pageSize' | 'total' | 'setPage'>) {
  if (total === 0) return null
  const first = (page - 1) * pageSize + 1
  const last = Math.min(page * pageSize, total)
  return (
    <nav
      aria-label="Pagination"
      className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600"
    >
      <p>
        Showing {first}–{last} of {total}
      </p>
      {pageCount > 1 && (
        <div className="flex items-center gap-2">
          <button
            type="button"
            className="btn-secondary px-3 py-1.5"
            onClick={() => setPage(page - 1)}
            disabled={page === 1}
          >
            <ChevronLeft className="size-4" aria-hidden /> Previous
          </button>
          <span aria-current="page">
            Page {page} of {pageCount}
          </span>
          <button
            type="button"
            className="btn-secondary px-3 py-1.5"
            onClick={() => setPage(page + 1)}
            disabled={page === pageCount}
          >
            Next <ChevronRight className="size-4" aria-hidden />
          </button>
        </div>
      )}
    </nav>
  )
}

/** A list screen's results: loading or the load error, the empty message when nothing matches, else the rows and the pager. */
export function ListResults({
  query,
  what,
  empty,
  pages,
  children,
}: {
  query: Parameters<typeof QueryGate>[0]['query']
  what: string
  empty: string
  pages: Parameters<typeof Pagination>[0]
  children: ReactNode
}) {
  return (
    <QueryGate query={query} what={what}>
      {pages.total === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <>
          {children}
          <Pagination {...pages} />
        </>
      )}
    </QueryGate>
  )
}
