/**
 * The app itself (main.tsx loads it once the page is painted): router, session check,
 * then React hydrates the prerendered page or renders the empty shell.
 */
import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { useSession } from '../lib/session'
import { AppTree } from './app-tree'

// On load the session fetches the CSRF token, then checks auth (the token must exist before any POST).
void useSession.getState().checkAuth()

const app = <AppTree router={BrowserRouter} />

// Public routes arrive prerendered (scripts/prerender.ts): hydrate that HTML in place. Every other route
// (and the dev server) starts from an empty root.
const root = document.getElementById('root')!
if (root.hasChildNodes())
  // In a transition, hydration yields to the browser every few milliseconds instead of blocking a slow
  // phone's main thread for the whole page (the page is already painted: nothing waits for it).
  startTransition(() => {
    hydrateRoot(root, app)
  })
else createRoot(root).render(app)
