import { describe, expect, it } from 'vitest'
import { migrate } from '../../api/db'
import { databaseBefore } from './migration-helpers'

/**
 * Migration 014 gives notifications a link field. The "Service Completed" notifications already sent keep
 * their report link, read from the server's own wording; any other text (a customer's words) gives none.
 */
describe.each(['sqlite', 'postgres'] as const)('migration 014 on %s', (engine) => {
  it("links the report of a sent 'Service Completed', and nothing else", async () => {
    const opened = await databaseBefore(engine, 14)
    const { db } = opened
    const { id: user } = await db
      .insertInto('users')
      .values({ email: 'ada@test.ng', password_hash: 'x', role: 'customer' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const sent = (heading: string, body: string) =>
      db.insertInto('notifications').values({ user_id: user, heading, body }).execute()
    await sent(
      'Service Completed',
      'Your Fumigation on 20 Nov is done. Your service report: https://greenshield.ng/staff/jobs/12/report',
    )
    await sent('Service Completed', 'Done. Your service report: https://x.ng/staff/jobs/12/report?then=evil')
    await sent('New Booking', 'Location: see https://evil.ng/staff/jobs/3/report')

    expect(await migrate(opened)).toContain('014_notification_links.sql')
    const rows = await db.selectFrom('notifications').select(['link', 'link_label']).orderBy('id').execute()
    expect(rows).toEqual([
      { link: 'staff/jobs/12/report', link_label: 'Open the service report' },
      { link: null, link_label: null },
      { link: null, link_label: null },
    ])
  }, 60_000)
})
