import type { DB, Queryable } from '../db/index.js'

/** Writes a notification the user sees in the Notifications modal (newest first). */
export async function notify(
  db: Queryable,
  userId: number | null | undefined,
  heading: string,
  body: string,
) {
  if (!userId) return
  await db.insertInto('notifications').values({ user_id: userId, heading, body }).execute()
}

/** @deprecated The SQLite-only twin of notify, for callers not yet on Kysely. */
export function notifySqlite(db: DB, userId: number | null | undefined, heading: string, body: string) {
  if (!userId) return
  db.prepare('INSERT INTO notifications (user_id, heading, body) VALUES (?, ?, ?)').run(userId, heading, body)
}
