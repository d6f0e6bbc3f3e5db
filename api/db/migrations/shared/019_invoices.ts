import { sql, type Kysely } from 'kysely'
import type { Engine } from '../../index.js'
import { createDocumentLines, indexDocuments } from '../documents.js'
import { words } from '../words.js'

/** Invoices for service work (docs/rules/invoices.md). The lines' shape is the one quote_lines will copy. */
export async function up(db: Kysely<any>, engine: Engine) {
  const w = words(engine)
  const notNegative = (column: string) => sql`${sql.ref(column)} >= 0`

  // One counter per kind of document and year of issue: the next number is last_seq + 1, taken in the
  // transaction that inserts the document, so a failed insert gives its number back (no gaps).
  await db.schema
    .createTable('document_numbers')
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('invoice', 'quote')`))
    .addColumn('year', w.bigint, (c) => c.notNull())
    .addColumn('last_seq', w.bigint, (c) => c.notNull().defaultTo(0).check(notNegative('last_seq')))
    .addPrimaryKeyConstraint('document_numbers_pkey', ['kind', 'year'])
    .execute()

  // Never deleted: a void invoice keeps its number. The billed name/phone/email are copied onto the invoice,
  // so a caller without an account (customer_id NULL) can be billed and the paper never changes afterwards.
  await db.schema
    .createTable('invoices')
    .addColumn('id', w.bigint, w.id())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('customer_id', w.bigint, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('billed_name', 'text', (c) => c.notNull())
    .addColumn('billed_phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('billed_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('billed_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('booking_id', w.bigint, (c) => c.references('bookings.id').onDelete('set null'))
    // Quotes arrive in a later migration: no foreign key yet.
    .addColumn('quote_id', w.bigint)
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('Draft')
        .check(sql`status IN ('Draft', 'Sent', 'Part-paid', 'Paid', 'Void')`),
    )
    .addColumn('subtotal_kobo', w.bigint, (c) => c.notNull().defaultTo(0).check(notNegative('subtotal_kobo')))
    .addColumn('first_service_kobo', w.bigint, (c) =>
      c.notNull().defaultTo(0).check(notNegative('first_service_kobo')),
    )
    .addColumn('discount_kobo', w.bigint, (c) => c.notNull().defaultTo(0).check(notNegative('discount_kobo')))
    .addColumn('vat_kobo', w.bigint, (c) => c.notNull().defaultTo(0).check(notNegative('vat_kobo')))
    .addColumn('total_kobo', w.bigint, (c) => c.notNull().defaultTo(0).check(notNegative('total_kobo')))
    // As applied when the invoice was written; NULL = no offer on this invoice.
    .addColumn('first_service_percent', w.bigint, (c) =>
      c.check(sql`first_service_percent IS NULL OR first_service_percent BETWEEN 1 AND 100`),
    )
    .addColumn('vat_rate_bp', w.bigint, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`vat_rate_bp BETWEEN 0 AND 5000`),
    )
    .addColumn('paid_kobo', w.bigint, (c) => c.notNull().defaultTo(0).check(notNegative('paid_kobo')))
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('voided_at', 'text')
    .addColumn('void_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', w.bigint, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await indexDocuments(db.schema, 'invoices', ['customer', 'booking', 'quote'])

  await createDocumentLines(db.schema, w, 'invoice')

  // The ledger of money received for service work. client_key makes a replayed record land once.
  await db.schema
    .createTable('invoice_payments')
    .addColumn('id', w.bigint, w.id())
    .addColumn('invoice_id', w.bigint, (c) => c.notNull().references('invoices.id'))
    .addColumn('amount_kobo', w.bigint, (c) => c.notNull().check(sql`amount_kobo > 0`))
    .addColumn('method', 'text', (c) =>
      c.notNull().check(sql`method IN ('card', 'bank_transfer', 'ussd', 'cash', 'transfer', 'pos')`),
    )
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source IN ('gateway', 'on_site', 'manual')`))
    .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('recorded_by', w.bigint, (c) => c.references('users.id').onDelete('set null'))
    // The job (its booking id) whose technician took the money on site.
    .addColumn('job_id', w.bigint, (c) => c.references('jobs.booking_id').onDelete('set null'))
    .addColumn('payment_id', w.bigint, (c) => c.references('payments.id'))
    .addColumn('client_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('invoice_payments_invoice')
    .on('invoice_payments')
    .column('invoice_id')
    .execute()
  await db.schema
    .createIndex('invoice_payments_received')
    .on('invoice_payments')
    .column('received_at')
    .execute()

  // The first-service offer, once per customer: claimed in the transaction that creates the invoice
  // carrying it (a conflict means no offer on that one), released when that invoice is voided unpaid.
  await db.schema
    .createTable('first_service_claims')
    .addColumn('customer_id', w.bigint, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('invoice_id', w.bigint, (c) => c.notNull().unique().references('invoices.id'))
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .execute()
}
