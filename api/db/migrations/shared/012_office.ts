import type { Kysely } from 'kysely'

/**
 * A booking the office must act on: the technician marked the job "Unable to complete" and this is
 * their reason. NULL = nothing waits on the admin. Reassigning, rescheduling or cancelling clears it.
 */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('bookings').addColumn('unable_reason', 'text').execute()
}
