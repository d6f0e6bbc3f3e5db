const PRELOAD_RELOAD_KEY = 'greenshield.preloadReloadAt'

/**
 * A chunk of the previous deploy is gone (vite:preloadError): reload to get the new app, once (offline a
 * reload would not help). Listened to from the start, apart from the service worker's registration,
 * which waits for the page to load.
 */
export function reloadOnStaleChunks() {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(PRELOAD_RELOAD_KEY) ?? 0)
    if (!navigator.onLine || Date.now() - last < 10_000) return
    event.preventDefault()
    sessionStorage.setItem(PRELOAD_RELOAD_KEY, String(Date.now()))
    window.location.reload()
  })
}
