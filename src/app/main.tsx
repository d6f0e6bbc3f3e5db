import { startTransition, StrictMode, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import { QueryClientProvider } from '@tanstack/react-query'
import { ClientOnlyError } from '../lib/client-only'
import { useSession } from '../lib/session'
import { registerServiceWorker } from './pwa/register'
import { createQueryClient, dropPrivateDataOnUserChange } from './query-client'
import { AppErrorBoundary } from './route-error'
import { createRouter } from './router'
import '../index.css'

const queryClient = createQueryClient()
dropPrivateDataOnUserChange(queryClient)
const router = createRouter()

// SPEC section 4: on load the session fetches the CSRF token, then checks auth.
void useSession.getState().checkAuth()

// Offline-first: the service worker (update prompt, install) and the outbox replay, which also
// runs once now for whatever was left unsent by the last visit.
registerServiceWorker()
// Loaded apart, once the page has loaded, so Dexie stays off the critical path of the first visit.
const startSync = () =>
  void import('../offline/sync').then(({ startOutboxSync }) => startOutboxSync(queryClient))
if (document.readyState === 'complete') startSync()
else window.addEventListener('load', startSync, { once: true })

const app: ReactNode = (
  <StrictMode>
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
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
