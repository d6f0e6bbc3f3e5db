import { Hono } from 'hono'
import { ALERT_LISTS, type AdminAlerts, type AlertList, type SentMessage } from '../../contract/outbox.js'
import type { AppEnv } from '../types.js'
import { currentUser, requireRole } from '../middleware/auth.js'

/** The "Sent messages" screen shows the latest ones; older rows stay in the table. */
const SENT_SHOWN = 200

/** admins/sent-messages/: every email and SMS, newest first (?status=pending|sent|failed narrows). */
export const sentMessageRoutes = new Hono<AppEnv>({ strict: false }).get('/', requireRole('admin'), (c) => {
  const status = c.req.query('status')
  if (status && !['pending', 'sent', 'failed'].includes(status)) {
    return c.json({ message: 'status must be pending, sent or failed' }, 400)
  }
  const rows = c.var.sqlite
    .prepare(
      `SELECT id, channel, recipient, template, subject, body, status, transport, attempts, last_error,
         created_at, sent_at, next_attempt_at FROM messages_outbox
       WHERE ? IS NULL OR status = ? ORDER BY id DESC LIMIT ?`,
    )
    .all(status ?? null, status ?? null, SENT_SHOWN) as (Omit<SentMessage, 'next_attempt_at'> & {
    next_attempt_at: number
  })[]
  return c.json(
    rows.map((r): SentMessage => ({ ...r, next_attempt_at: new Date(r.next_attempt_at).toISOString() })),
  )
})

/** Items created after `since` (ISO) in each list; messages archived meanwhile do not count. */
const NEW_ITEMS: Record<AlertList, string> = {
  bookings: 'SELECT COUNT(*) FROM bookings WHERE created_at > ?',
  orders: 'SELECT COUNT(*) FROM orders WHERE created_at > ?',
  messages: 'SELECT COUNT(*) FROM messages WHERE created_at > ? AND archived_at IS NULL',
}

/** admins/alerts/: what is new since this admin last opened Bookings, Orders and Messages. */
export const alertRoutes = new Hono<AppEnv>({ strict: false })
  .get('/', requireRole('admin'), (c) => {
    const { sqlite: db } = c.var
    const admin = currentUser(c)
    const seen = new Map(
      (
        db.prepare('SELECT list, seen_at FROM admin_list_seen WHERE user_id = ?').all(admin.id) as {
          list: AlertList
          seen_at: string
        }[]
      ).map((r) => [r.list, r.seen_at]),
    )
    // Never opened: what arrived since the account was made, not the whole history.
    const since = db.prepare('SELECT created_at FROM users WHERE id = ?').pluck().get(admin.id) as string
    const alerts = Object.fromEntries(
      ALERT_LISTS.map((list) => [
        list,
        db
          .prepare(NEW_ITEMS[list])
          .pluck()
          .get(seen.get(list) ?? since) as number,
      ]),
    ) as AdminAlerts
    return c.json(alerts)
  })

  /** admins/alerts/{list}/seen/: the admin opened the list; its count starts again from now. */
  .post('/:list/seen', requireRole('admin'), (c) => {
    const list = c.req.param('list') as AlertList
    if (!ALERT_LISTS.includes(list)) {
      return c.json({ message: `list must be one of ${ALERT_LISTS.join(', ')}` }, 400)
    }
    c.var.sqlite
      .prepare(
        `INSERT INTO admin_list_seen (user_id, list, seen_at) VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%fZ','now'))
         ON CONFLICT (user_id, list) DO UPDATE SET seen_at = excluded.seen_at`,
      )
      .run(currentUser(c).id, list)
    return c.json({ message: 'Seen' })
  })
