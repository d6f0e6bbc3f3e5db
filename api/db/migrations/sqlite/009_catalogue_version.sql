-- The catalogue answer (GET add/products/) is served from memory with an ETag; this counter tells the
-- server when to rebuild it. Triggers bump it on every write to products, whoever makes it (admin
-- edits, stock taken at settlement, a future writer), so no code path can forget to invalidate.
CREATE TABLE catalogue_version (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
);
INSERT INTO catalogue_version (id, version) VALUES (1, 1);

CREATE TRIGGER products_insert_version AFTER INSERT ON products
BEGIN
  UPDATE catalogue_version SET version = version + 1;
END;
CREATE TRIGGER products_update_version AFTER UPDATE ON products
BEGIN
  UPDATE catalogue_version SET version = version + 1;
END;
CREATE TRIGGER products_delete_version AFTER DELETE ON products
BEGIN
  UPDATE catalogue_version SET version = version + 1;
END;
