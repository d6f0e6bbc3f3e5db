import { lazy, Suspense, useEffect, useState } from 'react'
import { inBrowserOnly } from '../../lib/client-only'
import { whenIdle } from '../../lib/when-idle'
import { useDatabaseInUse } from './database-in-use'

// The offline furniture reads the browser's state: never in the prerendered HTML, and loaded once the
// page is hydrated and the browser idle (its script would otherwise compete with the page's own). The outbox badge reads Dexie (~30 kB gzip): only once the device has saved data.
const PwaShellChunk = lazy(() => import('./pwa-shell').then((m) => ({ default: m.PwaShell })))
const OutboxBadgeChunk = lazy(
  inBrowserOnly(() => import('./saved-work').then((m) => ({ default: m.OutboxBadge }))),
)

export function LazyPwaShell() {
  const [pageShown, setPageShown] = useState(false)
  useEffect(() => whenIdle(() => setPageShown(true)), [])
  if (!pageShown) return null
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
