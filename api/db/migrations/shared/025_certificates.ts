import { sql, type Kysely } from 'kysely'
import type { Engine } from '../../index.js'
import { words } from '../words.js'

/** Fumigation certificates for business customers (docs/rules/certificates.md). */
export async function up(db: Kysely<any>, engine: Engine) {
  const w = words(engine)

  // What a product's label says, as the admin typed it: shown on a certificate's treatments.
  for (const column of ['active_ingredient', 'registration_no'])
    await db.schema
      .alterTable('products')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute()

  // Certificates take their numbers from the same gap-free counter as invoices and quotes.
  const kinds = sql`kind IN ('invoice', 'quote', 'certificate')`
  if (engine === 'postgres') {
    await db.schema.alterTable('document_numbers').dropConstraint('document_numbers_kind_check').execute()
    await db.schema
      .alterTable('document_numbers')
      .addCheckConstraint('document_numbers_kind_check', kinds)
      .execute()
  } else {
    // SQLite cannot change a CHECK, so the table is rebuilt (nothing references it).
    await db.schema
      .createTable('document_numbers_new')
      .addColumn('kind', 'text', (c) => c.notNull().check(kinds))
      .addColumn('year', w.bigint, (c) => c.notNull())
      .addColumn('last_seq', w.bigint, (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`last_seq >= 0`),
      )
      .addPrimaryKeyConstraint('document_numbers_pkey', ['kind', 'year'])
      .execute()
    await db
      .insertInto('document_numbers_new')
      .columns(['kind', 'year', 'last_seq'])
      .expression(db.selectFrom('document_numbers').select(['kind', 'year', 'last_seq']))
      .execute()
    await db.schema.dropTable('document_numbers').execute()
    await db.schema.alterTable('document_numbers_new').renameTo('document_numbers').execute()
  }

  // Never deleted: a revoked certificate keeps its number and its public code (which then reads "not valid").
  // Everything printed on it is copied here at issue, so later edits of the booking or a product never change
  // a certificate already in the customer's hands.
  await db.schema
    .createTable('certificates')
    .addColumn('id', w.bigint, w.id())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    // The public verification address's code: random, unguessable, lower-case base32.
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('booking_id', w.bigint, (c) => c.notNull().references('bookings.id'))
    .addColumn('customer_id', w.bigint, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('business_name', 'text', (c) => c.notNull())
    .addColumn('premises', 'text', (c) => c.notNull())
    // Lagos days, YYYY-MM-DD.
    .addColumn('treated_on', 'text', (c) => c.notNull())
    .addColumn('issued_on', 'text', (c) => c.notNull())
    .addColumn('valid_until', 'text', (c) => c.notNull().check(sql`valid_until >= treated_on`))
    .addColumn('issued_by', w.bigint, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by', w.bigint, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('revoke_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  // One live (not revoked) certificate per booking: a second issue is refused, also from another instance.
  await db.schema
    .createIndex('certificates_live_booking')
    .unique()
    .on('certificates')
    .column('booking_id')
    .where(sql<boolean>`revoked_at IS NULL`)
    .execute()
  await db.schema.createIndex('certificates_customer').on('certificates').column('customer_id').execute()

  // The treatments as they were at issue (product, label details, quantity).
  await db.schema
    .createTable('certificate_treatments')
    .addColumn('certificate_id', w.bigint, (c) =>
      c.notNull().references('certificates.id').onDelete('cascade'),
    )
    .addColumn('position', w.bigint, (c) => c.notNull().check(sql`position >= 1`))
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('active_ingredient', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('registration_no', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('quantity', w.double, (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('target_pest', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('certificate_treatments_pkey', ['certificate_id', 'position'])
    .execute()
}
