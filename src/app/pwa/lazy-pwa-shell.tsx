import { lazy, Suspense } from 'react'
import { inBrowserOnly } from '../../lib/client-only'
import { useDatabaseInUse } from './database-in-use'

// The offline furniture reads the browser's state: loaded after the first paint, never in the
// prerendered HTML. The outbox badge reads Dexie (~30 kB gzip): only once the device has saved data.
const PwaShellChunk = lazy(inBrowserOnly(() => import('./pwa-shell').then((m) => ({ default: m.PwaShell }))))
const OutboxBadgeChunk = lazy(
  inBrowserOnly(() => import('./saved-work').then((m) => ({ default: m.OutboxBadge }))),
)

export function LazyPwaShell() {
  return (
    <Suspense fallback={null}>
      <PwaShellChunk />
    </Suspense>
  )
}

export function LazyOutboxBadge() {
  const databaseInUse = useDatabaseInUse()
  if (!databaseInUse) return null
  return (
    <Suspense fallback={null}>
      <OutboxBadgeChunk />
    </Suspense>
  )
}
