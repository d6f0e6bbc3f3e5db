-- Stock held for a payment between "pay" and the gateway's answer, so a customer who cannot
-- get the goods is told before paying. products.stock stays the physical count: a hold only counts
-- against it while status is 'held' and expires_at is in the future, so an expired hold stops counting
-- even before the periodic sweep marks it.
CREATE TABLE payment_reservations (
  id INTEGER PRIMARY KEY,
  payment_id INTEGER NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  quantity INTEGER NOT NULL CHECK (quantity >= 1),
  status TEXT NOT NULL DEFAULT 'held' CHECK (status IN ('held', 'converted', 'released', 'expired')),
  expires_at TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  ended_at TEXT
);
CREATE INDEX payment_reservations_product ON payment_reservations (product_id, status, expires_at);
CREATE INDEX payment_reservations_payment ON payment_reservations (payment_id);

-- The origin the customer started from (checked against the allow-list at initiation): where the
-- server sends the browser back after the gateway, whatever APP_URL says.
ALTER TABLE payments ADD COLUMN return_origin TEXT;

-- Money taken by the gateway that did not become an order: given back through the gateway.
-- status: pending (due), processing (asked the gateway), refunded (gateway accepted), failed (gateway
-- refused; retried by the periodic check, then left to the admin).
CREATE TABLE refunds (
  id INTEGER PRIMARY KEY,
  payment_id INTEGER NOT NULL UNIQUE REFERENCES payments (id),
  amount_kobo INTEGER NOT NULL CHECK (amount_kobo > 0),
  transaction_id TEXT NOT NULL,
  reason TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'refunded', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  gateway_refund_id TEXT,
  error TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  refunded_at TEXT
);
CREATE INDEX refunds_status ON refunds (status);
CREATE INDEX refunds_created ON refunds (created_at);

-- The sandbox's own ledger records refunds as Flutterwave's would.
ALTER TABLE sandbox_transactions ADD COLUMN refunded_kobo INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sandbox_transactions ADD COLUMN refunded_at TEXT;
