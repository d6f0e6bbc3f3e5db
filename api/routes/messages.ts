import { Hono } from 'hono'
import { newsletterBody, quickMessageBody, type AdminMessage } from '../../contract/messages.js'
import type { AppEnv } from '../types.js'
import { requireRole } from '../middleware/auth.js'
import { idempotent } from '../middleware/idempotency.js'
import { validate } from '../middleware/validate.js'

/** quick/message/: the public contact form. */
export const contactRoutes = new Hono<AppEnv>({ strict: false }).post(
  '/',
  idempotent,
  validate('json', quickMessageBody),
  (c) => {
    const { name, email, message } = c.req.valid('json')
    c.var.db.prepare('INSERT INTO messages (name, email, message) VALUES (?, ?, ?)').run(name, email, message)
    return c.json(
      { message: 'Thank you! Your message has been received. We will get back to you shortly.' },
      201,
    )
  },
)

/** admins/messages/: the contact form's inbox. */
export const inboxRoutes = new Hono<AppEnv>({ strict: false }).get('/', requireRole('admin'), (c) => {
  const rows = c.var.db
    .prepare(
      'SELECT id, name, email, created_at AS date, message FROM messages ORDER BY created_at DESC, id DESC',
    )
    .all() as AdminMessage[]
  return c.json(rows)
})

/** newsletter/: the footer's sign-up. */
export const newsletterRoutes = new Hono<AppEnv>({ strict: false }).post(
  '/',
  validate('json', newsletterBody),
  (c) => {
    const { email } = c.req.valid('json')
    // The column is COLLATE NOCASE, so a differently cased repeat is the same subscriber.
    const added = c.var.db
      .prepare('INSERT INTO newsletter_subscribers (email) VALUES (?) ON CONFLICT (email) DO NOTHING')
      .run(email).changes
    return added
      ? c.json({ message: 'Thank you for subscribing!' }, 201)
      : c.json({ message: 'You are already subscribed.' }, 200)
  },
)
