import type { Kysely } from 'kysely'

/**
 * Day-before reminders of visits (docs/rules/bookings.md, "Reminders"). reminder_sent_at is the claim: the
 * one pass (of any instance) that sets it from NULL sends the reminder, so it goes once, also after a
 * restart. customer_confirmed_at: the customer answered "I'll be there" (the technician's sheet shows it).
 * Moving the booking clears both: the new day gets its own reminder and answer.
 */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('bookings').addColumn('reminder_sent_at', 'text').execute()
  await db.schema.alterTable('bookings').addColumn('customer_confirmed_at', 'text').execute()
  await db.schema
    .createIndex('bookings_reminder_due')
    .on('bookings')
    .columns(['date', 'reminder_sent_at'])
    .execute()
}
