import { sql, type ColumnDefinitionBuilder } from 'kysely'
import type { Engine } from '../index.js'

/**
 * The few words the shared migrations (shared/NNN_name.ts) need where SQLite and PostgreSQL differ.
 * Everything else in a migration is Kysely's schema builder, the same on both.
 */
export function words(engine: Engine) {
  const sqlite = engine === 'sqlite'
  return {
    /**
     * A whole number that may pass 2^31 (ids, kobo, milliseconds): SQLite's INTEGER holds 64 bits,
     * PostgreSQL's needs BIGINT. Plain 'integer' stays for small numbers (0/1 flags, positions, stars).
     */
    bigint: sqlite ? ('integer' as const) : ('bigint' as const),
    /** A floating-point number: SQLite's REAL, PostgreSQL's DOUBLE PRECISION (both 8 bytes). */
    double: sqlite ? ('real' as const) : ('double precision' as const),
    /** Bytes: SQLite's BLOB, PostgreSQL's BYTEA. */
    bytes: sqlite ? ('blob' as const) : ('bytea' as const),
    /**
     * The table's row id, with `bigint` as its type: SQLite's INTEGER PRIMARY KEY (the rowid; with
     * `autoincrement` an id is never used again, even after its row is deleted), PostgreSQL's identity.
     */
    id:
      ({ autoincrement = false } = {}) =>
      (col: ColumnDefinitionBuilder) =>
        sqlite
          ? autoincrement
            ? col.primaryKey().autoIncrement()
            : col.primaryKey()
          : col.generatedByDefaultAsIdentity().primaryKey(),
    /** The default of a created_at/updated_at column: now, as ISO 8601 UTC text with milliseconds. */
    nowIso: sqlite
      ? sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`
      : sql`(to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`,
  }
}
