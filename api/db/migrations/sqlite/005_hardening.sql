-- Idempotency claims become leases: a claim whose request died (crash, kill) before it stored an
-- answer expires and can be claimed again. Rows claimed before this column existed have NULL and are
-- treated as expired, which frees the keys that older builds left stuck.
ALTER TABLE idempotency_keys ADD COLUMN lease_until INTEGER;

-- Server secrets generated on first start (e.g. the CSRF HMAC key), so restarts and several
-- processes over the same database agree without an extra environment variable.
CREATE TABLE server_secrets (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

-- Widths of the WebP copies made beside an uploaded product image (e.g. '320,640,1280'); '' for
-- none (SVG seed images, products without an image). See api/lib/images.ts.
ALTER TABLE products ADD COLUMN image_widths TEXT NOT NULL DEFAULT '';
