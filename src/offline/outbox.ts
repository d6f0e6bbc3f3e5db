import type { ApiCall, ApiEndpoints } from '../../contract/api.js'
import type { CallAnswer, CallInput, PathOf, PathParams } from '../../contract/endpoint.js'
import { ApiError, callPath, getCsrfToken, request } from '../lib/api-client'
import { useConnection } from '../lib/connection'
import { requestBackgroundSync, requestPersistentStorage } from './background'
import { db, type OutboxEntry } from './db'
import { settleSent } from './confirmed'
import { checkOutboxBody, outboxKind, type OutboxKind } from './kinds'
import { backoffDelay, SENDING_CLAIM_MS, sendingLockName } from './replay'
import { announceSent, replayOutboxNow, scheduleReplay } from './sync'

/** The posts a form sends through the outbox: the table's POST calls with no path parameters. */
export type OutboxCall = {
  [K in ApiCall]: K extends `POST ${string}` ? (keyof PathParams<PathOf<K>> extends never ? K : never) : never
}[ApiCall]

export type SubmitResult<T> =
  | { state: 'sent'; data: T }
  /** `retryLater`: the server's words when it asked to wait (too many submissions, 429). */
  | { state: 'queued'; entry: OutboxEntry; retryLater?: string }

/**
 * How long a form waits for the server's answer before it says "saved on this phone": an answer
 * within it is shown as it is (sent, or the server's refusal in the form); a slower one arrives later.
 */
export const ACKNOWLEDGE_WITHIN_MS = 500

/**
 * Sends a post through the outbox: it is checked with the server's schema (InvalidOutboxBody, nothing
 * stored, when the server would refuse it), stored (with a UUID Idempotency-Key), then sent.
 * An answer within ACKNOWLEDGE_WITHIN_MS (none when the app already knows the network is down or silent): 2xx: removed, answer returned; 4xx: removed and the ApiError
 * thrown, so the form still on screen shows the server's message and keeps the user's input; no answer,
 * 5xx or 429 (too many for now): kept and reported as queued, to be replayed when the device is back
 * online or, after a 429, once the wait the server asked for has passed.
 * No answer yet by then (a slow or silent network): reported as queued at once while the send goes on;
 * what it brings later is applied to the entry (sent: removed; refused: kept as failed with the server's
 * words, visible and editable in the sync list; no answer: waiting for the replay).
 */
export async function submitThroughOutbox<K extends OutboxCall>(
  kind: OutboxKind,
  call: K,
  /** The call's body; extra fields (a label for the outbox panel) are kept on the device and ignored by the server. */
  body: CallInput<ApiEndpoints, K>['body'] & Record<string, unknown>,
  userId: number | null,
  /**
   * The device's own copy of the change (a cart line), written in the same transaction as the entry
   * that sends it: a reload or a closed tab in between can no longer keep one without the other.
   */
  alongside?: (database: typeof db) => Promise<unknown>,
): Promise<SubmitResult<CallAnswer<ApiEndpoints, K>>> {
  type T = CallAnswer<ApiEndpoints, K>
  const path = callPath(call as OutboxCall)
  checkOutboxBody(kind, body)
  const id = crypto.randomUUID()
  // Claimed before it exists, so a replay in another tab or the worker never sends it alongside this send.
  const claim = await claimForSending(id)
  const entry: OutboxEntry = {
    id,
    kind,
    method: 'POST',
    path,
    body,
    userId,
    createdAt: Date.now(),
    attempts: 0,
    status: 'waiting',
    sendingUntil: Date.now() + SENDING_CLAIM_MS,
    ...keepsAnswer(kind),
  }
  try {
    if (alongside)
      await db.transaction('rw', db.tables, async () => {
        await alongside(db)
        await db.outbox.add(entry)
      })
    else await db.outbox.add(entry)
  } catch (err) {
    claim.release()
    throw err
  }
  void requestPersistentStorage()

  const sending = sendWithFreshTokenOn403<T>(path, body, entry.id)
  // Whoever comes first, the answer or the acknowledgement, decides who deals with the outcome: the form, or the outbox.
  let owner: 'form' | 'outbox' | undefined
  const decided = new Promise<'form' | 'outbox'>((resolve) => {
    // Known to be offline or silent already: no point waiting at all.
    const wait = useConnection.getState().state === 'online' ? ACKNOWLEDGE_WITHIN_MS : 0
    const timer = setTimeout(() => resolve((owner ??= 'outbox')), wait)
    const answered = () => {
      clearTimeout(timer)
      resolve((owner ??= 'form'))
    }
    sending.then(answered, answered)
  })
  if ((await decided) === 'outbox') {
    void settleLater(entry, sending)
      .catch((err: unknown) => console.warn('Outbox send failed:', err))
      .finally(claim.release)
    return { state: 'queued', entry }
  }
  try {
    const data = await sending
    await settleSent(db, entry, data)
    return { state: 'sent', data }
  } catch (err) {
    if (isRefusal(err)) {
      await db.outbox.delete(entry.id)
      throw err
    }
    const queued = await keepForReplay(entry, err)
    return {
      state: 'queued',
      entry: { ...entry, ...queued },
      ...(err instanceof ApiError && err.status === 429 && { retryLater: err.message }),
    }
  } finally {
    claim.release()
  }
}

