import type { Kysely } from 'kysely'
import type { Engine } from '../../index.js'
import { words } from '../words.js'

/**
 * A treatment can be corrected after it was recorded (a completed job's report was wrong or missing a
 * product): the row holds the corrected values and who corrected it last; every correction keeps the
 * values it replaced, so the report can say what changed and the office can see who changed it.
 */
export async function up(db: Kysely<any>, engine: Engine) {
  const w = words(engine)
  await db.schema
    .alterTable('job_treatments')
    .addColumn('corrected_by', w.bigint, (c) => c.references('users.id').onDelete('set null'))
    .execute()
  await db.schema.alterTable('job_treatments').addColumn('corrected_at', 'text').execute()

  await db.schema
    .createTable('job_treatment_corrections')
    .addColumn('id', w.bigint, w.id({ autoincrement: true }))
    .addColumn('treatment_id', 'text', (c) => c.notNull().references('job_treatments.id').onDelete('cascade'))
    .addColumn('booking_id', w.bigint, (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('corrected_by', w.bigint, (c) => c.references('users.id').onDelete('set null'))
    // The device's time of the correction (like every job update); received_at is the server's.
    .addColumn('corrected_at', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    // JSON of the treatment before this correction; NULL when the correction added a missing treatment.
    .addColumn('previous', 'text')
    .execute()
  await db.schema
    .createIndex('job_treatment_corrections_treatment')
    .on('job_treatment_corrections')
    .column('treatment_id')
    .execute()
}
