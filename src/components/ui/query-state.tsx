/** What a query-backed panel shows while loading, after a failure, or with nothing to show. */
import { type ReactNode } from 'react'
import { AlertTriangle } from 'lucide-react'
import { errorMessage } from '../../lib/api-client'
import { Card } from './page-header'

/** A background load failed: say so and offer a retry (a failure only logged is one nobody sees). */
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

/** What a list screen shows when nothing matches (or there is nothing yet). */
export function EmptyState({ children }: { children: ReactNode }) {
  return <Card className="p-8 text-center text-slate-500">{children}</Card>
}
