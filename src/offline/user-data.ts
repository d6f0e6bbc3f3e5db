import { CACHE_NAMES, WORKER_MESSAGES } from '../lib/worker-protocol'
import { db } from './db'

/**
 * Removes what the device saved for one user: their cart, notifications, orders and bookings in Dexie, and the
 * service worker's per-user API caches, so the next person on this phone never sees them.
 * Outbox entries stay: they are the user's unsent work, sent after their next login.
 */
export async function clearUserData(userId: number | null) {
  await Promise.all([
    userId === null ? undefined : db.cart.where('userId').equals(userId).delete(),
    userId === null ? undefined : db.notifications.where('userId').equals(userId).delete(),
    userId === null ? undefined : db.orders.where('userId').equals(userId).delete(),
    userId === null ? undefined : db.bookings.where('userId').equals(userId).delete(),
    // A technician's saved job sheet (customers' names and addresses) goes too; their unsent updates stay.
    userId === null ? undefined : db.jobs.where('userId').equals(userId).delete(),
    userId === null ? undefined : db.staffSync.delete(userId),
    // Answers kept for a saved copy that is gone with it.
    userId === null ? undefined : db.confirmed.where('userId').equals(userId).delete(),
    clearUserCaches(),
  ])
}

async function clearUserCaches() {
  const worker = navigator.serviceWorker?.controller
  if (worker) worker.postMessage({ type: WORKER_MESSAGES.clearUserCaches })
  // Also from the page: the worker may be stopped or not controlling yet, and deleting twice is harmless.
  if (typeof caches !== 'undefined') await caches.delete(CACHE_NAMES.user)
}

export { lastUser } from './last-user'
