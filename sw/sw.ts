/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies'
import { ExpirationPlugin } from 'workbox-expiration'
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { db } from '../src/offline/db'
import { replayOutbox } from '../src/offline/replay'
import { SYNC_TAG } from '../src/offline/background'
import { CLEAR_USER_CACHES, USER_API_CACHES } from '../src/offline/user-data'
import { OUTBOX_CHANNEL, type OutboxSentMessage } from '../src/offline/sync-channel'

declare const self: ServiceWorkerGlobalScope

/** Where the app calls the API (VITE_API_BASE, default /api/), as an absolute URL. */
const API_BASE = new URL((import.meta.env.VITE_API_BASE as string | undefined) ?? '/api/', self.location.href)
const apiPath = (url: URL) =>
  url.origin === API_BASE.origin && url.pathname.startsWith(API_BASE.pathname)
    ? url.pathname.slice(API_BASE.pathname.length)
    : null

// self.__WB_MANIFEST is the default injection point: the app shell and every route chunk.
precacheAndRoute(self.__WB_MANIFEST)
// clean old assets
cleanupOutdatedCaches()
// The first install takes charge of the open page at once, so its API answers are cached from the
// first visit. Updates still wait for the user's Reload (SKIP_WAITING below): no skipWaiting here.
clientsClaim()
// Navigations (/about, /admin/orders, ...) answer from the precached shell; API calls never do.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }))

// Only GETs are routed below: posts, the CSRF token and session checks always go to the network.
const NEVER_CACHED = /^(token|auth_check|logout|pay\/)/
const only200 = new CacheableResponsePlugin({ statuses: [200] })

// The catalogue is the same for everyone: show the saved copy at once, refresh it behind.
// A caller that must see the latest list (the admin's product screen, after an edit) asks with
// fetch's cache: 'no-cache' and falls through to network-first below.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    request.cache !== 'no-cache' &&
    /^add\/products\/?$/.test(apiPath(url) ?? '-'),
  new StaleWhileRevalidate({ cacheName: 'api-products', plugins: [only200] }),
)

// Product images rarely change (an edit gets a new file name): cache-first, bounded.
registerRoute(
  ({ url, request }) => request.method === 'GET' && (apiPath(url) ?? '').startsWith('media/'),
  new CacheFirst({
    cacheName: 'product-images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
)

// Everything else the API answers may be private: fresh when the network answers in time, else the
// saved copy. The cache is per-user and deleted on logout (CLEAR_USER_CACHES below).
registerRoute(
  ({ url, request }) => {
    const path = apiPath(url)
    return request.method === 'GET' && path !== null && !NEVER_CACHED.test(path)
  },
  new NetworkFirst({
    cacheName: USER_API_CACHES[0],
    networkTimeoutSeconds: 5,
    plugins: [only200, new ExpirationPlugin({ maxEntries: 100, purgeOnQuotaError: true })],
  }),
)

const channel = new BroadcastChannel(OUTBOX_CHANNEL)

/** The same replay as the page's, with the worker's own token and session look-ups. */
async function replayFromWorker() {
  const result = await replayOutbox({
    db,
    fetch: (input, init) => fetch(input, init),
    apiBase: API_BASE.href,
    force: true,
    getCsrfToken: async () => {
      const res = await fetch(new URL('token', API_BASE), { credentials: 'include', cache: 'no-store' })
      if (!res.ok) throw new Error(`token: ${res.status}`)
      return ((await res.json()) as { token: string }).token
    },
    getCurrentUserId: async () => {
      const res = await fetch(new URL('auth_check', API_BASE), { credentials: 'include', cache: 'no-store' })
      if (!res.ok) return null
      const me = (await res.json()) as { role?: string | null; id?: number | null }
      return me.role ? (me.id ?? null) : null
    },
    onSent: (entry) => channel.postMessage({ type: 'sent', kind: entry.kind } satisfies OutboxSentMessage),
  })
  // Rejecting tells the browser to fire 'sync' again later (with its own backoff).
  if (result.offline || result.retrying > 0) throw new Error('Outbox not fully sent yet')
}

self.addEventListener('sync', (event) => {
  const sync = event as ExtendableEvent & { tag: string }
  if (sync.tag === SYNC_TAG) sync.waitUntil(replayFromWorker())
})

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting()
  if (event.data?.type === CLEAR_USER_CACHES) {
    event.waitUntil(Promise.all(USER_API_CACHES.map((name) => caches.delete(name))))
  }
})
