-- Invoices for service work (docs/rules/invoices.md). The lines' shape is the one quote_lines will copy.

-- One counter per kind of document and year of issue: the next number is last_seq + 1, taken in the
-- transaction that inserts the document, so a failed insert gives its number back (no gaps).
CREATE TABLE document_numbers (
  kind TEXT NOT NULL CHECK (kind IN ('invoice', 'quote')),
  year INTEGER NOT NULL,
  last_seq INTEGER NOT NULL DEFAULT 0 CHECK (last_seq >= 0),
  PRIMARY KEY (kind, year)
);

-- Never deleted: a void invoice keeps its number. The billed name/phone/email are copied onto the invoice,
-- so a caller without an account (customer_id NULL) can be billed and the paper never changes afterwards.
CREATE TABLE invoices (
  id INTEGER PRIMARY KEY,
  number TEXT NOT NULL UNIQUE,
  customer_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  billed_name TEXT NOT NULL,
  billed_phone TEXT NOT NULL DEFAULT '',
  billed_email TEXT NOT NULL DEFAULT '',
  billed_address TEXT NOT NULL DEFAULT '',
  booking_id INTEGER REFERENCES bookings (id) ON DELETE SET NULL,
  -- Quotes arrive in a later migration: no foreign key yet.
  quote_id INTEGER,
  status TEXT NOT NULL DEFAULT 'Draft' CHECK (status IN ('Draft', 'Sent', 'Part-paid', 'Paid', 'Void')),
  subtotal_kobo INTEGER NOT NULL DEFAULT 0 CHECK (subtotal_kobo >= 0),
  first_service_kobo INTEGER NOT NULL DEFAULT 0 CHECK (first_service_kobo >= 0),
  discount_kobo INTEGER NOT NULL DEFAULT 0 CHECK (discount_kobo >= 0),
  vat_kobo INTEGER NOT NULL DEFAULT 0 CHECK (vat_kobo >= 0),
  total_kobo INTEGER NOT NULL DEFAULT 0 CHECK (total_kobo >= 0),
  -- As applied when the invoice was written; NULL = no offer on this invoice.
  first_service_percent INTEGER CHECK (first_service_percent IS NULL OR first_service_percent BETWEEN 1 AND 100),
  vat_rate_bp INTEGER NOT NULL DEFAULT 0 CHECK (vat_rate_bp BETWEEN 0 AND 5000),
  paid_kobo INTEGER NOT NULL DEFAULT 0 CHECK (paid_kobo >= 0),
  due_date TEXT NOT NULL,
  note TEXT NOT NULL DEFAULT '',
  issued_at TEXT NOT NULL,
  sent_at TEXT,
  voided_at TEXT,
  void_reason TEXT NOT NULL DEFAULT '',
  created_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX invoices_customer ON invoices (customer_id);
CREATE INDEX invoices_booking ON invoices (booking_id);
CREATE INDEX invoices_quote ON invoices (quote_id);
CREATE INDEX invoices_status ON invoices (status);

CREATE TABLE invoice_lines (
  invoice_id INTEGER NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  position INTEGER NOT NULL CHECK (position >= 1),
  kind TEXT NOT NULL CHECK (kind IN ('service', 'treatment', 'material', 'labour', 'callout')),
  description TEXT NOT NULL,
  -- Hundredths of a unit: 2.5 m² is 250.
  quantity_hundredths INTEGER NOT NULL CHECK (quantity_hundredths > 0),
  unit_price_kobo INTEGER NOT NULL CHECK (unit_price_kobo >= 0),
  total_kobo INTEGER NOT NULL CHECK (total_kobo >= 0),
  product_id INTEGER REFERENCES products (id) ON DELETE SET NULL,
  -- Service kinds are priced in their own migration: no foreign key here.
  service_kind_id INTEGER,
  PRIMARY KEY (invoice_id, position)
);

-- The ledger of money received for service work. client_key makes a replayed record land once.
CREATE TABLE invoice_payments (
  id INTEGER PRIMARY KEY,
  invoice_id INTEGER NOT NULL REFERENCES invoices (id),
  amount_kobo INTEGER NOT NULL CHECK (amount_kobo > 0),
  method TEXT NOT NULL CHECK (method IN ('card', 'bank_transfer', 'ussd', 'cash', 'transfer', 'pos')),
  source TEXT NOT NULL CHECK (source IN ('gateway', 'on_site', 'manual')),
  reference TEXT NOT NULL DEFAULT '',
  received_at TEXT NOT NULL,
  recorded_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  -- The job (its booking id) whose technician took the money on site.
  job_id INTEGER REFERENCES jobs (booking_id) ON DELETE SET NULL,
  payment_id INTEGER REFERENCES payments (id),
  client_key TEXT UNIQUE,
  created_at TEXT NOT NULL
);
CREATE INDEX invoice_payments_invoice ON invoice_payments (invoice_id);
CREATE INDEX invoice_payments_received ON invoice_payments (received_at);

-- The first-service offer, once per customer: claimed in the transaction that creates the invoice
-- carrying it (a conflict means no offer on that one), released when that invoice is voided unpaid.
CREATE TABLE first_service_claims (
  customer_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  invoice_id INTEGER NOT NULL UNIQUE REFERENCES invoices (id),
  claimed_at TEXT NOT NULL
);
