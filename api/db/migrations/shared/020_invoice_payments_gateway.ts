import type { Kysely } from 'kysely'
import type { Engine } from '../../index.js'
import { words } from '../words.js'

export async function up(db: Kysely<any>, engine: Engine) {
  const { bigint } = words(engine)
  // A payment pays for one of two things: a cart's orders (invoice_id NULL, as every payment before) or
  // money on an invoice (pay by link). Settlement reads it to know which to do.
  await db.schema
    .alterTable('payments')
    .addColumn('invoice_id', bigint, (c) => c.references('invoices.id'))
    .execute()
  // Where the browser goes after paying an invoice: the page it was paid from (the signed link's page, or
  // the customer's own invoice page). NULL for cart payments, which go to the confirmation page.
  await db.schema.alterTable('payments').addColumn('return_path', 'text').execute()
  await db.schema.createIndex('payments_invoice').on('payments').column('invoice_id').execute()
}
