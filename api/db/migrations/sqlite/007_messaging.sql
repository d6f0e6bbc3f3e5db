-- Email and SMS (docs/rules/messages.md). A message is written here in the same transaction as the event
-- that causes it; the sender loop (api/messaging/message-queue.ts) delivers it afterwards, so a request
-- never waits on SMTP or the SMS provider, and a failed send is retried with backoff.
-- data is the template's input (JSON); subject/body are the rendered text, filled in when delivered.
-- status: pending (due at next_attempt_at), sent (delivered, transport names how: smtp, termii, log),
-- failed (gave up after the last attempt; last_error says why).
CREATE TABLE messages_outbox (
  id INTEGER PRIMARY KEY,
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  channel TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
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
  sent_at TEXT
);
CREATE INDEX messages_outbox_due ON messages_outbox (status, next_attempt_at);
CREATE INDEX messages_outbox_created ON messages_outbox (created_at);

-- Forgotten passwords: a link (email) or a 6-digit code (SMS). Only the SHA-256 of the secret is kept;
-- single use (used_at), 30 minutes (expires_at, ms), and a code is voided after a few wrong guesses.
CREATE TABLE password_resets (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  channel TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
  secret_hash TEXT NOT NULL UNIQUE,
  expires_at INTEGER NOT NULL,
  failed_attempts INTEGER NOT NULL DEFAULT 0,
  used_at TEXT,
  created_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX password_resets_user ON password_resets (user_id);

-- The contact form's inbox: read and archived flags.
ALTER TABLE messages ADD COLUMN read_at TEXT;
ALTER TABLE messages ADD COLUMN archived_at TEXT;

-- When each admin last opened each list (bookings, orders, messages): the sidebar counts what came after.
CREATE TABLE admin_list_seen (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  list TEXT NOT NULL CHECK (list IN ('bookings', 'orders', 'messages')),
  seen_at TEXT NOT NULL,
  PRIMARY KEY (user_id, list)
);
