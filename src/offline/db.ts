import Dexie, { type Table } from 'dexie'
import type { CartItem } from '../../contract/cart.js'
import type { Product } from '../../contract/catalogue.js'
import type { Notification } from '../../contract/notifications.js'
import type { UserOrder } from '../../contract/orders.js'
import type { OutboxKind } from '../lib/worker-protocol'

/** A post waiting in the outbox; `id` is also its Idempotency-Key, so a replay never duplicates it. */
export interface OutboxEntry {
  id: string
  kind: OutboxKind
  method: 'POST'
  /** API path relative to the API base, e.g. "appointment/". */
  path: string
  body: unknown
  /** Who queued it (null when logged out); a 401 waits for this user's next login. */
  userId: number | null
  createdAt: number
  attempts: number
  /** waiting: will be sent; failed: the server refused it (4xx), see lastError; auth: needs a login. */
  status: 'waiting' | 'failed' | 'auth'
  lastError?: string
  /** Backoff: not retried automatically before this time (ms since epoch). */
  nextAttemptAt?: number
  /** Set while a direct send is in flight, so a replay elsewhere leaves the entry alone meanwhile. */
  sendingUntil?: number
}

/** A time-limited claim (the replay lock where navigator.locks is missing). */
export interface Lease {
  name: string
  holder: string
  expiresAt: number
}

export type Owned<T> = T & { userId: number }

/**
 * The one IndexedDB database of the app (page and service worker alike).
 * Bump the version and add a .stores() line for every schema change; never edit an old one.
 */
export class AppDatabase extends Dexie {
  products!: Table<Product, number>
  cart!: Table<Owned<CartItem>, [number, number]>
  notifications!: Table<Owned<Notification>, number>
  orders!: Table<Owned<UserOrder>, number>
  outbox!: Table<OutboxEntry, string>
  leases!: Table<Lease, string>

  constructor(name = 'greenshield') {
    super(name)
    this.version(1).stores({
      products: 'id, category',
      cart: '[userId+id], userId',
      notifications: 'id, userId, created',
      orders: 'id, userId, created',
      outbox: 'id, createdAt, status, userId',
    })
    // v2: the replay lock's fallback lease.
    this.version(2).stores({ leases: 'name' })
  }
}

export const db = new AppDatabase()
