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
import { answerOnce, idempotent } from '../middleware/idempotency.js'
import { parseId, validate } from '../middleware/validate.js'
import { nowIso, affectedRows } from '../db/dialect.js'
import { sendMessage } from '../messaging/index.js'
import { emailAccount, loggedInAccount, tooManySubmissions } from '../middleware/submit-limit.js'

/** quick/message/: the public contact form. */
export const contactRoutes = new Hono<AppEnv>({ strict: false }).post(
  '/',
  idempotent,
  validate('json', quickMessageBody),
  async (c) => {
    const { name, email, message } = c.req.valid('json')
    // Each message emails every admin: a flood from one place is refused, not delivered.
    const refused = await tooManySubmissions(c, 'message', loggedInAccount(c))
    if (refused) return refused
    return c.var.db.transaction().execute(async (trx) => {
      await trx.insertInto('messages').values({ name, email, message }).execute()
      const excerpt = message.length > 300 ? `${message.slice(0, 300)}…` : message
      await sendMessage(
        { db: trx },
        { to: 'admins', template: 'admin_new_message', data: { name, email, excerpt } },
      )
      return answerOnce(
        c,
        trx,
        { message: 'Thank you! Your message has been received. We will get back to you shortly.' },
        201,
      )
    })
  },
)

/** Which messages each view shows (null: no condition on that column). */
const INBOX_WHERE: Record<
  InboxView,
  { read_at: 'is' | 'is not' | null; archived_at: 'is' | 'is not' | null }
> = {
  all: { read_at: null, archived_at: null },
  inbox: { read_at: null, archived_at: 'is' },
  unread: { read_at: 'is', archived_at: 'is' },
  archived: { read_at: null, archived_at: 'is not' },
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
    // Setting keeps the first time it was set (COALESCE), so a repeat changes nothing.
    const found = id
      ? affectedRows(
          await c.var.db
            .updateTable('messages')
            .set((eb) => ({ [column]: on ? eb.fn.coalesce(column, eb.val(nowIso())) : null }))
            .where('id', '=', id)
            .executeTakeFirst(),
        )
      : 0
    if (!found) return c.json({ message: 'Message not found' }, 404)
    return c.json({ message: on ? done : undone, [field]: on })
  }
}

/** admins/messages/: the contact form's inbox (?view=inbox|unread|archived|all, default all). */
export const inboxRoutes = new Hono<AppEnv>({ strict: false })
  .get('/', requireRole('admin'), async (c) => {
    const view = (c.req.query('view') ?? 'all') as InboxView
    if (!INBOX_VIEWS.includes(view)) {
      return c.json({ message: `view must be one of ${INBOX_VIEWS.join(', ')}` }, 400)
    }
    const where = INBOX_WHERE[view]
    const rows = await c.var.db
      .selectFrom('messages')
      .select(['id', 'name', 'email', 'created_at as date', 'message', 'read_at', 'archived_at'])
      .$if(where.read_at !== null, (q) => q.where('read_at', where.read_at!, null))
      .$if(where.archived_at !== null, (q) => q.where('archived_at', where.archived_at!, null))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute()
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
  async (c) => {
    const { email } = c.req.valid('json')
    const refused = await tooManySubmissions(c, 'newsletter', emailAccount(email))
    if (refused) return refused
    // The column is case-insensitive (NOCASE, citext), so a differently cased repeat is the same subscriber.
    const added = affectedRows(
      await c.var.db
        .insertInto('newsletter_subscribers')
        .values({ email })
        .onConflict((oc) => oc.column('email').doNothing())
        .executeTakeFirst(),
    )
    return added
      ? c.json({ message: 'Thank you for subscribing!' }, 201)
      : c.json({ message: 'You are already subscribed.' }, 200)
  },
)
