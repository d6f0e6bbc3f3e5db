-- Service plans (docs/rules/plans.md): a customer's repeat visits (every N weeks or months) at one place.
-- Each visit is an ordinary booking with plan_id set; completing one books the next, once: the next visit
-- names the visit it follows (plan_after_booking_id, unique), so a replayed completion or two instances
-- completing at once write one booking.
CREATE TABLE service_plans (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  service TEXT NOT NULL,
  service_kind_id INTEGER REFERENCES service_kinds (id),
  full_name TEXT NOT NULL,
  phone_number TEXT NOT NULL,
  location TEXT NOT NULL,
  interval_unit TEXT NOT NULL CHECK (interval_unit IN ('weeks', 'months')),
  interval_count INTEGER NOT NULL CHECK (interval_count BETWEEN 1 AND 52),
  -- 0 = Sunday ... 6 = Saturday; NULL: the day the interval lands on (moved to a working day).
  preferred_weekday INTEGER CHECK (preferred_weekday BETWEEN 0 AND 6),
  -- HH:MM, Lagos time; moved into the working hours when outside them.
  preferred_time TEXT NOT NULL,
  price_kobo INTEGER NOT NULL DEFAULT 0 CHECK (price_kobo >= 0),
  status TEXT NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Paused', 'Cancelled')),
  -- The completed job whose report offered the plan: one plan per such offer.
  source_booking_id INTEGER UNIQUE REFERENCES bookings (id) ON DELETE SET NULL,
  created_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX service_plans_customer ON service_plans (customer_id);

ALTER TABLE bookings ADD COLUMN plan_id INTEGER REFERENCES service_plans (id) ON DELETE SET NULL;
ALTER TABLE bookings ADD COLUMN plan_after_booking_id INTEGER REFERENCES bookings (id) ON DELETE SET NULL;
CREATE INDEX bookings_plan ON bookings (plan_id);
CREATE UNIQUE INDEX bookings_plan_after ON bookings (plan_after_booking_id);
