// Typechecked by tsconfig.sw.json with the WebWorker library only: a window-only API here, or in the
// offline code it shares with the page, fails the typecheck.
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies'
import { ExpirationPlugin } from 'workbox-expiration'
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import type { WorkboxPlugin } from 'workbox-core'
import { pages } from '../contract/pages'
import { DEADLINES, fetchAnswer, joinApiPath } from '../src/lib/http'
import {
  CACHE_NAMES,
  ROLE_ASSETS_URL,
  OUTBOX_CHANNEL,
  SYNC_TAG,
  USER_HEADER,
  WORKER_MESSAGES,
  type CachedRole,
  type OutboxSentMessage,
} from '../src/lib/worker-protocol'
import { db } from '../src/offline/db'
import { replayOutbox } from '../src/offline/replay'
import type { OutboxEntry } from '../src/offline/db'

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
// Navigations: the public routes the build prerendered answer from their precached HTML (/about ->
// about.html: the precache route's cleanURLs, above); every other route (/book, /admin/orders, ...)
// from the precached empty shell; API calls never do.
registerRoute(new NavigationRoute(createHandlerBoundToURL('app.html'), { denylist: [/^\/api\//] }))

// Only GETs are routed below: posts, the CSRF token and session checks always go to the network.
const NEVER_CACHED = /^(token|auth_check|logout|pay\/)/
const only200 = new CacheableResponsePlugin({ statuses: [200] })

/**
 * Every fetch the worker makes for the page gives up after `ms` (or when the page stops waiting): on a
 * network that connects and never answers, a fetch without one holds one of the browser's few
 * connections to the server for minutes, and the page's next calls queue behind it.
 */
const deadline = (ms: number): WorkboxPlugin => ({
  requestWillFetch: async ({ request }) => {
    const timeout = AbortSignal.timeout(ms)
    const signal =
      typeof AbortSignal.any === 'function' ? AbortSignal.any([request.signal, timeout]) : timeout
    return new Request(request, { signal })
  },
})

// Code the precache leaves out (the back office, the technicians' sheet: role-assets.json) is kept
// once fetched; names carry a content hash, so a cached copy is never stale.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: CACHE_NAMES.roleAssets,
    plugins: [
      only200,
      deadline(DEADLINES.upload),
      new ExpirationPlugin({ maxEntries: 150, purgeOnQuotaError: true }),
    ],
  }),
)

/** Caches every chunk of a role's screens, at login, so they open offline before ever being visited. */
async function cacheRoleAssets(role: CachedRole) {
  const { answer } = await fetchAnswer(
    fetch,
    new URL(ROLE_ASSETS_URL, self.location.href).href,
    { cache: 'no-cache' },
    DEADLINES.read,
  )
  if (!answer.ok) return
  const lists = answer.data as Record<string, string[] | undefined>
  const cache = await caches.open(CACHE_NAMES.roleAssets)
  const missing: string[] = []
  for (const file of lists[role] ?? []) {
    const url = new URL(file, self.location.href).href
    if (!(await cache.match(url))) missing.push(url)
  }
  await cache.addAll(missing)
}

// The catalogue is the same for everyone: show the saved copy at once, refresh it behind.
const isCatalogue = (url: URL) => /^add\/products\/?$/.test(apiPath(url) ?? '-')
registerRoute(
  ({ url, request }) => request.method === 'GET' && request.cache !== 'no-cache' && isCatalogue(url),
  new StaleWhileRevalidate({ cacheName: CACHE_NAMES.products, plugins: [only200, deadline(DEADLINES.read)] }),
)
// A caller that must see the latest list (the admin's product screen, after an edit) asks with fetch's
// cache: 'no-cache': the network first, and its answer replaces the saved copy, so the shop shows the
// edit on its next visit rather than the list from before it.
registerRoute(
  ({ url, request }) => request.method === 'GET' && request.cache === 'no-cache' && isCatalogue(url),
  new NetworkFirst({ cacheName: CACHE_NAMES.products, plugins: [only200, deadline(DEADLINES.read)] }),
)

/** The catalogue's address exactly as the page asks for it (api-client.ts): the route's cache key. */
const CATALOGUE_URL = joinApiPath(API_BASE.href, 'add/products/')

/**
 * A first visit fetched the catalogue before this worker controlled the page, so the route above never
 * saw it; and the page keeps it in Dexie only on a device that already uses the database (snapshot.ts).
 * Caching it here at install is what lets that visitor's next visit show the catalogue offline. The page's
 * own answer is in the HTTP cache (no-cache, with an ETag), so this is usually a revalidation: a 304 of a
 * few hundred bytes, not the list again.
 */
async function cacheCatalogue() {
  const cache = await caches.open(CACHE_NAMES.products)
  // An update's install: the route keeps the saved copy fresh already.
  if (await cache.match(CATALOGUE_URL)) return
  const res = await fetch(CATALOGUE_URL, { signal: AbortSignal.timeout(DEADLINES.read) })
  if (res.status === 200) await cache.put(CATALOGUE_URL, res)
}

// Never fails the install: without the copy, the catalogue is cached on the next online visit instead.
self.addEventListener('install', (event) => event.waitUntil(cacheCatalogue().catch(() => undefined)))

// The services' price list too is the same for everyone: /services and /book show it offline.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && request.cache !== 'no-cache' && /^services\/?$/.test(apiPath(url) ?? '-'),
  new StaleWhileRevalidate({ cacheName: CACHE_NAMES.services, plugins: [only200, deadline(DEADLINES.read)] }),
)

