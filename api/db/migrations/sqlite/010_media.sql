-- Uploaded images (product pictures with their WebP copies, technicians' job photos) live in the
-- database, not on one machine's disk: with several instances behind a load balancer, any instance
-- must serve an image that another one received. name is the path under media/ the API serves,
-- e.g. 'media/0b6f…-320.webp'.
CREATE TABLE media (
  name TEXT PRIMARY KEY,
  content_type TEXT NOT NULL,
  bytes BLOB NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
