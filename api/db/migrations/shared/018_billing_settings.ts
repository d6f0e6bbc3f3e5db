import { sql, type ColumnDefinitionBuilder, type Kysely, type RawBuilder } from 'kysely'
import type { Engine } from '../../index.js'
import { words } from '../words.js'

/**
 * One row of billing rules the admin sets: VAT on quotes and invoices (basis points; 0 = none, the
 * default for a business under the VAT threshold), the first-service offer (its percentage off the work
 * of a customer's first service invoice, on or off), how long a quote stands and when an invoice is due.
 */
export async function up(db: Kysely<any>, engine: Engine) {
  const { bigint } = words(engine)
  // Each rule is a whole number with a default, held to the range the admin's form allows.
  const rule = (initial: number, range: RawBuilder<unknown>) => (c: ColumnDefinitionBuilder) =>
    c.notNull().defaultTo(initial).check(range)
  await db.schema
    .createTable('billing_settings')
    .addColumn('id', bigint, (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('vat_rate_bp', bigint, rule(0, sql`vat_rate_bp BETWEEN 0 AND 5000`))
    .addColumn('first_service_offer', bigint, rule(1, sql`first_service_offer IN (0, 1)`))
    .addColumn('first_service_percent', bigint, rule(20, sql`first_service_percent BETWEEN 1 AND 100`))
    .addColumn('quote_valid_days', bigint, rule(14, sql`quote_valid_days BETWEEN 1 AND 365`))
    .addColumn('invoice_due_days', bigint, rule(7, sql`invoice_due_days BETWEEN 0 AND 365`))
    .execute()
  await db.insertInto('billing_settings').values({ id: 1 }).execute()
}
