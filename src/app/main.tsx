import { reloadOnStaleChunks } from './pwa/stale-chunks'
import '../index.css'

reloadOnStaleChunks()

// A prerendered page (scripts/prerender.ts) is complete in its HTML and CSS: the browser paints it
// first, with the whole (slow) network for the HTML and the stylesheet, and only then is the app's
// JavaScript fetched and evaluated to hydrate it. The page's own chunks, named by the prerender in
// <meta name="page-modules">, are fetched alongside the app rather than after it.
// An empty shell, or a hidden tab (it never paints), starts at once.
let started = false
const start = () => {
  if (started) return
  started = true
  const pageModules = document.querySelector<HTMLMetaElement>('meta[name="page-modules"]')?.content
  for (const href of pageModules?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    document.head.append(link)
  }
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
