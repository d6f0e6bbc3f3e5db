import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import { QueryClientProvider } from '@tanstack/react-query'
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
// Loaded apart so Dexie stays off the critical path of the first paint.
void import('../offline/sync').then(({ startOutboxSync }) => startOutboxSync(queryClient))

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppErrorBoundary>
  </StrictMode>,
)
