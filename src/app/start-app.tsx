/**
 * The app itself (main.tsx loads it once the page is painted): query client, router, session check,
 * then React hydrates the prerendered page or renders the empty shell.
 */
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router-dom'
import { QueryClientProvider } from '@tanstack/react-query'
import { ClientOnlyError } from '../lib/client-only'
import { useSession } from '../lib/session'
import { whenIdle } from '../lib/when-idle'
import { createQueryClient, dropPrivateDataOnUserChange } from './query-client'
import { AppErrorBoundary } from './route-error'
import { AppRoutes } from './router'

const queryClient = createQueryClient()
dropPrivateDataOnUserChange(queryClient)

// SPEC section 4: on load the session fetches the CSRF token, then checks auth.
void useSession.getState().checkAuth()

/**
 * Work the first tap does not need, started once the page is hydrated (this sits last in the tree, so its
 * effect runs after the page's) and the browser is idle: the outbox replay (also for whatever the last
 * visit left unsent; a first visit has no database, so sync.ts then loads nothing) and the service worker
 * (update prompt, install).
 */
let backgroundStarted = false
function BackgroundWork() {
  useEffect(() => {
    if (backgroundStarted) return // StrictMode runs a development effect twice
    backgroundStarted = true
    whenIdle(() => {
      void import('../offline/sync').then(({ startOutboxSync }) => startOutboxSync(queryClient))
      void import('./pwa/register').then(({ registerServiceWorker }) => registerServiceWorker())
    })
  }, [])
  return null
}

const app: ReactNode = (
  <StrictMode>
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <BackgroundWork />
      </QueryClientProvider>
    </AppErrorBoundary>
  </StrictMode>
)

// Public routes arrive prerendered (scripts/prerender.ts): hydrate that HTML in place. Every other route
// (and the dev server) starts from an empty root.
const root = document.getElementById('root')!
if (root.hasChildNodes())
  // In a transition, hydration yields to the browser every few milliseconds instead of blocking a slow
  // phone's main thread for the whole page (the page is already painted: nothing waits for it).
  startTransition(() => {
    hydrateRoot(root, app, {
      // Parts the prerender left to the browser on purpose (lib/client-only.ts) are not errors.
      onRecoverableError(error) {
        if ((error as { digest?: string }).digest !== ClientOnlyError.digest) reportError(error)
      },
    })
  })
else createRoot(root).render(app)
