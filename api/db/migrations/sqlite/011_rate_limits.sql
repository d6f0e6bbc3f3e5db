-- Counters of the login and password-reset throttles. They were kept in each process's memory, so with
-- two instances an attacker got twice the tries; in the database every instance counts the same tries.
-- One row per (bucket, key), e.g. ('login-ip', '102.89.1.1'): count tries until reset_at (ms since the
-- epoch), and no try is accepted before not_before (the growing per-address delay). Rows whose window
-- has passed mean nothing and are deleted as new failures come in.
CREATE TABLE rate_limits (
  bucket TEXT NOT NULL,
  key TEXT NOT NULL,
  count INTEGER NOT NULL,
  reset_at INTEGER NOT NULL,
  not_before INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (bucket, key)
);
CREATE INDEX rate_limits_reset_at ON rate_limits (reset_at);
