-- One row of billing rules the admin sets: VAT on quotes and invoices (basis points; 0 = none, the
-- default for a business under the VAT threshold), the first-service offer (its percentage off the work
-- of a customer's first service invoice, on or off), how long a quote stands and when an invoice is due.
CREATE TABLE billing_settings (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  vat_rate_bp INTEGER NOT NULL DEFAULT 0 CHECK (vat_rate_bp BETWEEN 0 AND 5000),
  first_service_offer INTEGER NOT NULL DEFAULT 1 CHECK (first_service_offer IN (0, 1)),
  first_service_percent INTEGER NOT NULL DEFAULT 20 CHECK (first_service_percent BETWEEN 1 AND 100),
  quote_valid_days INTEGER NOT NULL DEFAULT 14 CHECK (quote_valid_days BETWEEN 1 AND 365),
  invoice_due_days INTEGER NOT NULL DEFAULT 7 CHECK (invoice_due_days BETWEEN 0 AND 365)
);
INSERT INTO billing_settings (id) VALUES (1);