// Product images rarely change (an edit gets a new file name): cache-first, bounded.
registerRoute(
  ({ url, request }) => request.method === 'GET' && (apiPath(url) ?? '').startsWith('media/'),
  new CacheFirst({
    cacheName: CACHE_NAMES.images,
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      deadline(DEADLINES.upload),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
)

/**
 * Files each answer under the user the page said it asked for (USER_HEADER), so the offline fallback
 * of one user's read is never another user's answer, even before the logout clean-up has run.
 */
const perUserCacheKey: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const url = new URL(request.url)
    url.searchParams.set('__user', request.headers.get(USER_HEADER) ?? 'anonymous')
    return url.href
  },
}

// Everything else the API answers may be private: fresh when the network answers, else the saved copy
// of the same user. No wait for it here: what the app keeps on the device (jobs, bookings, orders, cart,
// notifications, catalogue) is on screen from Dexie before this answers; the rest (the back office)
// falls back to this copy when the network fails or its deadline passes, a little before the page's.
// The cache is deleted on logout (clearUserCaches below).
registerRoute(
  ({ url, request }) => {
    const path = apiPath(url)
    return request.method === 'GET' && path !== null && !NEVER_CACHED.test(path)
  },
  new NetworkFirst({
    cacheName: CACHE_NAMES.user,
    plugins: [
      perUserCacheKey,
      only200,
      deadline(DEADLINES.read - 2_000),
      new ExpirationPlugin({ maxEntries: 100, purgeOnQuotaError: true }),
    ],
  }),
)

const channel = new BroadcastChannel(OUTBOX_CHANNEL)

const apiGet = async (path: string) =>
  (
    await fetchAnswer(
      fetch,
      joinApiPath(API_BASE.href, path),
      { credentials: 'include', cache: 'no-store' },
      DEADLINES.read,
    )
  ).answer

/** The same replay as the page's, with the worker's own token and session look-ups. */
async function replayFromWorker() {
  let lastSent: OutboxEntry | undefined
  const result = await replayOutbox({
    db,
    fetch: (input, init) => fetch(input, init),
    apiBase: API_BASE.href,
    force: true,
    getCsrfToken: async () => {
      const answer = await apiGet('token')
      if (!answer.ok) throw new Error(`token: ${answer.message}`)
      return (answer.data as { token: string }).token
    },
    getCurrentUserId: async () => {
      const answer = await apiGet('auth_check')
      const me = answer.data as { role?: string | null; id?: number | null } | undefined
      return answer.ok && me?.role ? (me.id ?? null) : null
    },
    onSent: (entry) => void (lastSent = entry),
  }).finally(() => {
    // Once per replay, not per entry: every open page refetches what is on screen on each message.
    if (lastSent)
      channel.postMessage({
        type: 'sent',
        kind: lastSent.kind,
        userId: lastSent.userId,
      } satisfies OutboxSentMessage)
  })
  // Rejecting tells the browser to fire 'sync' again later (with its own backoff).
  if (result.offline || result.retrying > 0) throw new Error('Outbox not fully sent yet')
}

self.addEventListener('sync', (event) => {
  const sync = event as ExtendableEvent & { tag: string }
  if (sync.tag === SYNC_TAG) sync.waitUntil(replayFromWorker())
})

self.addEventListener('message', (event) => {
  if (event.data?.type === WORKER_MESSAGES.skipWaiting) void self.skipWaiting()
  if (event.data?.type === WORKER_MESSAGES.clearUserCaches) event.waitUntil(caches.delete(CACHE_NAMES.user))
  if (event.data?.type === WORKER_MESSAGES.cacheRoleAssets)
    event.waitUntil(cacheRoleAssets(event.data.role as CachedRole).catch(() => undefined))
})

/** What the server's web push carries (api/messaging/push.ts): the notification and the address a tap opens. */
interface PushPayload {
  title: string
  body: string
  url: string
}

function pushPayload(event: PushEvent): PushPayload {
  try {
    const data = event.data?.json() as Partial<PushPayload> | undefined
    if (data?.title) return { title: data.title, body: data.body ?? '', url: data.url ?? pages.home }
  } catch {
    // Not ours, or garbled: still show something rather than nothing (a push must show a notification).
  }
  return { title: 'GreenShield', body: event.data?.text() ?? 'You have a new notification.', url: pages.home }
}

self.addEventListener('push', (event) => {
  const { title, body, url } = pushPayload(event)
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      icon: '/icons/icon-192.png',
      data: { url },
    }),
  )
})

/**
 * A tap opens what the notification is about: in the app's window when one is open (focused, then moved to
 * the address), else in a new one. Only our own origin: a payload never sends the phone elsewhere.
 */
async function openFromNotification(url: string) {
  const target = new URL(url, self.location.origin)
  const href = target.origin === self.location.origin ? target.href : self.location.origin + pages.home
  const windows = await self.clients.matchAll({ type: 'window' })
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin)
  if (open) {
    const focused = await open.focus().catch(() => open)
    return focused.navigate(href)
  }
  return self.clients.openWindow(href)
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = (event.notification.data as { url?: string } | null)?.url ?? pages.home
  event.waitUntil(openFromNotification(url))
})
