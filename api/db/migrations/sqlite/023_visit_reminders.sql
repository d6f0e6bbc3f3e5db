-- Day-before reminders of visits (docs/rules/bookings.md, "Reminders"). reminder_sent_at is the claim: the
-- one pass (of any instance) that sets it from NULL sends the reminder, so it goes once, also after a restart.
-- customer_confirmed_at: the customer answered "I'll be there" (the technician's sheet shows it). Moving the
-- booking clears both: the new day gets its own reminder and answer.
ALTER TABLE bookings ADD COLUMN reminder_sent_at TEXT;
ALTER TABLE bookings ADD COLUMN customer_confirmed_at TEXT;
CREATE INDEX bookings_reminder_due ON bookings (date, reminder_sent_at);
