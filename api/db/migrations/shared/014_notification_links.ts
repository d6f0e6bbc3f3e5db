import { sql, type Kysely } from 'kysely'
import type { Engine } from '../../index.js'

/**
 * A notification's link is a field the server writes (a path: under the API base, or an app route from
 * "/"), never found in its text: the app turned any ".../staff/jobs/N/report" in a body into a link, so a
 * customer could put a phishing link in the admins' notifications through a booking's location.
 */
export async function up(db: Kysely<any>, engine: Engine) {
  await db.schema.alterTable('notifications').addColumn('link', 'text').execute()
  await db.schema.alterTable('notifications').addColumn('link_label', 'text').execute()

  // The report links already sent, read from the server's own wording of "Service Completed" (its body has
  // no customer text: service and date only), so older notifications keep their link. Each engine has its
  // own words for "from this text on" and for the pattern.
  const fromLink =
    engine === 'sqlite'
      ? sql`substr(body, instr(body, 'staff/jobs/'))`
      : sql`substring(body from position('staff/jobs/' in body))`
  const sentReport =
    engine === 'sqlite'
      ? sql<boolean>`body GLOB '*Your service report: http*://*/staff/jobs/[0-9]*/report'`
      : sql<boolean>`body ~ 'Your service report: https?://\\S+/staff/jobs/[0-9]+/report$'`
  await db
    .updateTable('notifications')
    .set({ link: fromLink, link_label: 'Open the service report' })
    .where('heading', '=', 'Service Completed')
    .where(sentReport)
    .execute()
}
