-- The server's email and SMS queue is called the message queue: "outbox" names the phone's own queue of
-- writes not yet sent. Queued, sent and failed messages keep their rows and ids; the sender reads the new name.
ALTER TABLE messages_outbox RENAME TO message_queue;

ALTER INDEX messages_outbox_due RENAME TO message_queue_due;
ALTER INDEX messages_outbox_created RENAME TO message_queue_created;
-- The identity's sequence goes on from the last id.
ALTER SEQUENCE messages_outbox_id_seq RENAME TO message_queue_id_seq;

-- The constraints PostgreSQL named after the table (primary key and its index, checks, foreign key, and the
-- NOT NULLs on versions that name them) follow it, so an error names the table that exists.
DO $$
DECLARE
  c record;
BEGIN
  FOR c IN
    SELECT conname FROM pg_constraint
    WHERE conrelid = 'message_queue'::regclass AND conname LIKE 'messages\_outbox\_%'
  LOOP
    EXECUTE format('ALTER TABLE message_queue RENAME CONSTRAINT %I TO %I',
      c.conname, 'message_queue_' || substr(c.conname, length('messages_outbox_') + 1));
  END LOOP;
END
$$;
