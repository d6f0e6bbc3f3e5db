import { reloadOnStaleChunks } from './pwa/stale-chunks'
import '../index.css'

reloadOnStaleChunks()

// A prerendered page (scripts/prerender.ts) is complete in its HTML and CSS: the browser paints it first,
// then the app's JavaScript is evaluated and hydrates it. On a slow phone evaluating React and the
// router takes longer than that paint; the chunks are already downloading meanwhile (modulepreload).
// An empty shell, or a hidden tab (no frames), starts at once.
const start = () => void import('./start-app')
const prerendered = document.getElementById('root')?.hasChildNodes()
if (prerendered && document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0))
else start()
