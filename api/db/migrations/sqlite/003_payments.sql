-- The sandbox gateway's own ledger: what its hosted page was asked to charge and what the payer chose.
-- It stands in for the provider's records, so it is kept apart from our payments table on purpose.
CREATE TABLE sandbox_transactions (
  id INTEGER PRIMARY KEY,
  tx_ref TEXT NOT NULL UNIQUE,
  amount_kobo INTEGER NOT NULL CHECK (amount_kobo > 0),
  currency TEXT NOT NULL,
  customer_email TEXT NOT NULL DEFAULT '',
  customer_name TEXT NOT NULL DEFAULT '',
  redirect_url TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'successful', 'failed', 'cancelled')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  completed_at TEXT
);
