import { createContext, Suspense, useCallback, useContext, useEffect, useState, type ReactNode } from 'react'
import { Outlet, useLocation } from 'react-router-dom'
import { PageLoading } from '../../components/ui/page-loading'
import { TopBar } from './top-bar'
import { Footer } from './footer'

/** Page changes scroll to top, unless the link names a section (/services#two), which is scrolled to. */
function ScrollToTop() {
  const { pathname, hash } = useLocation()
  useEffect(() => {
    if (hash) {
      // The section may render after a lazy chunk loads; try again briefly.
      let tries = 0
      const find = () => {
        const el = document.getElementById(decodeURIComponent(hash.slice(1)))
        // Instant: arriving from another page should land on the section, not animate from the old scroll spot.
        if (el) el.scrollIntoView({ behavior: 'instant', block: 'start' })
        else if (tries++ < 20) timer = window.setTimeout(find, 100)
      }
      let timer = window.setTimeout(find, 0)
      return () => window.clearTimeout(timer)
    }
    window.scrollTo(0, 0)
  }, [pathname, hash])
  return null
}

const GoLive = createContext<() => void>(() => {})

/**
 * A prerendered page is on screen before its code runs: its forms stay disabled until the page is
 * hydrated, so nothing typed or pressed is lost in between (and no form posts itself natively).
 * Its own state, with the page passed in as children: enabling the forms re-renders the fieldset alone,
 * not the whole page a second time right after hydration (a long task on a slow phone).
 */
function DisabledUntilShown({ children }: { children: ReactNode }) {
  const [live, setLive] = useState(false)
  const goLive = useCallback(() => setLive(true), [])
  return (
    <GoLive.Provider value={goLive}>
      <fieldset disabled={!live} role="presentation" className="contents">
        {children}
      </fieldset>
    </GoLive.Provider>
  )
}

/** Runs once the boundary it sits in shows real content (for a prerendered page: once it is hydrated). */
function OnShown() {
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
        <main id="main" className="flex-1">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
            <OnShown />
          </Suspense>
        </main>
        <Footer />
      </DisabledUntilShown>
    </div>
  )
}
