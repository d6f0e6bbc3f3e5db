import { Hono } from 'hono'
import type { Notification } from '../../contract/notifications.js'
import type { AppEnv } from '../types.js'
import { currentUser, requireLogin } from '../middleware/auth.js'
import { parseId } from '../middleware/validate.js'
import { affectedRows } from '../db/dialect.js'
import { fail } from '../lib/http-error.js'

/** The modal shows recent news; older notifications stay in the database but are not sent every time. */
const NOTIFICATIONS_SHOWN = 100

/** users/notifications/: the caller's own notifications. */
export const notificationsRoutes = new Hono<AppEnv>({ strict: false })
  .get('/', requireLogin, async (c) => {
    const rows = await c.var.db
      .selectFrom('notifications')
      .select(['id', 'heading', 'body', 'created_at as created', 'read', 'link', 'link_label'])
      .where('user_id', '=', currentUser(c).id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(NOTIFICATIONS_SHOWN)
      .execute()
    return c.json(rows.map((n): Notification => ({ ...n, read: n.read === 1 })))
  })

  /** Opening the list (or "Mark all read") marks every notification of the caller read. */
  .post('/read-all', requireLogin, async (c) => {
    const count = affectedRows(
      await c.var.db
        .updateTable('notifications')
        .set({ read: 1 })
        .where('user_id', '=', currentUser(c).id)
        .where('read', '=', 0)
        .executeTakeFirst(),
    )
    return c.json({ message: 'All notifications marked as read', count })
  })

  .post('/:id/read', requireLogin, async (c) => {
    const id = parseId(c.req.param('id'))
    // Someone else's notification answers exactly like a missing one.
    const found = id
      ? affectedRows(
          await c.var.db
            .updateTable('notifications')
            .set({ read: 1 })
            .where('id', '=', id)
            .where('user_id', '=', currentUser(c).id)
            .executeTakeFirst(),
        )
      : 0
    if (!found) fail(404, 'Notification not found')
    return c.json({ message: 'Notification marked as read' })
  })