/**
 * Holds the entry's Web Lock (sendingLockName) until released: the replay leaves a held entry alone, and
 * the browser releases it when the page goes (a reload mid-send), so the entry is free again at once.
 * Without Web Locks the entry's sendingUntil is the claim.
 */
async function claimForSending(id: string): Promise<{ release: () => void }> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (!locks) return { release: () => {} }
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await new Promise<void>((acquired) => {
    void locks.request(sendingLockName(id), () => {
      acquired()
      return held
    })
  })
  return { release }
}

/** An entry whose kind applies the server's answer keeps it when a replay confirms it (OutboxKindInfo.onSent). */
const keepsAnswer = (kind: OutboxKind) => (outboxKind(kind).onSent ? { keepAnswer: true } : {})

/** The server said no for good (4xx other than 429): sending it again as it is changes nothing. */
const isRefusal = (err: unknown) => err instanceof ApiError && err.status < 500 && err.status !== 429

/** No answer, server trouble or "too many for now": the entry waits for the replay, after a backoff. */
async function keepForReplay(entry: OutboxEntry, err: unknown) {
  const wait = Math.max(backoffDelay(1), (err instanceof ApiError && err.retryAfterMs) || 0)
  const queued: Partial<OutboxEntry> = {
    attempts: 1,
    lastError: (err as Error).message,
    nextAttemptAt: Date.now() + wait,
    sendingUntil: undefined,
  }
  await db.outbox.update(entry.id, queued)
  void requestBackgroundSync()
  void scheduleReplay()
  return queued
}

/** The outcome of a send the form stopped waiting for: applied to its entry, as a replay would. */
async function settleLater<T>(entry: OutboxEntry, sending: Promise<T>) {
  let data: T
  try {
    data = await sending
  } catch (err) {
    if (!isRefusal(err)) return void (await keepForReplay(entry, err))
    await db.outbox.update(entry.id, {
      status: 'failed',
      attempts: 1,
      lastError: (err as Error).message,
      sendingUntil: undefined,
    })
    return
  }
  await settleSent(db, entry, data)
  announceSent(entry)
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

/**
 * Puts an edited (or unchanged) refused entry back in the queue under a new Idempotency-Key, in its old
 * place, after checking it with the server's schema (InvalidOutboxBody: nothing changes). `as` sends it
 * to another call (a refused treatment goes back as a correction, which a completed job still takes).
 */
export async function requeueOutboxEntry(id: string, body: unknown, as?: Pick<OutboxEntry, 'kind' | 'path'>) {
  const entry = await db.outbox.get(id)
  if (!entry) return
  const kind = as?.kind ?? entry.kind
  checkOutboxBody(kind, body)
  await db.transaction('rw', db.outbox, async () => {
    const current = await db.outbox.get(id)
    if (!current) return
    await db.outbox.delete(id)
    await db.outbox.add({
      ...current,
      ...as,
      keepAnswer: keepsAnswer(kind).keepAnswer,
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

/**
 * A refused entry, corrected by its user and sent again under a new key; its kind may send it to
 * another call instead (resendAs: a refused treatment goes back as a correction).
 */
export function resendOutboxEntry(entry: OutboxEntry, body: unknown) {
  const as = outboxKind(entry.kind).resendAs?.(entry, body)
  if (!as) return requeueOutboxEntry(entry.id, body)
  return requeueOutboxEntry(entry.id, as.body, { kind: as.kind, path: as.path })
}

export async function discardOutboxEntry(id: string) {
  await db.outbox.delete(id)
}

/**
 * Queues a post without sending it here (after the same schema check as submitThroughOutbox): the replay sends it, in order after everything queued before
 * it (a technician's job updates, each its own Idempotency-Key). Unlike submitThroughOutbox, a refusal
 * is never thrown away: it stays in the outbox, marked failed with the server's message, until the user
 * dismisses it. Returns the entry at once, so the screen shows it as "waiting to sync".
 */
export async function queueThroughOutbox(
  kind: OutboxKind,
  path: string,
  body: unknown,
  userId: number | null,
  options: { bodyType?: OutboxEntry['bodyType']; group?: string; about?: string } = {},
): Promise<OutboxEntry> {
  checkOutboxBody(kind, body)
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
      ...(options.about && { about: options.about }),
      ...keepsAnswer(kind),
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
