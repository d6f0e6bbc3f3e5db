import { lazy, Suspense } from 'react'
import { inBrowserOnly } from '../../lib/client-only'

// The offline furniture needs Dexie (~30 kB gzip): load it after the first paint, not before, and never
// in the prerendered HTML (it reads the browser's state).
const PwaShellChunk = lazy(inBrowserOnly(() => import('./pwa-shell').then((m) => ({ default: m.PwaShell }))))
const OutboxBadgeChunk = lazy(
  inBrowserOnly(() => import('./pwa-shell').then((m) => ({ default: m.OutboxBadge }))),
)

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
