import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRouter } from './router'
import { useSession } from '../lib/session'
import { registerServiceWorker } from './pwa/register'
import '../index.css'

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
})
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
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)
