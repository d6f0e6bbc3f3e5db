import { sql, type Kysely } from 'kysely'
import type { Engine } from '../../index.js'
import { createDocumentLines, indexDocuments } from '../documents.js'
import { words } from '../words.js'

/**
 * Quotes for a booking's work (docs/rules/quotes.md). Lines share invoice_lines' shape, so an accepted
 * quote becomes an invoice line for line. Expired is not stored: a Sent quote past valid_until reads as
 * Expired. Never deleted: a withdrawn or declined quote keeps its number.
 */
export async function up(db: Kysely<any>, engine: Engine) {
  const w = words(engine)
  const notNegative = (column: string) => sql`${sql.ref(column)} >= 0`
  await db.schema
    .createTable('quotes')
    .addColumn('id', w.bigint, w.id())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('booking_id', w.bigint, (c) => c.notNull().references('bookings.id'))
    .addColumn('customer_id', w.bigint, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('billed_name', 'text', (c) => c.notNull())
    .addColumn('billed_phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('billed_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('billed_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('Draft')
        .check(sql`status IN ('Draft', 'Sent', 'Accepted', 'Declined', 'Withdrawn')`),
    )
    .addColumn('subtotal_kobo', w.bigint, (c) => c.notNull().defaultTo(0).check(notNegative('subtotal_kobo')))
    .addColumn('discount_kobo', w.bigint, (c) => c.notNull().defaultTo(0).check(notNegative('discount_kobo')))
    .addColumn('vat_kobo', w.bigint, (c) => c.notNull().defaultTo(0).check(notNegative('vat_kobo')))
    .addColumn('total_kobo', w.bigint, (c) => c.notNull().defaultTo(0).check(notNegative('total_kobo')))
    .addColumn('vat_rate_bp', w.bigint, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`vat_rate_bp BETWEEN 0 AND 5000`),
    )
    // Share of the total asked up front when the customer accepts; 0 = no deposit.
    .addColumn('deposit_percent', w.bigint, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`deposit_percent BETWEEN 0 AND 100`),
    )
    // Lagos day, YYYY-MM-DD: the last day it can be accepted.
    .addColumn('valid_until', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('accepted_name', 'text')
    .addColumn('accepted_at', 'text')
    .addColumn('declined_at', 'text')
    .addColumn('decline_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('withdrawn_at', 'text')
    .addColumn('created_by', w.bigint, (c) => c.references('users.id').onDelete('set null'))
    // The technician's device picks it: an offline quote sent twice lands once.
    .addColumn('client_key', 'text', (c) => c.unique())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await indexDocuments(db.schema, 'quotes', ['customer', 'booking'])

  await createDocumentLines(db.schema, w, 'quote')
}
