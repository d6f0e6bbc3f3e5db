import { Hono } from 'hono'
import type { Notification } from '../../contract/notifications.js'
import type { AppEnv } from '../types.js'
import { currentUser, requireLogin } from '../middleware/auth.js'
import { parseId } from '../middleware/validate.js'

/** The modal shows recent news; older notifications stay in the database but are not sent every time. */
const NOTIFICATIONS_SHOWN = 100

/** users/notifications/: the caller's own notifications. */
export const notificationsRoutes = new Hono<AppEnv>({ strict: false })
  .get('/', requireLogin, (c) => {
    const rows = c.var.sqlite
      .prepare(
        `SELECT id, heading, body, created_at AS created, read FROM notifications
         WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
      )
      .all(currentUser(c).id, NOTIFICATIONS_SHOWN) as (Omit<Notification, 'read'> & { read: number })[]
    return c.json(rows.map((n): Notification => ({ ...n, read: n.read === 1 })))
  })

  /** Opening the list (or "Mark all read") marks every notification of the caller read. */
  .post('/read-all', requireLogin, (c) => {
    const count = c.var.sqlite
      .prepare('UPDATE notifications SET read = 1 WHERE user_id = ? AND read = 0')
      .run(currentUser(c).id).changes
    return c.json({ message: 'All notifications marked as read', count })
  })

  .post('/:id/read', requireLogin, (c) => {
    const id = parseId(c.req.param('id'))
    // Someone else's notification answers exactly like a missing one.
    const found = id
      ? c.var.sqlite
          .prepare('UPDATE notifications SET read = 1 WHERE id = ? AND user_id = ?')
          .run(id, currentUser(c).id).changes
      : 0
    return found
      ? c.json({ message: 'Notification marked as read' })
      : c.json({ message: 'Notification not found' }, 404)
  })
