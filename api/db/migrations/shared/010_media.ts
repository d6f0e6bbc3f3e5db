import type { Kysely } from 'kysely'
import type { Engine } from '../../index.js'
import { words } from '../words.js'

/**
 * Uploaded images (product pictures with their WebP copies, technicians' job photos) live in the
 * database, not on one machine's disk: with several instances behind a load balancer, any instance must
 * serve an image that another one received. name is the path under media/ the API serves,
 * e.g. 'media/0b6f…-320.webp'.
 */
export async function up(db: Kysely<any>, engine: Engine) {
  const w = words(engine)
  await db.schema
    .createTable('media')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', w.bytes, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(w.nowIso))
    .execute()
}
