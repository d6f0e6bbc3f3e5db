import Dexie, { type Table } from 'dexie'
import type { CartItem } from '../../contract/cart.js'
import type { Product } from '../../contract/catalogue.js'
import type { Notification } from '../../contract/notifications.js'
import type { UserOrder } from '../../contract/orders.js'
import type { Job } from '../../contract/staff.js'
import type { Booking } from '../../contract/bookings.js'
import type { OutboxKind } from './kinds'
import { DATABASE_NAME, markDatabaseLoaded } from './device'

/** A post waiting in the outbox; `id` is also its Idempotency-Key, so a replay never duplicates it. */
export interface OutboxEntry {
  id: string
  kind: OutboxKind
  method: 'POST'
  /** API path relative to the API base, as the feature that queued it gave it. */
  path: string
  /** JSON body, or for bodyType 'multipart' a MultipartBody (its Blobs are kept in IndexedDB as they are). */
  body: unknown
  /** How the body is sent; absent = JSON. */
  bodyType?: 'json' | 'multipart'
  /**
   * Entries of one group (a job: "job:12") are sent strictly in order: while an earlier one still waits
   * (backing off, needing a login, being sent), the later ones wait too. A refused (failed) one does not hold them.
   */
  group?: string
  /**
   * What it is about in words, fixed when it was queued (a job's customer, day and service), so the lists
   * name it even after the saved job sheet is gone (logout) or before it is downloaded again.
   */
  about?: string
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
  /**
   * Its kind does something with the server's answer (OutboxKindInfo.onSent): a replay that confirms
   * it, in the page or the service worker, keeps the answer in `confirmed` for the page to apply.
   */
  keepAnswer?: boolean
}

/** An entry the server confirmed whose answer the page has not applied yet (kinds with onSent). */
export interface ConfirmedEntry {
  id: string
  userId: number | null
  /** The entry as it was sent (a multipart body without its files). */
  entry: OutboxEntry
  answer: unknown
  confirmedAt: number
}

/** A multipart body stored in the outbox: text fields plus files (a photo's resized JPEG). */
export interface MultipartBody {
  fields: Record<string, string>
  files: Record<string, { blob: Blob; name: string }>
}

/** What a technician's device saved for offline work: when the jobs and the catalogue were last downloaded. */
export interface StaffSync {
  userId: number
  jobsSavedAt?: number
  catalogueSavedAt?: number
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
  /** The customer's bookings as the server last sent them (/book's list, readable offline). */
  bookings!: Table<Owned<Booking>, [number, number]>
  outbox!: Table<OutboxEntry, string>
  confirmed!: Table<ConfirmedEntry, string>
  leases!: Table<Lease, string>
  /** The technician's job sheet as the server last sent it (patched as each update is confirmed). */
  jobs!: Table<Owned<Job>, number>
  staffSync!: Table<StaffSync, number>

  constructor(name = DATABASE_NAME) {
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
    // v3: the technician's saved job sheet.
    this.version(3).stores({ jobs: 'id, userId, date', staffSync: 'userId' })
    // v4: the customer's bookings, so /book lists them at once on a silent network.
    this.version(4).stores({ bookings: '[userId+id], userId' })
    // v5: the server's answers to confirmed entries, until the page applies them (the worker knows no kind).
    this.version(5).stores({ confirmed: 'id, userId' })
  }
}

export const db = new AppDatabase()

// For db-lazy.ts: the live reads of a lazily loaded database come with it, not in another chunk.
export { liveQuery } from 'dexie'

markDatabaseLoaded()
