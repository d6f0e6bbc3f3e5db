import { Hono } from 'hono'
import { ALERT_LISTS, type AdminAlerts, type AlertList, type SentMessage } from '../../contract/outbox.js'
import type { AppEnv } from '../types.js'
import { currentUser, requireRole } from '../middleware/auth.js'
import type { Queryable } from '../db/index.js'
import { nowIso } from '../db/dialect.js'

/** The "Sent messages" screen shows the latest ones; older rows stay in the table. */
const SENT_SHOWN = 200

/** admins/sent-messages/: every email and SMS, newest first (?status=pending|sent|failed narrows). */
export const sentMessageRoutes = new Hono<AppEnv>({ strict: false }).get(
  '/',
  requireRole('admin'),
  async (c) => {
    const status = c.req.query('status')
    if (status && !['pending', 'sent', 'failed'].includes(status)) {
      return c.json({ message: 'status must be pending, sent or failed' }, 400)
    }
    const rows = (await c.var.db
      .selectFrom('message_queue')
      .select([
        'id',
        'channel',
        'recipient',
        'template',
        'subject',
        'body',
        'status',
        'transport',
        'attempts',
        'last_error',
        'created_at',
        'sent_at',
        'next_attempt_at',
      ])
      .$if(!!status, (q) => q.where('status', '=', status!))
      .orderBy('id', 'desc')
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
    if (!ALERT_LISTS.includes(list)) {
      return c.json({ message: `list must be one of ${ALERT_LISTS.join(', ')}` }, 400)
    }
    const seen_at = nowIso()
    await c.var.db
      .insertInto('admin_list_seen')
      .values({ user_id: currentUser(c).id, list, seen_at })
      .onConflict((oc) => oc.columns(['user_id', 'list']).doUpdateSet({ seen_at }))
      .execute()
    return c.json({ message: 'Seen' })
  })
