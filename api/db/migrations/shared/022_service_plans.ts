import { sql, type Kysely } from 'kysely'
import type { Engine } from '../../index.js'
import { words } from '../words.js'

/**
 * Service plans (docs/rules/plans.md): a customer's repeat visits (every N weeks or months) at one place.
 * Each visit is an ordinary booking with plan_id set; completing one books the next, once: the next visit
 * names the visit it follows (plan_after_booking_id, unique), so a replayed completion or two instances
 * completing at once write one booking.
 */
export async function up(db: Kysely<any>, engine: Engine) {
  const w = words(engine)
  await db.schema
    .createTable('service_plans')
    .addColumn('id', w.bigint, w.id())
    .addColumn('customer_id', w.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('service_kind_id', w.bigint, (c) => c.references('service_kinds.id'))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('interval_unit', 'text', (c) => c.notNull().check(sql`interval_unit IN ('weeks', 'months')`))
    .addColumn('interval_count', 'integer', (c) => c.notNull().check(sql`interval_count BETWEEN 1 AND 52`))
    // 0 = Sunday ... 6 = Saturday; NULL: the day the interval lands on (moved to a working day).
    .addColumn('preferred_weekday', 'integer', (c) => c.check(sql`preferred_weekday BETWEEN 0 AND 6`))
    // HH:MM, Lagos time; moved into the working hours when outside them.
    .addColumn('preferred_time', 'text', (c) => c.notNull())
    .addColumn('price_kobo', w.bigint, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`price_kobo >= 0`),
    )
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('Active')
        .check(sql`status IN ('Active', 'Paused', 'Cancelled')`),
    )
    // The completed job whose report offered the plan: one plan per such offer.
    .addColumn('source_booking_id', w.bigint, (c) =>
      c.unique().references('bookings.id').onDelete('set null'),
    )
    .addColumn('created_by', w.bigint, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(w.nowIso))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(w.nowIso))
    .execute()
  await db.schema.createIndex('service_plans_customer').on('service_plans').column('customer_id').execute()

  await db.schema
    .alterTable('bookings')
    .addColumn('plan_id', w.bigint, (c) => c.references('service_plans.id').onDelete('set null'))
    .execute()
  await db.schema
    .alterTable('bookings')
    .addColumn('plan_after_booking_id', w.bigint, (c) => c.references('bookings.id').onDelete('set null'))
    .execute()
  await db.schema.createIndex('bookings_plan').on('bookings').column('plan_id').execute()
  await db.schema
    .createIndex('bookings_plan_after')
    .unique()
    .on('bookings')
    .column('plan_after_booking_id')
    .execute()
}
