import { lazy, Suspense } from 'react'
import { pages } from '../../../../contract/pages.js'
import { inBrowserOnly } from '../../../lib/client-only'

/** The home page appears after a deliberate 2 second delay, behind its loading placeholder (docs/rules/screens.md). */
export const HOME_DELAY_MS = 2000

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, Math.max(0, ms)))

/**
 * When the placeholder first showed, in the page's clock: a visit that started on / has shown the
 * prerendered placeholder since the page loaded, so the delay counts from then, not from the moment the
 * app's code arrived to hydrate it (that took 1.6 s more on a phone with no network).
 */
function placeholderShownAt() {
  const [load] = performance.getEntriesByType('navigation')
  return load && new URL(load.name).pathname === pages.home ? 0 : performance.now()
}

// The delay runs alongside the chunk download, once per visit; coming back to / later is instant.
// The build prerenders the placeholder only: the wait runs in the browser.
const HomeContent = lazy(
  inBrowserOnly(
    () =>
      Promise.all([
        import('../components/home-content'),
        wait(placeholderShownAt() + HOME_DELAY_MS - performance.now()),
      ]).then(([m]) => m),
    HomeSkeleton,
  ),
)

export default function Home() {
  return (
    <Suspense fallback={<HomeSkeleton />}>
      <HomeContent />
    </Suspense>
  )
}

/** The shape of the home page in grey while it loads: hero, then three service cards. */
export function HomeSkeleton() {
  const bar = 'rounded-full bg-slate-200/80'
  return (
    <div
      role="status"
      aria-label="Loading the home page"
      className="animate-pulse motion-reduce:animate-none"
    >
      <div className="bg-brand-50/70">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 lg:grid-cols-2 lg:py-24">
          <div className="space-y-5">
            <div className={`h-4 w-40 ${bar}`} />
            <div className={`h-9 w-11/12 ${bar}`} />
            <div className={`h-9 w-3/4 ${bar}`} />
            <div className={`h-4 w-full ${bar}`} />
            <div className={`h-4 w-5/6 ${bar}`} />
            <div className="flex gap-3 pt-3">
              <div className="h-11 w-44 rounded-lg bg-brand-200" />
              <div className="h-11 w-32 rounded-lg bg-slate-200" />
            </div>
          </div>
          <div className="mx-auto aspect-[6/5] w-full max-w-md rounded-full bg-brand-100" />
        </div>
      </div>
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-14 sm:px-6 md:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="overflow-hidden rounded-2xl border border-slate-100">
            <div className="aspect-[3/2] bg-slate-100" />
            <div className="space-y-3 p-6">
              <div className={`h-5 w-2/3 ${bar}`} />
              <div className={`h-3 w-full ${bar}`} />
              <div className={`h-3 w-4/5 ${bar}`} />
            </div>
          </div>
        ))}
      </div>
      <span className="sr-only">Loading...</span>
    </div>
  )
}
