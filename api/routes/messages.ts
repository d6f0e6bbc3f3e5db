import { Hono, type Context } from 'hono'
import {
  ALERT_LISTS,
  INBOX_VIEWS,
  SENT_MESSAGE_STATUSES,
  type AdminAlerts,
  type AdminMessage,
  type AlertList,
  type InboxView,
  type SentMessage,
} from '../../contract/messages.js'
import { MESSAGE_CHANNEL_KEYS } from '../../contract/message-channels.js'
import type { AppEnv } from '../types.js'
import { currentUser, requireRole } from '../middleware/auth.js'
import { answerOnce, idempotent } from '../middleware/idempotency.js'
import { bodyOf, parseId, validate } from '../middleware/validate.js'
import type { Queryable } from '../db/index.js'
import { nowIso, affectedRows } from '../db/dialect.js'
import { sendMessage } from '../messaging/index.js'
import { emailAccount, loggedInAccount, tooManySubmissions } from '../middleware/submit-limit.js'
import { fail } from '../lib/http-error.js'

/** quick/message/: the public contact form. */
export const contactRoutes = new Hono<AppEnv>({ strict: false }).post(
  '/',
  idempotent,
  validate('json', bodyOf('POST quick/message/')),
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

/** The flag each call sets: its column, its body field and its call (whose body schema parses it). */
const FLAGS = {
  read: { column: 'read_at', call: 'POST admins/messages/{id}/read/' },
  archived: { column: 'archived_at', call: 'POST admins/messages/{id}/archive/' },
} as const

/**
 * POST admins/messages/{id}/read|archive/ `{ read|archived? }` (default true; false undoes it). The body
 * may be left out, so it is parsed here rather than by validate().
 */
function setFlag(field: keyof typeof FLAGS, done: string, undone: string) {
  const { column, call } = FLAGS[field]
  return async (c: Context<AppEnv>) => {
    const id = parseId(c.req.param('id'))
    const raw: unknown = await c.req.json().catch(() => ({}))
    const parsed = bodyOf(call).safeParse(raw ?? {})
    if (!parsed.success) fail(400, parsed.error.issues[0]?.message ?? 'Bad request')
    const on = (parsed.data as Record<typeof field, boolean>)[field]
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
    if (!found) fail(404, 'Message not found')
    return c.json({ message: on ? done : undone, [field]: on })
  }
}

/** admins/messages/: the contact form's inbox (?view=inbox|unread|archived|all, default all). */
export const inboxRoutes = new Hono<AppEnv>({ strict: false })
  .get('/', requireRole('admin'), async (c) => {
    const view = (c.req.query('view') ?? 'all') as InboxView
    if (!INBOX_VIEWS.includes(view)) fail(400, `view must be one of ${INBOX_VIEWS.join(', ')}`)
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
  .post('/:id/read', requireRole('admin'), setFlag('read', 'Marked as read', 'Marked as unread'))
  .post('/:id/archive', requireRole('admin'), setFlag('archived', 'Archived', 'Moved back to the inbox'))

/** newsletter/: the footer's sign-up. */
export const newsletterRoutes = new Hono<AppEnv>({ strict: false }).post(
  '/',
  validate('json', bodyOf('POST newsletter/')),
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

/** The "Sent messages" screen shows the latest ones; older rows stay in the table. */
const SENT_SHOWN = 200

/**
 * admins/sent-messages/: the message queue, every email, SMS and WhatsApp message newest first
 * (?status=pending|sent|failed and ?channel=email|sms|whatsapp narrow), each WhatsApp message that failed
 * with the SMS sent in its place.
 */
export const sentMessageRoutes = new Hono<AppEnv>({ strict: false }).get(
  '/',
  requireRole('admin'),
  async (c) => {
    const status = c.req.query('status')
    if (status && !(SENT_MESSAGE_STATUSES as readonly string[]).includes(status)) {
      fail(400, 'status must be pending, sent or failed')
    }
    const channel = c.req.query('channel')
    if (channel && !(MESSAGE_CHANNEL_KEYS as readonly string[]).includes(channel)) {
      fail(400, `channel must be ${MESSAGE_CHANNEL_KEYS.join(', ')}`)
    }
    const rows = (await c.var.db
      .selectFrom('message_queue as m')
      .leftJoin('message_queue as f', 'f.fallback_of', 'm.id')
      .select([
        'm.id',
        'm.channel',
        'm.recipient',
        'm.template',
        'm.subject',
        'm.body',
        'm.status',
        'm.transport',
        'm.attempts',
        'm.last_error',
        'm.created_at',
        'm.sent_at',
        'm.next_attempt_at',
        'm.fallback_of',
        'f.id as fallback_id',
      ])
      .$if(!!status, (q) => q.where('m.status', '=', status!))
      .$if(!!channel, (q) => q.where('m.channel', '=', channel!))
      .orderBy('m.id', 'desc')
      .limit(SENT_SHOWN)
      .execute()) as (Omit<SentMessage, 'next_attempt_at'> & { next_attempt_at: number })[]
    return c.json(
      rows.map((r): SentMessage => ({ ...r, next_attempt_at: new Date(r.next_attempt_at).toISOString() })),
    )
  },
)

/** Items created after `since` (ISO) in each list; messages archived meanwhile do not count. */
const NEW_ITEMS: Record<AlertList, (db: Queryable, since: string) => Promise<{ n: number } | undefined>> = {
  bookings: (db, since) =>
    db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '>', since)
      .executeTakeFirst(),
  orders: (db, since) =>
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '>', since)
      .executeTakeFirst(),
  messages: (db, since) =>
    db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '>', since)
      .where('archived_at', 'is', null)
      .executeTakeFirst(),
}

/** admins/alerts/: what is new since this admin last opened Bookings, Orders and Messages. */
export const alertRoutes = new Hono<AppEnv>({ strict: false })
  .get('/', requireRole('admin'), async (c) => {
    const { db } = c.var
    const admin = currentUser(c)
    const seenRows = await db
      .selectFrom('admin_list_seen')
      .select(['list', 'seen_at'])
      .where('user_id', '=', admin.id)
      .execute()
    const seen = new Map(seenRows.map((r) => [r.list as AlertList, r.seen_at]))
    // Never opened: what arrived since the account was made, not the whole history.
    const { created_at: since } = await db
      .selectFrom('users')
      .select('created_at')
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow()
    const counts = await Promise.all(
      ALERT_LISTS.map(async (list) => [list, (await NEW_ITEMS[list](db, seen.get(list) ?? since))?.n ?? 0]),
    )
    return c.json(Object.fromEntries(counts) as AdminAlerts)
  })

  /** admins/alerts/{list}/seen/: the admin opened the list; its count starts again from now. */
  .post('/:list/seen', requireRole('admin'), async (c) => {
    const list = c.req.param('list') as AlertList
    if (!ALERT_LISTS.includes(list)) fail(400, `list must be one of ${ALERT_LISTS.join(', ')}`)
    const seen_at = nowIso()
    await c.var.db
      .insertInto('admin_list_seen')
      .values({ user_id: currentUser(c).id, list, seen_at })
      .onConflict((oc) => oc.columns(['user_id', 'list']).doUpdateSet({ seen_at }))
      .execute()
    return c.json({ message: 'Seen' })
  })
