-- Fumigation certificates for business customers (docs/rules/certificates.md).

-- What a product's label says, as the admin typed it: shown on a certificate's treatments.
ALTER TABLE products ADD COLUMN active_ingredient TEXT NOT NULL DEFAULT '';
ALTER TABLE products ADD COLUMN registration_no TEXT NOT NULL DEFAULT '';

-- Certificates take their numbers from the same gap-free counter as invoices and quotes.
-- SQLite cannot change a CHECK, so the table is rebuilt (nothing references it).
CREATE TABLE document_numbers_new (
  kind TEXT NOT NULL CHECK (kind IN ('invoice', 'quote', 'certificate')),
  year INTEGER NOT NULL,
  last_seq INTEGER NOT NULL DEFAULT 0 CHECK (last_seq >= 0),
  PRIMARY KEY (kind, year)
);
INSERT INTO document_numbers_new (kind, year, last_seq) SELECT kind, year, last_seq FROM document_numbers;
DROP TABLE document_numbers;
ALTER TABLE document_numbers_new RENAME TO document_numbers;

-- Never deleted: a revoked certificate keeps its number and its public code (which then reads "not valid").
-- Everything printed on it is copied here at issue, so later edits of the booking or a product never change
-- a certificate already in the customer's hands.
CREATE TABLE certificates (
  id INTEGER PRIMARY KEY,
  number TEXT NOT NULL UNIQUE,
  -- The public verification address's code: random, unguessable, lower-case base32.
  code TEXT NOT NULL UNIQUE,
  booking_id INTEGER NOT NULL REFERENCES bookings (id),
  customer_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  business_name TEXT NOT NULL,
  premises TEXT NOT NULL,
  -- Lagos days, YYYY-MM-DD.
  treated_on TEXT NOT NULL,
  issued_on TEXT NOT NULL,
  valid_until TEXT NOT NULL CHECK (valid_until >= treated_on),
  issued_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  issued_at TEXT NOT NULL,
  revoked_at TEXT,
  revoked_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  revoke_reason TEXT NOT NULL DEFAULT ''
);
-- One live (not revoked) certificate per booking: a second issue is refused, also from another instance.
CREATE UNIQUE INDEX certificates_live_booking ON certificates (booking_id) WHERE revoked_at IS NULL;
CREATE INDEX certificates_customer ON certificates (customer_id);

-- The treatments as they were at issue (product, label details, quantity).
CREATE TABLE certificate_treatments (
  certificate_id INTEGER NOT NULL REFERENCES certificates (id) ON DELETE CASCADE,
  position INTEGER NOT NULL CHECK (position >= 1),
  product_name TEXT NOT NULL,
  active_ingredient TEXT NOT NULL DEFAULT '',
  registration_no TEXT NOT NULL DEFAULT '',
  quantity REAL NOT NULL,
  unit TEXT NOT NULL,
  target_pest TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (certificate_id, position)
);
