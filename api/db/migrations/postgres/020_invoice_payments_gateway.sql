-- A payment pays for one of two things: a cart's orders (invoice_id NULL, as every payment before) or
-- money on an invoice (pay by link). Settlement reads it to know which to do.
ALTER TABLE payments ADD COLUMN invoice_id BIGINT REFERENCES invoices (id);
-- Where the browser goes after paying an invoice: the page it was paid from (the signed link's page, or
-- the customer's own invoice page). NULL for cart payments, which go to the confirmation page.
ALTER TABLE payments ADD COLUMN return_path TEXT;
CREATE INDEX payments_invoice ON payments (invoice_id);
