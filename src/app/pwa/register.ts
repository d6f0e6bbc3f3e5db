import { registerSW } from 'virtual:pwa-register'
import { useSession } from '../../lib/session'
import { WORKER_MESSAGES, type CacheRoleAssetsMessage, type CachedRole } from '../../lib/worker-protocol'
import { usePwa, type BeforeInstallPromptEvent } from './pwa-store'

const UPDATE_CHECK_MS = 60 * 60_000

/**
 * Registers the service worker (registerType 'prompt': a new version waits until the user presses
 * Reload, because skipping the wait under a running page breaks its lazy chunks), and listens for the
 * install prompt. Loaded and called by start-app.tsx once the page has loaded and the browser is idle: the
 * worker's script and its precache (~200 kB) must not share a slow network with the page's own files.
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

  cacheScreensOfRole()

  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep it for our own Install button instead of the browser's mini-infobar.
    event.preventDefault()
    usePwa.setState({ installPrompt: event as BeforeInstallPromptEvent })
  })
  window.addEventListener('appinstalled', () => usePwa.setState({ installPrompt: null }))
}

/**
 * The precache holds what every visitor needs; an admin's back office and a technician's sheet are
 * cached when that person is known (login, or a remembered session at start), so their screens open
 * offline too. Asked once per role per page; the worker skips what it already has.
 */
function cacheScreensOfRole() {
  if (!('serviceWorker' in navigator)) return
  const asked = new Set<CachedRole>()
  const ask = (role: string | null) => {
    if ((role !== 'admin' && role !== 'staff') || asked.has(role)) return
    asked.add(role)
    void navigator.serviceWorker.ready.then((registration) =>
      registration.active?.postMessage({
        type: WORKER_MESSAGES.cacheRoleAssets,
        role,
      } satisfies CacheRoleAssetsMessage),
    )
  }
  ask(useSession.getState().role)
  useSession.subscribe((s) => ask(s.status === 'authenticated' ? s.role : null))
}
