-- The server's email and SMS queue is called the message queue: "outbox" names the phone's own queue of
-- writes not yet sent. Queued, sent and failed messages keep their rows and ids; the sender reads the new name.
ALTER TABLE messages_outbox RENAME TO message_queue;

-- SQLite keeps an index's name through a table rename: made again under the table's name.
DROP INDEX messages_outbox_due;
CREATE INDEX message_queue_due ON message_queue (status, next_attempt_at);
DROP INDEX messages_outbox_created;
CREATE INDEX message_queue_created ON message_queue (created_at);
