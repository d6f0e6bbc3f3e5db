import { registerSW } from 'virtual:pwa-register'
import { usePwa, type BeforeInstallPromptEvent } from './pwa-store'

const UPDATE_CHECK_MS = 60 * 60_000
const PRELOAD_RELOAD_KEY = 'greenshield.preloadReloadAt'

/**
 * Registers the service worker (registerType 'prompt': a new version waits until the user presses
 * Reload, because skipping the wait under a running page breaks its lazy chunks), and listens for the
 * install prompt and for stale chunks after a deploy. Called once from main.tsx, before React renders.
 */
export function registerServiceWorker() {
  let reloading = false
  const reloadOnce = () => {
    if (reloading) return
    reloading = true
    window.location.reload()
  }
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh: () => usePwa.setState({ needRefresh: true }),
    onNeedReload: reloadOnce,
    onRegisteredSW: (_url, registration) => {
      // Long-lived installed apps would otherwise only look for updates on navigation.
      if (registration) setInterval(() => void registration.update().catch(() => {}), UPDATE_CHECK_MS)
    },
    onRegisterError: (err) => console.warn('Service worker registration failed:', err),
  })
  usePwa.setState({
    applyUpdate: () => {
      // workbox-window only reloads by itself when the page already had a worker at load time; an
      // update found later in the same visit (the hourly check) must reload too once it takes over.
      navigator.serviceWorker.addEventListener('controllerchange', reloadOnce)
      void updateSW(true)
    },
  })

  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep it for our own Install button instead of the browser's mini-infobar.
    event.preventDefault()
    usePwa.setState({ installPrompt: event as BeforeInstallPromptEvent })
  })
  window.addEventListener('appinstalled', () => usePwa.setState({ installPrompt: null }))

  // A chunk of the previous deploy is gone: reload to get the new app (once; offline a reload would not help).
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(PRELOAD_RELOAD_KEY) ?? 0)
    if (!navigator.onLine || Date.now() - last < 10_000) return
    event.preventDefault()
    sessionStorage.setItem(PRELOAD_RELOAD_KEY, String(Date.now()))
    window.location.reload()
  })
}
