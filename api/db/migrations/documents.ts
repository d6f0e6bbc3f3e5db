// What the documents migrations (019 invoices, 021 quotes) build alike.
import { sql, type SchemaModule } from 'kysely'
import type { words } from './words.js'

/**
 * The indexes of a documents table (invoices in 019, quotes in 021): `<table>_<name>` on each `<name>_id`
 * it is looked up by, and `<table>_status`. Deployed like createDocumentLines below: never edited.
 */
export async function indexDocuments(schema: SchemaModule, table: 'invoices' | 'quotes', lookups: string[]) {
  for (const column of [...lookups, 'status'])
    await schema
      .createIndex(`${table}_${column}`)
      .on(table)
      .column(column === 'status' ? column : `${column}_id`)
      .execute()
}

/**
 * The lines table of a kind of document: invoice_lines (019) and quote_lines (021) have this one shape, so
 * an accepted quote becomes an invoice line for line. Both migrations are deployed and build with it: a
 * change here would change both tables, so a new column is a new migration, never an edit of this.
 */
export function createDocumentLines(
  schema: SchemaModule,
  w: ReturnType<typeof words>,
  document: 'invoice' | 'quote',
) {
  const notNegative = (column: string) => sql`${sql.ref(column)} >= 0`
  const parent = `${document}_id`
  return (
    schema
      .createTable(`${document}_lines`)
      .addColumn(parent, w.bigint, (c) => c.notNull().references(`${document}s.id`).onDelete('cascade'))
      .addColumn('position', w.bigint, (c) => c.notNull().check(sql`position >= 1`))
      .addColumn('kind', 'text', (c) =>
        c.notNull().check(sql`kind IN ('service', 'treatment', 'material', 'labour', 'callout')`),
      )
      .addColumn('description', 'text', (c) => c.notNull())
      // Hundredths of a unit: 2.5 m² is 250.
      .addColumn('quantity_hundredths', w.bigint, (c) => c.notNull().check(sql`quantity_hundredths > 0`))
      .addColumn('unit_price_kobo', w.bigint, (c) => c.notNull().check(notNegative('unit_price_kobo')))
      .addColumn('total_kobo', w.bigint, (c) => c.notNull().check(notNegative('total_kobo')))
      .addColumn('product_id', w.bigint, (c) => c.references('products.id').onDelete('set null'))
      // Service kinds are priced in their own migration (017): no foreign key here.
      .addColumn('service_kind_id', w.bigint)
      .addPrimaryKeyConstraint(`${document}_lines_pkey`, [parent, 'position'])
      .execute()
  )
}
