import { createContext, Suspense, useCallback, useContext, useEffect, useState, type ReactNode } from 'react'
import { Outlet, useLocation } from 'react-router'
import { PageLoading } from '../../components/ui/page-loading'
import { TopBar } from './top-bar'
import { hydrateLater } from '../../lib/hydrate-later'
import { Footer } from './footer'

/** Below the fold on every page, and nearly half of a page's elements: hydrated after the rest. */
const LaterFooter = hydrateLater(Footer)

/** How long a section named in the link (/services#two) is kept in place while the page settles. */
const HOLD_SECTION_MS = 3000

/**
 * Page changes scroll to top, unless the link names a section (/services#two), which is scrolled to.
 * The section may appear only after a lazy chunk loads, and what is above it can still grow (images,
 * fonts), so it is placed again whenever the page's size changes, until the visitor scrolls or
 * presses a key or HOLD_SECTION_MS pass.
 */
function ScrollToTop() {
  const { pathname, hash } = useLocation()
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0)
      return
    }
    const id = decodeURIComponent(hash.slice(1))
    // Instant: arriving from another page should land on the section, not animate from the old scroll spot.
    const place = () => document.getElementById(id)?.scrollIntoView({ behavior: 'instant', block: 'start' })
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(place)
    const visitorMoved = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const
    const stop = () => {
      resized?.disconnect()
      window.clearTimeout(timer)
      for (const type of visitorMoved) window.removeEventListener(type, stop)
    }
    for (const type of visitorMoved) window.addEventListener(type, stop, { passive: true })
    const timer = window.setTimeout(stop, HOLD_SECTION_MS)
    resized?.observe(document.body)
    place()
    return stop
  }, [pathname, hash])
  return null
}

const GoLive = createContext<() => void>(() => {})

/**
 * Whether this page arrived prerendered (scripts/prerender.ts): read as the app's code loads, before it
 * hydrates the HTML. False in the prerender itself and for every page the browser renders alone.
 */
const arrivedPrerendered =
  typeof document !== 'undefined' && Boolean(document.getElementById('root')?.hasChildNodes())

/**
 * A prerendered page is on screen before its code runs: its forms stay disabled until the page is
 * hydrated, so nothing typed or pressed is lost in between (and no form posts itself natively).
 * The page itself says when: its OnShown (added by the route table, src/app/router.tsx) runs once the
 * page has rendered, after its lazy chunk is in. Not a sibling of the page in the layout: while a lazy
 * part loads, Preact keeps its prerendered HTML and runs the effects around it, so a sibling would enable
 * the forms before the page could keep what was typed in them. A page the browser renders alone goes live
 * at once. Its own state, with the page passed in as children: enabling the forms re-renders the fieldset
 * alone, not the whole page a second time right after hydration (a long task on a slow phone).
 */
function DisabledUntilShown({ children }: { children: ReactNode }) {
  const [live, setLive] = useState(false)
  const goLive = useCallback(() => setLive(true), [])
  useEffect(() => {
    if (!arrivedPrerendered) goLive()
  }, [goLive])
  return (
    <GoLive.Provider value={goLive}>
      <fieldset disabled={!live} role="presentation" className="contents">
        {children}
      </fieldset>
    </GoLive.Provider>
  )
}

/** Rendered after a prerendered page's content: enables the layout's forms once the page is hydrated. */
export function OnShown() {
  const goLive = useContext(GoLive)
  useEffect(goLive, [goLive])
  return null
}

export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <ScrollToTop />
      <DisabledUntilShown>
        <TopBar />
        <main id="main" tabIndex={-1} className="outline-none flex-1">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
        <LaterFooter />
      </DisabledUntilShown>
    </div>
  )
}
