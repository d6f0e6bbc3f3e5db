-- A payment is the business's record of money received: it must outlive the customer's account.
-- 001 deleted a user's payments with the user (and failed when orders pointed at them), so
-- payments.user_id becomes nullable with ON DELETE SET NULL. SQLite cannot alter a foreign key,
-- so the table is rebuilt; the orders' links are parked first so dropping the old table breaks none.
CREATE TEMP TABLE order_payment_links AS
  SELECT id, payment_id FROM orders WHERE payment_id IS NOT NULL;
UPDATE orders SET payment_id = NULL WHERE payment_id IS NOT NULL;

CREATE TABLE payments_new (
  id INTEGER PRIMARY KEY,
  tx_ref TEXT NOT NULL UNIQUE,
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  amount_kobo INTEGER NOT NULL CHECK (amount_kobo > 0),
  currency TEXT NOT NULL DEFAULT 'NGN',
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'successful', 'failed', 'cancelled')),
  gateway TEXT NOT NULL,
  transaction_id TEXT,
  -- The cart lines (product id, name, quantity, unit price) priced at initiation.
  lines TEXT NOT NULL,
  message TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  settled_at TEXT
);
INSERT INTO payments_new
  SELECT id, tx_ref, user_id, amount_kobo, currency, status, gateway, transaction_id, lines, message,
         created_at, settled_at
  FROM payments;
DROP TABLE payments;
ALTER TABLE payments_new RENAME TO payments;
CREATE INDEX payments_user ON payments (user_id);
CREATE INDEX payments_status ON payments (status);

UPDATE orders SET payment_id = (SELECT l.payment_id FROM order_payment_links l WHERE l.id = orders.id)
  WHERE id IN (SELECT id FROM order_payment_links);
DROP TABLE order_payment_links;

-- The withdrawals list is read newest first.
CREATE INDEX withdrawals_created ON withdrawals (created_at);
