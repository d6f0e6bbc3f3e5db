-- Issue 12, "A business can run on it".

-- Where a payment's goods go (JSON: name, phone, address, landmark, city, state), asked at checkout,
-- and the delivery fee added to the amount: NULL when the fee is to be agreed with the customer.
ALTER TABLE payments ADD COLUMN delivery TEXT;
ALTER TABLE payments ADD COLUMN delivery_fee_kobo INTEGER;
-- The orders a payment placed: the admin groups them by it (idx for the detail and the grouping).
CREATE INDEX orders_payment ON orders (payment_id);

-- The delivery fee per state, set by the admin. A state without a row (or with fee NULL) is
-- "to be agreed": nothing is charged for delivery at checkout and the customer is told so.
CREATE TABLE delivery_fees (
  state TEXT PRIMARY KEY,
  fee_kobo INTEGER CHECK (fee_kobo IS NULL OR fee_kobo >= 0),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

-- One row of business rules the admin sets: how late a customer may still cancel or move a booking,
-- and the working hours (a booking outside them is an emergency call-out). Days: 0 = Sunday.
CREATE TABLE business_settings (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  booking_cutoff_hours INTEGER NOT NULL DEFAULT 12 CHECK (booking_cutoff_hours BETWEEN 0 AND 168),
  work_start TEXT NOT NULL DEFAULT '09:00',
  work_end TEXT NOT NULL DEFAULT '19:00',
  work_days TEXT NOT NULL DEFAULT '1,2,3,4,5'
);
INSERT INTO business_settings (id) VALUES (1);

-- A booking outside the working hours is an emergency call-out (response within 2 to 4 hours).
ALTER TABLE bookings ADD COLUMN emergency INTEGER NOT NULL DEFAULT 0;
-- The admin who booked it for a caller on the phone (NULL: the customer booked it themself).
ALTER TABLE bookings ADD COLUMN booked_by INTEGER REFERENCES users (id) ON DELETE SET NULL;

-- Withdrawals the admin follows through: Pending -> Paid (with the bank's reference) or Cancelled
-- (the money is back in the balance), each with the account it goes to as it was when requested.
-- SQLite cannot change a CHECK, so the table is rebuilt (nothing references it).
CREATE TABLE withdrawals_new (
  id INTEGER PRIMARY KEY,
  admin_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  amount_kobo INTEGER NOT NULL CHECK (amount_kobo > 0),
  status TEXT NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Paid', 'Rejected', 'Cancelled')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  bank_name TEXT NOT NULL DEFAULT '',
  account_name TEXT NOT NULL DEFAULT '',
  account_number TEXT NOT NULL DEFAULT '',
  reference TEXT NOT NULL DEFAULT '',
  -- Made by the automatic-withdrawal rule (payment_settings.auto_withdraw), not by a person.
  automatic INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT
);
INSERT INTO withdrawals_new (id, admin_id, amount_kobo, status, created_at, bank_name, account_name, account_number)
  SELECT w.id, w.admin_id, w.amount_kobo, w.status, w.created_at,
         COALESCE(s.bank_name, ''), COALESCE(s.account_name, ''), COALESCE(s.account_number, '')
  FROM withdrawals w LEFT JOIN payment_settings s ON s.id = 1;
DROP TABLE withdrawals;
ALTER TABLE withdrawals_new RENAME TO withdrawals;
CREATE INDEX withdrawals_created ON withdrawals (created_at);
