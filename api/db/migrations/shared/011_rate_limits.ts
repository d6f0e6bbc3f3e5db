import type { Kysely } from 'kysely'
import type { Engine } from '../../index.js'
import { words } from '../words.js'

/**
 * Counters of the login and password-reset throttles. They were kept in each process's memory, so with
 * two instances an attacker got twice the tries; in the database every instance counts the same tries.
 * One row per (bucket, key), e.g. ('login-ip', '102.89.1.1'): count tries until reset_at (ms since the
 * epoch), and no try is accepted before not_before (the growing per-address delay). Rows whose window
 * has passed mean nothing and are deleted as new failures come in.
 */
export async function up(db: Kysely<any>, engine: Engine) {
  const w = words(engine)
  await db.schema
    .createTable('rate_limits')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('count', w.bigint, (c) => c.notNull())
    .addColumn('reset_at', w.bigint, (c) => c.notNull())
    .addColumn('not_before', w.bigint, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('rate_limits_pkey', ['bucket', 'key'])
    .execute()
  await db.schema.createIndex('rate_limits_reset_at').on('rate_limits').column('reset_at').execute()
}
