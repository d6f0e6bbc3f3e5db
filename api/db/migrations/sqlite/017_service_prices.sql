-- The kinds of work under the two services (general pest control, termite, upholstery, ...) and their
-- prices, which the customer sees on /services and /book. A kind a booking used is hidden, never deleted,
-- so the booking keeps naming it. Prices are integer kobo; `price_rule` says how `price_kobo` reads:
-- the whole price, the price of one `unit` (room, m², seat), or the lowest price before an inspection.
CREATE TABLE service_kinds (
  id INTEGER PRIMARY KEY,
  service TEXT NOT NULL CHECK (service IN ('fumigation', 'cleaning')),
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  price_rule TEXT NOT NULL CHECK (price_rule IN ('fixed', 'per_unit', 'from')),
  price_kobo INTEGER NOT NULL CHECK (price_kobo >= 0),
  unit TEXT NOT NULL DEFAULT '',
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  position INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE UNIQUE INDEX service_kinds_name ON service_kinds (service, lower(name));

-- What the customer chose, and the estimate worked out when they booked: a later price change leaves it.
-- `estimate_rule` is the kind's rule at that moment (a "from" estimate is a lowest price, not a total).
ALTER TABLE bookings ADD COLUMN service_kind_id INTEGER REFERENCES service_kinds (id);
ALTER TABLE bookings ADD COLUMN service_units INTEGER;
ALTER TABLE bookings ADD COLUMN estimate_kobo INTEGER;
ALTER TABLE bookings ADD COLUMN estimate_rule TEXT;
CREATE INDEX bookings_service_kind ON bookings (service_kind_id);
