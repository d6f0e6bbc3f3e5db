import { sql, type Kysely } from 'kysely'
import type { Engine } from '../../index.js'

/**
 * Every write to products also tells each server instance listening on catalogue_changed, with the new
 * catalogue_version as payload (api/lib/catalogue-cache.ts): an instance that hears nothing serves its
 * catalogue answer from memory without reading the counter. PostgreSQL delivers the notification when the
 * writing transaction commits, and not at all if it rolls back.
 *
 * Nothing to do on SQLite: one process serves it, and reading catalogue_version there is a local call on
 * each catalogue request.
 */
export async function up(db: Kysely<any>, engine: Engine) {
  if (engine === 'sqlite') return
  await sql`CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bumped BIGINT;
BEGIN
  UPDATE catalogue_version SET version = version + 1 RETURNING version INTO bumped;
  PERFORM pg_notify('catalogue_changed', bumped::text);
  RETURN NULL;
END;
$$`.execute(db)
}
