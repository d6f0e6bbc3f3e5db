-- WhatsApp joins email and SMS, and each person chooses channels per kind of message
-- (docs/rules/messages.md, "Channels and kinds").

-- message_queue: the channel is no longer checked by the database (the list is data,
-- contract/message-channels.ts, so a new channel needs no migration), and fallback_of links the SMS sent in
-- place of a WhatsApp message that failed to the failed one. UNIQUE: one fallback per message, however many
-- senders see the failure.
-- Named message_queue_channel_check since 016; found by its definition, whatever its name.
DO $$
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
$$;
ALTER TABLE message_queue
  ADD COLUMN fallback_of BIGINT UNIQUE REFERENCES message_queue (id) ON DELETE SET NULL;

-- A person's choice per kind of message and channel; a cell without a row follows their
-- notification_settings (contract/message-channels.ts, choiceFromSwitches). Kinds and channels are
-- checked by the API's schema, not here, for the same reason as above.
CREATE TABLE message_preferences (
  user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  channel TEXT NOT NULL,
  enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  PRIMARY KEY (user_id, kind, channel)
);
