import type { Kysely } from 'kysely'
import type { Engine } from '../../index.js'
import { words } from '../words.js'

/**
 * Web push (docs/rules/messages.md, "Push notifications"): each browser that turned notifications on for an
 * account keeps one row, keyed by the push service's endpoint URL. The same phone turned on again under
 * another account moves to that account (a phone belongs to whoever is using it now). A push service that
 * answers 404 or 410 has dropped the subscription: its row is deleted then.
 *
 * The message queue carries push notifications too (channel 'push'; recipient: the user's id, the transport
 * sends to each of their subscriptions): 026 left the channel unchecked, so nothing changes there.
 */
export async function up(db: Kysely<any>, engine: Engine) {
  const w = words(engine)
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', w.bigint, w.id())
    .addColumn('user_id', w.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    // The browser's P-256 public key and auth secret (base64url): the payload is encrypted to them.
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(w.nowIso))
    .addColumn('last_sent_at', 'text')
    .execute()
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute()
}
