import { sql, type Kysely } from 'kysely'
import type { Engine } from '../../index.js'

/**
 * The server's email and SMS queue is called the message queue: "outbox" names the phone's own queue of
 * writes not yet sent. Queued, sent and failed messages keep their rows and ids; the sender reads the new
 * name.
 */
export async function up(db: Kysely<any>, engine: Engine) {
  await db.schema.alterTable('messages_outbox').renameTo('message_queue').execute()

  if (engine === 'sqlite') {
    // SQLite keeps an index's name through a table rename: made again under the table's name.
    await db.schema.dropIndex('messages_outbox_due').execute()
    await db.schema
      .createIndex('message_queue_due')
      .on('message_queue')
      .columns(['status', 'next_attempt_at'])
      .execute()
    await db.schema.dropIndex('messages_outbox_created').execute()
    await db.schema.createIndex('message_queue_created').on('message_queue').column('created_at').execute()
    return
  }
  await sql`ALTER INDEX messages_outbox_due RENAME TO message_queue_due`.execute(db)
  await sql`ALTER INDEX messages_outbox_created RENAME TO message_queue_created`.execute(db)
  // The identity's sequence goes on from the last id.
  await sql`ALTER SEQUENCE messages_outbox_id_seq RENAME TO message_queue_id_seq`.execute(db)
  // The constraints PostgreSQL named after the table (primary key and its index, checks, foreign key, and
  // the NOT NULLs on versions that name them) follow it, so an error names the table that exists.
  await sql`DO $$
    DECLARE
      c record;
    BEGIN
      FOR c IN
        SELECT conname FROM pg_constraint
        WHERE conrelid = 'message_queue'::regclass AND conname LIKE 'messages\\_outbox\\_%'
      LOOP
        EXECUTE format('ALTER TABLE message_queue RENAME CONSTRAINT %I TO %I',
          c.conname, 'message_queue_' || substr(c.conname, length('messages_outbox_') + 1));
      END LOOP;
    END
    $$`.execute(db)
}
