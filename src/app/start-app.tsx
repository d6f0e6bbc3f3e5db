/**
 * The app itself (main.tsx loads it once the page is painted): query client, router, session check,
 * then React hydrates the prerendered page or renders the empty shell.
 */
import { startTransition, StrictMode, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router-dom'
import { QueryClientProvider } from '@tanstack/react-query'
import { ClientOnlyError } from '../lib/client-only'
import { useSession } from '../lib/session'
import { createQueryClient, dropPrivateDataOnUserChange } from './query-client'
import { AppErrorBoundary } from './route-error'
import { AppRoutes } from './router'

const queryClient = createQueryClient()
dropPrivateDataOnUserChange(queryClient)

// SPEC section 4: on load the session fetches the CSRF token, then checks auth.
void useSession.getState().checkAuth()

// Offline-first: the outbox replay starts once the page has loaded, also for whatever was left unsent
// by the last visit (a first visit has no database: sync.ts then loads nothing). The service worker
// (update prompt, install) waits until the browser is idle too: on a slow phone its script and precache
// would otherwise compete with the page itself.
afterLoad(() => {
  void import('../offline/sync').then(({ startOutboxSync }) => startOutboxSync(queryClient))
  const register = () =>
    void import('./pwa/register').then(({ registerServiceWorker }) => registerServiceWorker())
  if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 3000 })
  else setTimeout(register, 500)
})

function afterLoad(run: () => void) {
  if (document.readyState === 'complete') run()
  else window.addEventListener('load', run, { once: true })
}

const app: ReactNode = (
  <StrictMode>
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
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
