/**
 * Runs `run` once the page has loaded and the browser has a moment to spare (at most `timeout` ms
 * later): for work the first tap does not need (the outbox replay, the service worker, the offline
 * banner), which on a slow phone would otherwise compete with the page's own scripts and hydration.
 * Returns a cancel function.
 */
export function whenIdle(run: () => void, timeout = 3000): () => void {
  let idle: number | undefined
  const schedule = () => {
    // Safari has no requestIdleCallback: a short wait instead.
    idle = hasIdleCallback() ? requestIdleCallback(run, { timeout }) : window.setTimeout(run, 500)
  }
  if (document.readyState === 'complete') schedule()
  else window.addEventListener('load', schedule, { once: true })
  return () => {
    window.removeEventListener('load', schedule)
    if (idle === undefined) return
    if (hasIdleCallback()) cancelIdleCallback(idle)
    else window.clearTimeout(idle)
  }
}

const hasIdleCallback = () => typeof window.requestIdleCallback === 'function'
