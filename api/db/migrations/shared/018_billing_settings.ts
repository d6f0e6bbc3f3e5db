import { sql, type Kysely } from 'kysely'
import type { Engine } from '../../index.js'
import { words } from '../words.js'

/**
 * One row of billing rules the admin sets: VAT on quotes and invoices (basis points; 0 = none, the
 * default for a business under the VAT threshold), the first-service offer (its percentage off the work
 * of a customer's first service invoice, on or off), how long a quote stands and when an invoice is due.
 */
export async function up(db: Kysely<any>, engine: Engine) {
  const { bigint } = words(engine)
  await db.schema
    .createTable('billing_settings')
    .addColumn('id', bigint, (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('vat_rate_bp', bigint, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`vat_rate_bp BETWEEN 0 AND 5000`),
    )
    .addColumn('first_service_offer', bigint, (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`first_service_offer IN (0, 1)`),
    )
    .addColumn('first_service_percent', bigint, (c) =>
      c
        .notNull()
        .defaultTo(20)
        .check(sql`first_service_percent BETWEEN 1 AND 100`),
    )
    .addColumn('quote_valid_days', bigint, (c) =>
      c
        .notNull()
        .defaultTo(14)
        .check(sql`quote_valid_days BETWEEN 1 AND 365`),
    )
    .addColumn('invoice_due_days', bigint, (c) =>
      c
        .notNull()
        .defaultTo(7)
        .check(sql`invoice_due_days BETWEEN 0 AND 365`),
    )
    .execute()
  await db.insertInto('billing_settings').values({ id: 1 }).execute()
}
