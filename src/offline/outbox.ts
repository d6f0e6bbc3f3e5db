import { ApiError, getCsrfToken, request } from '../lib/api-client'
import { requestBackgroundSync, requestPersistentStorage } from './background'
import { db, type OutboxEntry } from './db'
import { backoffDelay, SENDING_CLAIM_MS } from './replay'
import { replayOutboxNow } from './sync'

export type SubmitResult<T> =
  | { state: 'sent'; data: T }
  /** `retryLater`: the server's words when it asked to wait (too many submissions, 429). */
  | { state: 'queued'; entry: OutboxEntry; retryLater?: string }

/**
 * Sends a post through the outbox: it is stored first (with a UUID Idempotency-Key), then sent.
 * 2xx: removed, answer returned. 4xx: removed and the ApiError thrown, so the form that is still on
 * screen shows the server's message and keeps the user's input. Network error, 5xx or 429 (too many
 * for now): kept and reported as queued, to be replayed when the device is back online or, after a
 * 429, once the wait the server asked for has passed.
 */
export async function submitThroughOutbox<T>(
  kind: OutboxEntry['kind'],
  path: string,
  body: unknown,
  userId: number | null,
  /**
   * The device's own copy of the change (a cart line), written in the same transaction as the entry
   * that sends it: a reload or a closed tab in between can no longer keep one without the other.
   */
  alongside?: (database: typeof db) => Promise<unknown>,
): Promise<SubmitResult<T>> {
  const entry: OutboxEntry = {
    id: crypto.randomUUID(),
    kind,
    method: 'POST',
    path,
    body,
    userId,
    createdAt: Date.now(),
    attempts: 0,
    status: 'waiting',
    // Claimed while this direct send runs, so a replay in another tab or the worker leaves it alone.
    sendingUntil: Date.now() + SENDING_CLAIM_MS,
  }
  if (alongside)
    await db.transaction('rw', db.tables, async () => {
      await alongside(db)
      await db.outbox.add(entry)
    })
  else await db.outbox.add(entry)
  try {
    const data = await sendWithFreshTokenOn403<T>(path, body, entry.id)
    await db.outbox.delete(entry.id)
    return { state: 'sent', data }
  } catch (err) {
    const tooMany = err instanceof ApiError && err.status === 429
    if (err instanceof ApiError && err.status < 500 && !tooMany) {
      await db.outbox.delete(entry.id)
      throw err
    }
    const wait = Math.max(backoffDelay(1), (err instanceof ApiError && err.retryAfterMs) || 0)
    const queued: Partial<OutboxEntry> = {
      attempts: 1,
      lastError: (err as Error).message,
      nextAttemptAt: Date.now() + wait,
      sendingUntil: undefined,
    }
    await db.outbox.update(entry.id, queued)
    void requestBackgroundSync()
    void requestPersistentStorage()
    return {
      state: 'queued',
      entry: { ...entry, ...queued },
      ...(tooMany && { retryLater: (err as Error).message }),
    }
  }
}

/** A 403 here is almost always a CSRF token rotated by another tab or a new session: retry once with a fresh one. */
async function sendWithFreshTokenOn403<T>(path: string, body: unknown, key: string): Promise<T> {
  try {
    return await request<T>('POST', path, body, { idempotencyKey: key })
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 403)) throw err
    await getCsrfToken(true)
    return request<T>('POST', path, body, { idempotencyKey: key })
  }
}

/**
 * "Retry now" from the outbox panel. A waiting entry keeps its key (its first send may have reached
 * the server); a failed one gets a new key, since the server keeps answering the old key with its refusal.
 */
export async function retryOutboxEntry(id: string) {
  const entry = await db.outbox.get(id)
  if (!entry) return
  if (entry.status === 'failed') await requeueOutboxEntry(id, entry.body)
  else await db.outbox.update(id, { status: 'waiting', nextAttemptAt: undefined })
  return replayOutboxNow({ force: true })
}

/** Puts an edited (or unchanged) refused entry back in the queue under a new Idempotency-Key, in its old place. */
export async function requeueOutboxEntry(id: string, body: unknown) {
  await db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id)
    if (!entry) return
    await db.outbox.delete(id)
    await db.outbox.add({
      ...entry,
      id: crypto.randomUUID(),
      body,
      status: 'waiting',
      attempts: 0,
      lastError: undefined,
      nextAttemptAt: undefined,
      sendingUntil: undefined,
    })
  })
}

export async function discardOutboxEntry(id: string) {
  await db.outbox.delete(id)
}

/**
 * Drops a user's queued cart changes once the whole cart has reached the server (the checkout's
 * update-cart sets the server's cart to the device's, so they are in it). Left queued, one held up by a
 * reload would be replayed after the payment and put back what the payment took out of the cart.
 */
export async function dropQueuedCartChanges(userId: number) {
  await db.outbox
    .where('userId')
    .equals(userId)
    .filter((e) => e.kind === 'cart')
    .delete()
}

/**
 * Queues a post without sending it here: the replay sends it, in order after everything queued before
 * it (a technician's job updates, each its own Idempotency-Key). Unlike submitThroughOutbox, a refusal
 * is never thrown away: it stays in the outbox, marked failed with the server's message, until the user
 * dismisses it. Returns the entry at once, so the screen shows it as "waiting to sync".
 */
export async function queueThroughOutbox(
  kind: OutboxEntry['kind'],
  path: string,
  body: unknown,
  userId: number | null,
  options: { bodyType?: OutboxEntry['bodyType']; group?: string } = {},
): Promise<OutboxEntry> {
  const entry = await db.transaction('rw', db.outbox, async () => {
    // Strictly increasing, so two taps in the same millisecond still replay in the order they were made.
    const last = await db.outbox.orderBy('createdAt').last()
    const queued: OutboxEntry = {
      id: crypto.randomUUID(),
      kind,
      method: 'POST',
      path,
      body,
      ...(options.bodyType && { bodyType: options.bodyType }),
      ...(options.group && { group: options.group }),
      userId,
      createdAt: Math.max(Date.now(), (last?.createdAt ?? 0) + 1),
      attempts: 0,
      status: 'waiting',
    }
    await db.outbox.add(queued)
    return queued
  })
  void requestPersistentStorage()
  void requestBackgroundSync()
  void replayOutboxNow({ force: true }).catch((err: unknown) => console.warn('Outbox replay failed:', err))
  return entry
}
