/**
 * The app's tree, one for the browser (start-app.tsx, under BrowserRouter) and the build's prerender
 * (prerender.tsx, under StaticRouter): hydration needs both to have the same shape, as React's useId
 * values follow it (a dialog's aria-labelledby written by the prerender must name the same id the
 * browser gives its title).
 */
import { StrictMode, useEffect, type ComponentType, type ReactNode } from 'react'
import { whenIdle } from '../lib/when-idle'
import { AppErrorBoundary } from './route-error'
import { AppRoutes } from './router'
import { loadedQueryClient } from './with-queries'

export function AppTree({ router: Router }: { router: ComponentType<{ children: ReactNode }> }) {
  return (
    <StrictMode>
      <AppErrorBoundary>
        <Router>
          <AppRoutes />
        </Router>
        <BackgroundWork />
      </AppErrorBoundary>
    </StrictMode>
  )
}

/**
 * Work the first tap does not need, started once the page is hydrated (this sits last in the tree, so its
 * effect runs after the page's) and the browser is idle: the outbox replay (also for whatever the last
 * visit left unsent; a first visit has no database, so sync.ts then loads nothing) and the service worker
 * (update prompt, install). Effects never run in the prerender.
 */
let backgroundStarted = false
function BackgroundWork() {
  useEffect(() => {
    if (backgroundStarted) return // StrictMode runs a development effect twice
    backgroundStarted = true
    whenIdle(() => {
      void Promise.all([import('../offline/sync'), import('../offline/kinds')]).then(
        ([{ startOutboxSync }, { setOutboxKindsLoader }]) => {
          // Answers the service worker confirmed are applied by their feature's kind, loaded when needed.
          setOutboxKindsLoader(() => import('./pwa/outbox-kinds'))
          // A sent post refreshes the query cache if the page has one; a marketing page never loads it.
          startOutboxSync(loadedQueryClient)
        },
      )
      void import('./pwa/register').then(({ registerServiceWorker }) => registerServiceWorker())
    })
  }, [])
  return null
}
