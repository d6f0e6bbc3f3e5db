import { Hono } from 'hono'
import type { DashboardStats } from '../../contract/dashboard.js'
import { toNaira } from '../../contract/money.js'
import type { AppEnv } from '../types.js'
import { requireRole } from '../middleware/auth.js'
import { balanceKobo, takenOnSite } from '../lib/balance.js'
import { latestBookings } from '../lib/bookings.js'
import { displayName, newestUsers, roleLabel } from '../lib/users.js'

const LATEST = 5
const ON_SITE_SHOWN = 10

/** get/balance/ and get/stat (mounted at get/): the back office's home. */
export const dashboardRoutes = new Hono<AppEnv>({ strict: false })
  .get('/balance', requireRole('admin'), async (c) =>
    c.json({ balance: toNaira(await balanceKobo(c.var.db)) }),
  )

  .get('/stat', requireRole('admin'), async (c) => {
    const { db } = c.var
    const counts = await db
      .selectFrom('bookings')
      .select((eb) => [
        eb.fn.countAll<number>().filterWhere('status', '<>', 'Cancelled').as('total'),
        eb.fn.countAll<number>().filterWhere('status', '=', 'Completed').as('completed'),
      ])
      .executeTakeFirstOrThrow()
    const stats: DashboardStats = {
      total_bookings: { total_bookings: Number(counts.total) },
      balance: toNaira(await balanceKobo(db)),
      latest_bookings: await latestBookings(db, LATEST),
      users: (await newestUsers(db, LATEST)).map((u) => ({
        full_name: displayName(u),
        role: roleLabel(u.role),
        email: u.email,
      })),
      completed: { completed_services: Number(counts.completed) },
      taken_on_site: await takenOnSite(db, c.var.config.now(), ON_SITE_SHOWN),
    }
    return c.json(stats)
  })
