import { Hono, type Context } from 'hono'
import { z } from 'zod'
import {
  INBOX_VIEWS,
  newsletterBody,
  quickMessageBody,
  type AdminMessage,
  type InboxView,
} from '../../contract/messages.js'
import type { AppEnv } from '../types.js'
import { requireRole } from '../middleware/auth.js'
import { idempotent } from '../middleware/idempotency.js'
import { parseId, validate } from '../middleware/validate.js'
import { sendMessageSqlite } from '../messaging/index.js'

/** quick/message/: the public contact form. */
export const contactRoutes = new Hono<AppEnv>({ strict: false }).post(
  '/',
  idempotent,
  validate('json', quickMessageBody),
  (c) => {
    const { name, email, message } = c.req.valid('json')
    const db = c.var.sqlite
    db.transaction(() => {
      db.prepare('INSERT INTO messages (name, email, message) VALUES (?, ?, ?)').run(name, email, message)
      const excerpt = message.length > 300 ? `${message.slice(0, 300)}…` : message
      sendMessageSqlite(
        { db: c.var.sqlite },
        { to: 'admins', template: 'admin_new_message', data: { name, email, excerpt } },
      )
    })()
    return c.json(
      { message: 'Thank you! Your message has been received. We will get back to you shortly.' },
      201,
    )
  },
)

const INBOX_WHERE: Record<InboxView, string> = {
  all: '1',
  inbox: 'archived_at IS NULL',
  unread: 'read_at IS NULL AND archived_at IS NULL',
  archived: 'archived_at IS NOT NULL',
}

const flag = (label: string) =>
  z.object({ [label]: z.boolean({ error: `${label} must be true or false` }).default(true) })

/** POST admins/messages/{id}/read|archive/ `{ read|archived? }` (default true; false undoes it). */
function setFlag(
  column: 'read_at' | 'archived_at',
  field: 'read' | 'archived',
  done: string,
  undone: string,
) {
  return async (c: Context<AppEnv>) => {
    const id = parseId(c.req.param('id'))
    const raw: unknown = await c.req.json().catch(() => ({}))
    const parsed = flag(field).safeParse(raw ?? {})
    if (!parsed.success) return c.json({ message: parsed.error.issues[0]?.message ?? 'Bad request' }, 400)
    const on = parsed.data[field] as boolean
    const found = id
      ? c.var.sqlite
          .prepare(
            `UPDATE messages SET ${column} = CASE WHEN ? THEN COALESCE(${column}, strftime('%Y-%m-%dT%H:%M:%fZ','now'))
               ELSE NULL END WHERE id = ?`,
          )
          .run(+on, id).changes
      : 0
    if (!found) return c.json({ message: 'Message not found' }, 404)
    return c.json({ message: on ? done : undone, [field]: on })
  }
}

/** admins/messages/: the contact form's inbox (?view=inbox|unread|archived|all, default all). */
export const inboxRoutes = new Hono<AppEnv>({ strict: false })
  .get('/', requireRole('admin'), (c) => {
    const view = (c.req.query('view') ?? 'all') as InboxView
    if (!INBOX_VIEWS.includes(view)) {
      return c.json({ message: `view must be one of ${INBOX_VIEWS.join(', ')}` }, 400)
    }
    const rows = c.var.sqlite
      .prepare(
        `SELECT id, name, email, created_at AS date, message, read_at, archived_at FROM messages
         WHERE ${INBOX_WHERE[view]} ORDER BY created_at DESC, id DESC`,
      )
      .all() as (Omit<AdminMessage, 'read' | 'archived'> & {
      read_at: string | null
      archived_at: string | null
    })[]
    return c.json(
      rows.map(({ read_at, archived_at, ...m }): AdminMessage => ({
        ...m,
        read: !!read_at,
        archived: !!archived_at,
      })),
    )
  })
  .post('/:id/read', requireRole('admin'), setFlag('read_at', 'read', 'Marked as read', 'Marked as unread'))
  .post(
    '/:id/archive',
    requireRole('admin'),
    setFlag('archived_at', 'archived', 'Archived', 'Moved back to the inbox'),
  )

/** newsletter/: the footer's sign-up. */
export const newsletterRoutes = new Hono<AppEnv>({ strict: false }).post(
  '/',
  validate('json', newsletterBody),
  (c) => {
    const { email } = c.req.valid('json')
    // The column is COLLATE NOCASE, so a differently cased repeat is the same subscriber.
    const added = c.var.sqlite
      .prepare('INSERT INTO newsletter_subscribers (email) VALUES (?) ON CONFLICT (email) DO NOTHING')
      .run(email).changes
    return added
      ? c.json({ message: 'Thank you for subscribing!' }, 201)
      : c.json({ message: 'You are already subscribed.' }, 200)
  },
)
