import { lazy, Suspense } from 'react'

// The offline furniture needs Dexie (~30 kB gzip): load it after the first paint, not before.
const PwaShellChunk = lazy(() => import('./pwa-shell').then((m) => ({ default: m.PwaShell })))
const OutboxBadgeChunk = lazy(() => import('./pwa-shell').then((m) => ({ default: m.OutboxBadge })))

export function LazyPwaShell() {
  return (
    <Suspense fallback={null}>
      <PwaShellChunk />
    </Suspense>
  )
}

export function LazyOutboxBadge() {
  return (
    <Suspense fallback={null}>
      <OutboxBadgeChunk />
    </Suspense>
  )
}
