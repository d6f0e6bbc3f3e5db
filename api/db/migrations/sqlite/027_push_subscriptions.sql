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


-- The message queue carries push notifications too (channel 'push'; recipient: the user's id, the transport
-- sends to each of their subscriptions): 026 left the channel unchecked, so nothing changes there.
