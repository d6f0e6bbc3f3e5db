import { sql, type Kysely } from 'kysely'
import type { Engine } from '../../index.js'
import { words } from '../words.js'

/**
 * The kinds of work under the two services (general pest control, termite, upholstery, ...) and their
 * prices, which the customer sees on /services and /book. A kind a booking used is hidden, never deleted,
 * so the booking keeps naming it. Prices are integer kobo; `price_rule` says how `price_kobo` reads:
 * the whole price, the price of one `unit` (room, m², seat), or the lowest price before an inspection.
 */
export async function up(db: Kysely<any>, engine: Engine) {
  const w = words(engine)
  await db.schema
    .createTable('service_kinds')
    .addColumn('id', w.bigint, w.id())
    .addColumn('service', 'text', (c) => c.notNull().check(sql`service IN ('fumigation', 'cleaning')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_rule', 'text', (c) =>
      c.notNull().check(sql`price_rule IN ('fixed', 'per_unit', 'from')`),
    )
    .addColumn('price_kobo', w.bigint, (c) => c.notNull().check(sql`price_kobo >= 0`))
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('active', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`active IN (0, 1)`),
    )
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(w.nowIso))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(w.nowIso))
    .execute()
  await db.schema
    .createIndex('service_kinds_name')
    .unique()
    .on('service_kinds')
    .column('service')
    .expression(sql`lower(name)`)
    .execute()

  // What the customer chose, and the estimate worked out when they booked: a later price change leaves it.
  // `estimate_rule` is the kind's rule at that moment (a "from" estimate is a lowest price, not a total).
  await db.schema
    .alterTable('bookings')
    .addColumn('service_kind_id', w.bigint, (c) => c.references('service_kinds.id'))
    .execute()
  await db.schema.alterTable('bookings').addColumn('service_units', 'integer').execute()
  await db.schema.alterTable('bookings').addColumn('estimate_kobo', w.bigint).execute()
  await db.schema.alterTable('bookings').addColumn('estimate_rule', 'text').execute()
  await db.schema.createIndex('bookings_service_kind').on('bookings').column('service_kind_id').execute()
}
