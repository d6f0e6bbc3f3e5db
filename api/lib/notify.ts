import type { DB } from '../db/index.js'

/** Writes a notification the user sees in the Notifications modal (newest first). */
export function notify(db: DB, userId: number | null | undefined, heading: string, body: string) {
  if (!userId) return
  db.prepare('INSERT INTO notifications (user_id, heading, body) VALUES (?, ?, ?)').run(userId, heading, body)
}
