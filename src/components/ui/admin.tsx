/** Building blocks shared by the back-office screens. */
import { useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react'
import { AlertTriangle, ChevronLeft, ChevronRight, Search } from 'lucide-react'
import { Modal } from './modal'
import { errorMessage } from '../../lib/api-client'

export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  )
}

/** A background load failed: say so and offer a retry (SPEC's original only logged it). */
export function ErrorPanel({
  error,
  onRetry,
  what,
  retrying = false,
}: {
  error: unknown
  onRetry: () => void
  what: string
  retrying?: boolean
}) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-800">
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="size-5" aria-hidden /> Could not load {what}.
      </p>
      <p className="mt-1 text-sm">{errorMessage(error, 'Check your connection and try again.')}</p>
      <button type="button" className="btn-secondary mt-3" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying...' : 'Retry'}
      </button>
    </div>
  )
}

export function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="rounded-xl bg-white p-8 text-center text-slate-500 shadow-sm">
      Loading {what}...
    </p>
  )
}

/**
 * What a query-backed panel shows before its data is there. A failed reload (after an action, or on coming
 * back to the screen) keeps what was already loaded on screen, under the retry panel.
 */
export function QueryGate({
  query,
  what,
  children,
}: {
  query: {
    isPending: boolean
    isError: boolean
    isFetching: boolean
    data: unknown
    error: unknown
    refetch: () => unknown
  }
  what: string
  children: ReactNode
}) {
  if (query.isError) {
    const panel = (
      <ErrorPanel
        error={query.error}
        what={what}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    )
    if (query.data === undefined) return panel
    return (
      <>
        <div className="mb-4">{panel}</div>
        {children}
      </>
    )
  }
  if (query.isPending) return <Loading what={what} />
  return <>{children}</>
}

export function SearchBox({
  value,
  onChange,
  label,
  placeholder,
}: {
  value: string
  onChange: (value: string) => void
  label: string
  placeholder?: string
}) {
  return (
    <div className="relative min-w-0 flex-1">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden
      />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder ?? label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="field pl-9"
      />
    </div>
  )
}

export function SelectFilter<T extends string>({
  value,
  onChange,
  label,
  options,
}: {
  value: T
  onChange: (value: T) => void
  label: string
  options: readonly (readonly [T, string])[]
}) {
  return (
    <select
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as T)}
      className="field w-auto"
    >
      {options.map(([v, text]) => (
        <option key={v} value={v}>
          {text}
        </option>
      ))}
    </select>
  )
}

/** What a list screen shows when nothing matches (or there is nothing yet). */
export function EmptyState({ children }: { children: ReactNode }) {
  return <Card className="p-8 text-center text-slate-500">{children}</Card>
}

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

/**
 * The row a confirm dialog asks about, and the failure to show in it. ask() opens the dialog afresh,
 * confirm() runs the action and closes it on success, or keeps it open with the server's message.
 */
export function useConfirmAction<T>() {
  const [target, setTarget] = useState<T | null>(null)
  const [error, setError] = useState('')
  return {
    target,
    error,
    ask(next: T) {
      setError('')
      setTarget(next)
    },
    cancel() {
      setTarget(null)
      setError('')
    },
    async confirm(action: (target: T) => Promise<unknown>) {
      if (target === null) return
      setError('')
      try {
        await action(target)
        setTarget(null)
      } catch (err) {
        setError(errorMessage(err, 'An error occurred, try again later'))
      }
    },
  }
}

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

/** SPEC: Completed green, Pending (and Processing) yellow, anything else blue. */
export function StatusBadge({ status }: { status: string }) {
  const colour =
    status === 'Completed'
      ? 'bg-green-100 text-green-800'
      : status === 'Pending' || status === 'Processing'
        ? 'bg-yellow-100 text-yellow-800'
        : 'bg-blue-100 text-blue-800'
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${colour}`}>{status}</span>
  )
}

/** A yes/no question; `error` is the server's answer when the action failed (shown in the dialog). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busyLabel,
  cancelLabel = 'Cancel',
  busy,
  error,
  danger,
  onConfirm,
  onCancel,
}: {
  open: boolean
  title: string
  message: ReactNode
  confirmLabel: string
  busyLabel: string
  cancelLabel?: string
  busy: boolean
  error?: string
  danger?: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      size="sm"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={danger ? 'btn-danger' : 'btn-primary'}
            onClick={onConfirm}
            disabled={busy}
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      <p className="text-slate-700">{message}</p>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
    </Modal>
  )
}

/** A server's answer in a modal with Close (SPEC: settings and password responses). */
export function ResultDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Modal
      open={message !== null}
      title="Settings"
      onClose={onClose}
      size="sm"
      footer={
        <button type="button" className="btn-primary" onClick={onClose}>
          Close
        </button>
      }
    >
      <p role="status" className="text-slate-700">
        {message}
      </p>
    </Modal>
  )
}

export function Switch({
  checked,
  onChange,
  label,
  description,
}: {
  checked: boolean
  onChange: (checked: boolean) => void
  label: string
  description?: string
}) {
  const id = useId()
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div>
        <p className="font-medium text-slate-800" id={id}>
          {label}
        </p>
        {description && (
          <p className="text-sm text-slate-500" id={`${id}-description`}>
            {description}
          </p>
        )}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={id}
        aria-describedby={description ? `${id}-description` : undefined}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors ${
          checked ? 'bg-brand-600' : 'bg-slate-300'
        }`}
      >
        <span
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${
            checked ? 'translate-x-5' : 'translate-x-0.5'
          }`}
        />
      </button>
    </div>
  )
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-xl bg-white shadow-sm ring-1 ring-slate-200 ${className}`}>{children}</div>
}

/** "view" buttons and the like inside tables. */
export const linkButton = 'font-medium text-brand-700 underline-offset-2 hover:underline'
