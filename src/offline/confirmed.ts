/**
 * The server's answers to confirmed entries, applied by the page: the kinds' onSent (registered by the
 * features) runs here, never in the service worker, which replays the same entries knowing no kind.
 */
import type { AppDatabase, ConfirmedEntry, MultipartBody, OutboxEntry } from './db'
import { findOutboxKind, loadAllOutboxKinds } from './kinds'

/** The confirmed entry as kept until applied: a multipart body's files are not needed any more. */
export function confirmedRecord(entry: OutboxEntry, answer: unknown, now: number): ConfirmedEntry {
  const body = entry.bodyType === 'multipart' ? { ...(entry.body as MultipartBody), files: {} } : entry.body
  return { id: entry.id, userId: entry.userId, entry: { ...entry, body }, answer, confirmedAt: now }
}

/**
 * Applies every kept answer whose kind is registered in this page, each once: in one transaction with
 * the removal of its record, so another tab applying the same record at the same time finds it gone.
 * Records of kinds this page has not loaded wait for a page that has. Returns how many were applied.
 */
export async function applyConfirmed(db: AppDatabase): Promise<number> {
  if ((await db.confirmed.count()) === 0) return 0
  await loadAllOutboxKinds()
  // In the order the entries were made: a job's updates build on each other.
  const records = (await db.confirmed.toArray())
    .sort((a, b) => a.entry.createdAt - b.entry.createdAt)
    .filter((record) => findOutboxKind(record.entry.kind))
  try {
    // All in one transaction: a replayed day is 64 answers, and a transaction each cost a slow phone a
    // commit each (and the sheet a re-render each).
    return await applyRecords(db, records)
  } catch (err) {
    // One answer its kind cannot apply undoes the whole batch: then one by one, as before, so those made
    // before it still land (and the failing one throws again).
    if (records.length < 2) throw err
    let applied = 0
    for (const record of records) applied += await applyRecords(db, [record])
    return applied
  }
}

/** Applies the records in one transaction with their removal; those already gone (another tab) are skipped. */
function applyRecords(db: AppDatabase, records: ConfirmedEntry[]): Promise<number> {
  return db.transaction('rw', db.tables, async () => {
    let applied = 0
    for (const record of records) {
      if (!(await db.confirmed.get(record.id))) continue
      await findOutboxKind(record.entry.kind)!.onSent?.(db, record.entry, record.answer)
      await db.confirmed.delete(record.id)
      applied++
    }
    return applied
  })
}

/** A direct send's answer: the entry leaves the outbox and its kind applies the answer, in one step. */
export async function settleSent(db: AppDatabase, entry: OutboxEntry, answer: unknown) {
  const onSent = findOutboxKind(entry.kind)?.onSent
  if (!onSent) return void (await db.outbox.delete(entry.id))
  await db.transaction('rw', db.tables, async () => {
    await db.outbox.delete(entry.id)
    await onSent(db, entry, answer)
  })
}
