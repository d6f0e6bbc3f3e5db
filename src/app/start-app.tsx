/**
 * The app itself (main.tsx loads it once the page is painted): router, session check,
 * then Preact (react-dom's API through preact/compat in the browser build) hydrates the prerendered page
 * or renders the empty shell.
 */
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
  // Preact hydrates in one go: in a task of its own, after the one that evaluated the app's modules, so a
  // slow phone's main thread gets a break between the two (the page is painted already: nothing waits).
  setTimeout(() => hydrateRoot(root, app), 0)
else createRoot(root).render(app)
