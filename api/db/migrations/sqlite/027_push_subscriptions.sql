-- Web push (docs/rules/messages.md, "Push notifications"): each browser that turned notifications on for an
-- account keeps one row, keyed by the push service's endpoint URL. The same phone turned on again under
-- another account moves to that account (a phone belongs to whoever is using it now). A push service that
-- answers 404 or 410 has dropped the subscription: its row is deleted then.
CREATE TABLE push_subscriptions (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  endpoint TEXT NOT NULL UNIQUE,
  -- The browser's P-256 public key and auth secret (base64url): the payload is encrypted to them.
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  last_sent_at TEXT
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);

-- The message queue delivers push notifications too (recipient: the user's id; the transport sends to each of
-- their subscriptions). SQLite cannot change a CHECK in place: the table is made again with the wider one.
CREATE TABLE message_queue_new (
  id INTEGER PRIMARY KEY,
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  channel TEXT NOT NULL CHECK (channel IN ('email', 'sms', 'whatsapp', 'push')),
  recipient TEXT NOT NULL,
  template TEXT NOT NULL,
  data TEXT NOT NULL DEFAULT '{}',
  subject TEXT NOT NULL DEFAULT '',
  body TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  transport TEXT NOT NULL DEFAULT '',
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT NOT NULL DEFAULT '',
  next_attempt_at INTEGER NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  sent_at TEXT
);
INSERT INTO message_queue_new SELECT
  id, user_id, channel, recipient, template, data, subject, body, status, transport, attempts, last_error,
  next_attempt_at, created_at, sent_at
FROM message_queue;
DROP TABLE message_queue;
ALTER TABLE message_queue_new RENAME TO message_queue;
CREATE INDEX message_queue_due ON message_queue (status, next_attempt_at);
CREATE INDEX message_queue_created ON message_queue (created_at);
