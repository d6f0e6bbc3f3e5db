import { reloadOnStaleChunks } from './pwa/stale-chunks'
import '../index.css'

reloadOnStaleChunks()

// A prerendered page (scripts/prerender.ts) is complete in its HTML and CSS: the browser paints it first,
// then the app's JavaScript is evaluated and hydrates it. On a slow phone evaluating React and the
// router takes longer than that paint; the chunks are already downloading meanwhile (modulepreload).
// An empty shell, or a hidden tab (it never paints), starts at once.
let started = false
const start = () => {
  if (started) return
  started = true
  void import('./start-app')
}
const prerendered = document.getElementById('root')?.hasChildNodes()
if (prerendered && document.visibilityState === 'visible' && 'PerformanceObserver' in window) {
  // The first contentful paint is reported once it is on screen; the timer covers a browser that
  // reports no paint timing at all.
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return
    observer.disconnect()
    setTimeout(start, 0)
  }).observe({ type: 'paint', buffered: true })
  setTimeout(start, 1000)
} else start()
