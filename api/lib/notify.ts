import type { Queryable } from '../db/index.js'

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

/** Writes the same notification for every admin. */
export async function notifyAdmins(db: Queryable, heading: string, body: string) {
  const admins = await db.selectFrom('users').select('id').where('role', '=', 'admin').execute()
  for (const admin of admins) await notify(db, admin.id, heading, body)
}
