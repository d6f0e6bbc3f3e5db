import { sql, type Kysely } from 'kysely'
import type { Engine } from '../../index.js'
import { words } from '../words.js'

/**
 * WhatsApp joins email and SMS, and each person chooses channels per kind of message
 * (docs/rules/messages.md, "Channels and kinds").
 */
export async function up(db: Kysely<any>, engine: Engine) {
  const w = words(engine)

  // message_queue: the channel is no longer checked by the database (the list is data,
  // contract/message-channels.ts, so a new channel needs no migration), and fallback_of links the SMS sent
  // in place of a WhatsApp message that failed to the failed one. UNIQUE: one fallback per message, however
  // many senders see the failure.
  if (engine === 'postgres') {
    // Named message_queue_channel_check since 016; found by its definition, whatever its name.
    await sql`DO $$
      DECLARE
        c record;
      BEGIN
        FOR c IN
          SELECT conname FROM pg_constraint
          WHERE conrelid = 'message_queue'::regclass AND contype = 'c'
            AND pg_get_constraintdef(oid) LIKE '%channel%'
        LOOP
          EXECUTE format('ALTER TABLE message_queue DROP CONSTRAINT %I', c.conname);
        END LOOP;
      END
      $$`.execute(db)
    await db.schema
      .alterTable('message_queue')
      .addColumn('fallback_of', w.bigint, (c) =>
        c.unique().references('message_queue.id').onDelete('set null'),
      )
      .execute()
  } else {
    // SQLite cannot drop a CHECK, so the table is rebuilt (nothing references it); rows and ids are kept.
    await db.schema
      .createTable('message_queue_new')
      .addColumn('id', w.bigint, w.id())
      .addColumn('user_id', w.bigint, (c) => c.references('users.id').onDelete('set null'))
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('template', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('pending')
          .check(sql`status IN ('pending', 'sent', 'failed')`),
      )
      .addColumn('transport', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
      // Milliseconds since the epoch, so the loop's "due" test is one integer comparison.
      .addColumn('next_attempt_at', w.bigint, (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(w.nowIso))
      .addColumn('sent_at', 'text')
      .addColumn('fallback_of', w.bigint, (c) =>
        c.unique().references('message_queue_new.id').onDelete('set null'),
      )
      .execute()
    const kept = [
      'id',
      'user_id',
      'channel',
      'recipient',
      'template',
      'data',
      'subject',
      'body',
      'status',
      'transport',
      'attempts',
      'last_error',
      'next_attempt_at',
      'created_at',
      'sent_at',
    ]
    await db
      .insertInto('message_queue_new')
      .columns(kept)
      .expression(db.selectFrom('message_queue').select(kept))
      .execute()
    await db.schema.dropTable('message_queue').execute()
    await db.schema.alterTable('message_queue_new').renameTo('message_queue').execute()
    await db.schema
      .createIndex('message_queue_due')
      .on('message_queue')
      .columns(['status', 'next_attempt_at'])
      .execute()
    await db.schema.createIndex('message_queue_created').on('message_queue').column('created_at').execute()
  }

  // A person's choice per kind of message and channel; a cell without a row follows their
  // notification_settings (contract/message-channels.ts, choiceFromSwitches). Kinds and channels are
  // checked by the API's schema, not here, for the same reason as above.
  await db.schema
    .createTable('message_preferences')
    .addColumn('user_id', w.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().check(sql`enabled IN (0, 1)`))
    .addPrimaryKeyConstraint('message_preferences_pkey', ['user_id', 'kind', 'channel'])
    .execute()
}
