-- WhatsApp joins email and SMS, and each person chooses channels per kind of message
-- (docs/rules/messages.md, "Channels and kinds").

-- message_queue: the channel is no longer checked by the database (the list is data,
-- contract/message-channels.ts, so a new channel needs no migration), and fallback_of links the SMS sent in
-- place of a WhatsApp message that failed to the failed one. UNIQUE: one fallback per message, however many
-- senders see the failure. SQLite cannot drop a CHECK, so the table is rebuilt (nothing references it);
-- rows and ids are kept.
CREATE TABLE message_queue_new (
  id INTEGER PRIMARY KEY,
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  channel TEXT NOT NULL,
  recipient TEXT NOT NULL,
  template TEXT NOT NULL,
  data TEXT NOT NULL DEFAULT '{}',
  subject TEXT NOT NULL DEFAULT '',
  body TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  transport TEXT NOT NULL DEFAULT '',
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT NOT NULL DEFAULT '',
  -- Milliseconds since the epoch, so the loop's "due" test is one integer comparison.
  next_attempt_at INTEGER NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  sent_at TEXT,
  fallback_of INTEGER UNIQUE REFERENCES message_queue_new (id) ON DELETE SET NULL
);
INSERT INTO message_queue_new (id, user_id, channel, recipient, template, data, subject, body, status,
    transport, attempts, last_error, next_attempt_at, created_at, sent_at)
  SELECT id, user_id, channel, recipient, template, data, subject, body, status,
    transport, attempts, last_error, next_attempt_at, created_at, sent_at
  FROM message_queue;
DROP TABLE message_queue;
ALTER TABLE message_queue_new RENAME TO message_queue;
CREATE INDEX message_queue_due ON message_queue (status, next_attempt_at);
CREATE INDEX message_queue_created ON message_queue (created_at);

-- A person's choice per kind of message and channel; a cell without a row follows their
-- notification_settings (contract/message-channels.ts, choiceFromSwitches). Kinds and channels are
-- checked by the API's schema, not here, for the same reason as above.
CREATE TABLE message_preferences (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  channel TEXT NOT NULL,
  enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  PRIMARY KEY (user_id, kind, channel)
);
