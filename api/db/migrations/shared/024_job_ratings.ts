import { sql, type Kysely } from 'kysely'
import type { Engine } from '../../index.js'
import { words } from '../words.js'

/**
 * The customer's rating of a completed visit (docs/rules/technicians.md, "Ratings"): one per booking, from
 * the link in the completion message; changed by rating again through the same link. `publish` is the
 * customer's consent to show it as a testimonial; `published_at` is the office's choice to show it.
 */
export async function up(db: Kysely<any>, engine: Engine) {
  const { bigint } = words(engine)
  await db.schema
    .createTable('job_ratings')
    .addColumn('booking_id', bigint, (c) => c.primaryKey().references('bookings.id').onDelete('cascade'))
    .addColumn('staff_id', bigint, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('stars', 'integer', (c) => c.notNull().check(sql`stars BETWEEN 1 AND 5`))
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('publish', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`publish IN (0, 1)`),
    )
    .addColumn('published_at', 'text')
    .addColumn('rated_at', 'text', (c) => c.notNull())
    // The name PostgreSQL gave this check when it was written without one.
    .addCheckConstraint('job_ratings_check', sql`published_at IS NULL OR publish = 1`)
    .execute()
  await db.schema.createIndex('job_ratings_staff').on('job_ratings').column('staff_id').execute()
}
