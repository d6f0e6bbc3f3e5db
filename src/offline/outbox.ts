import { ApiError, request } from '../api/client'
import { db, type OutboxEntry } from './db'

export type SubmitResult<T> = { state: 'sent'; data: T } | { state: 'queued'; entry: OutboxEntry }

/**
 * Sends a post through the outbox: it is stored first (with a UUID Idempotency-Key), then sent.
 * 2xx: removed, answer returned. 4xx: removed and the ApiError thrown, so the form that is still on
 * screen shows the server's message and keeps the user's input. Network error or 5xx: kept and
 * reported as queued, to be replayed when the device is back online.
 */
export async function submitThroughOutbox<T>(
  kind: OutboxEntry['kind'],
  path: string,
  body: unknown,
  userId: number | null,
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
  }
  await db.outbox.add(entry)
  try {
    const data = await request<T>('POST', path, body, { idempotencyKey: entry.id })
    await db.outbox.delete(entry.id)
    return { state: 'sent', data }
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) {
      await db.outbox.delete(entry.id)
      throw err
    }
    await db.outbox.update(entry.id, { attempts: 1, lastError: (err as Error).message })
    return { state: 'queued', entry: { ...entry, attempts: 1 } }
  }
}
