-- Quotes for a booking's work (docs/rules/quotes.md). Lines share invoice_lines' shape, so an accepted
-- quote becomes an invoice line for line. Expired is not stored: a Sent quote past valid_until reads as
-- Expired. Never deleted: a withdrawn or declined quote keeps its number.
CREATE TABLE quotes (
  id INTEGER PRIMARY KEY,
  number TEXT NOT NULL UNIQUE,
  booking_id INTEGER NOT NULL REFERENCES bookings (id),
  customer_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  billed_name TEXT NOT NULL,
  billed_phone TEXT NOT NULL DEFAULT '',
  billed_email TEXT NOT NULL DEFAULT '',
  billed_address TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'Draft' CHECK (status IN ('Draft', 'Sent', 'Accepted', 'Declined', 'Withdrawn')),
  subtotal_kobo INTEGER NOT NULL DEFAULT 0 CHECK (subtotal_kobo >= 0),
  discount_kobo INTEGER NOT NULL DEFAULT 0 CHECK (discount_kobo >= 0),
  vat_kobo INTEGER NOT NULL DEFAULT 0 CHECK (vat_kobo >= 0),
  total_kobo INTEGER NOT NULL DEFAULT 0 CHECK (total_kobo >= 0),
  vat_rate_bp INTEGER NOT NULL DEFAULT 0 CHECK (vat_rate_bp BETWEEN 0 AND 5000),
  -- Share of the total asked up front when the customer accepts; 0 = no deposit.
  deposit_percent INTEGER NOT NULL DEFAULT 0 CHECK (deposit_percent BETWEEN 0 AND 100),
  -- Lagos day, YYYY-MM-DD: the last day it can be accepted.
  valid_until TEXT NOT NULL,
  note TEXT NOT NULL DEFAULT '',
  issued_at TEXT NOT NULL,
  sent_at TEXT,
  accepted_name TEXT,
  accepted_at TEXT,
  declined_at TEXT,
  decline_reason TEXT NOT NULL DEFAULT '',
  withdrawn_at TEXT,
  created_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  -- The technician's device picks it: an offline quote sent twice lands once.
  client_key TEXT UNIQUE,
  updated_at TEXT NOT NULL
);
CREATE INDEX quotes_customer ON quotes (customer_id);
CREATE INDEX quotes_booking ON quotes (booking_id);
CREATE INDEX quotes_status ON quotes (status);

CREATE TABLE quote_lines (
  quote_id INTEGER NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
  position INTEGER NOT NULL CHECK (position >= 1),
  kind TEXT NOT NULL CHECK (kind IN ('service', 'treatment', 'material', 'labour', 'callout')),
  description TEXT NOT NULL,
  quantity_hundredths INTEGER NOT NULL CHECK (quantity_hundredths > 0),
  unit_price_kobo INTEGER NOT NULL CHECK (unit_price_kobo >= 0),
  total_kobo INTEGER NOT NULL CHECK (total_kobo >= 0),
  product_id INTEGER REFERENCES products (id) ON DELETE SET NULL,
  service_kind_id INTEGER,
  PRIMARY KEY (quote_id, position)
);
