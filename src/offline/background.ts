/** Page-side platform hooks of the offline store: Background Sync registration and persistent storage. */
import { SYNC_TAG } from '../lib/worker-protocol'

interface SyncManager {
  register(tag: string): Promise<void>
}

/** Asks the service worker to replay the outbox when the connection returns (Chromium only; elsewhere the page replays). */
export async function requestBackgroundSync(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false
  try {
    const registration = await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 3000)),
    ])
    const sync = (registration as (ServiceWorkerRegistration & { sync?: SyncManager }) | undefined)?.sync
    if (!sync) return false
    await sync.register(SYNC_TAG)
    return true
  } catch {
    // Permission denied or unsupported: the page's own triggers (online, start, visibility) still replay.
    return false
  }
}

let persistRequested = false

/**
 * Asks once per page load for persistent storage, so the browser does not evict queued posts or the
 * cart under storage pressure. Called when something is queued or the cart is not empty.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  if (persistRequested || typeof navigator === 'undefined' || !navigator.storage?.persist) return false
  persistRequested = true
  try {
    if (await navigator.storage.persisted()) return true
    return await navigator.storage.persist()
  } catch {
    return false
  }
}
