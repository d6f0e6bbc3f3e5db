/**
 * Everything the page and the service worker (sw/sw.ts) agree on, in one place: the Background Sync tag,
 * the broadcast channel, the cache names, the messages, and the header that says whose request it is.
 * Constants and types only, so both sides (and the worker's WebWorker-only typecheck) can import it.
 */

/** Background Sync tag the page registers and the worker answers by replaying the outbox. */
export const SYNC_TAG = 'outbox'

/** Pages and the worker announce sent outbox entries here (once per replay), so every open tab refreshes. */
export const OUTBOX_CHANNEL = 'greenshield-outbox'

export interface OutboxSentMessage {
  type: 'sent'
  /** The entry's kind (src/offline/kinds.ts: each feature registers its own). */
  kind: string
  /** Whose entry it was (null: queued while logged out). */
  userId: number | null
}

/** Runtime caches of the worker (the precache is Workbox's own). */
export const CACHE_NAMES = {
  /** The public catalogue (GET add/products/), stale-while-revalidate. */
  products: 'api-products',
  /** The public price list of the services (GET services/), stale-while-revalidate. */
  services: 'api-services',
  /** Product images, cache-first. */
  images: 'product-images',
  /** Every other API read, network-first; keyed per user (USER_HEADER) and deleted on logout. */
  user: 'api-user',
  /** Code chunks outside the precache (the back office, the technicians' sheet), cache-first. */
  roleAssets: 'role-assets',
} as const

/** The roles whose screens are not precached for every visitor (scripts/role-chunks.ts). */
export type CachedRole = 'admin' | 'staff'
/** Written by the build: the chunk URLs each role's screens need, relative to the site root. */
export const ROLE_ASSETS_URL = 'role-assets.json'

export interface CacheRoleAssetsMessage {
  type: 'CACHE_ROLE_ASSETS'
  role: CachedRole
}

/** Messages the page posts to the worker. */
export const WORKER_MESSAGES = {
  /** Activate the waiting worker now (the user pressed Reload on "A new version is available"). */
  skipWaiting: 'SKIP_WAITING',
  /** Drop the API answers cached for the user who logged out. */
  clearUserCaches: 'CLEAR_USER_CACHES',
  /** An admin or a technician is using the app: cache their screens' code for offline use. */
  cacheRoleAssets: 'CACHE_ROLE_ASSETS',
} as const

/**
 * The page sends the logged-in user's id with every API read; the worker files the cached answer
 * under it, so an offline fallback never hands one user's answer to the next person on the phone.
 */
export const USER_HEADER = 'X-User-Id'
