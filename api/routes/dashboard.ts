import { Hono } from 'hono'
import type { DashboardStats } from '../../contract/dashboard.js'
import { toNaira } from '../../contract/money.js'
import type { AppEnv } from '../types.js'
import { requireRole } from '../middleware/auth.js'
import { balanceKobo } from '../lib/balance.js'
import { latestBookingsSqlite } from '../lib/bookings.js'
import { displayName, newestUsersSqlite, roleLabel } from '../lib/users.js'

const LATEST = 5

/** get/balance/ and get/stat (mounted at get/): the back office's home. */
export const dashboardRoutes = new Hono<AppEnv>({ strict: false })
  .get('/balance', requireRole('admin'), (c) => c.json({ balance: toNaira(balanceKobo(c.var.sqlite)) }))

  .get('/stat', requireRole('admin'), (c) => {
    const db = c.var.sqlite
    const counts = db
      .prepare(
        `SELECT COUNT(*) FILTER (WHERE status <> 'Cancelled') AS total,
                COUNT(*) FILTER (WHERE status = 'Completed') AS completed
         FROM bookings`,
      )
      .get() as { total: number; completed: number }
    const stats: DashboardStats = {
      total_bookings: { total_bookings: counts.total },
      balance: toNaira(balanceKobo(db)),
      latest_bookings: latestBookingsSqlite(db, LATEST),
      users: newestUsersSqlite(db, LATEST).map((u) => ({
        full_name: displayName(u),
        role: roleLabel(u.role),
        email: u.email,
      })),
      completed: { completed_services: counts.completed },
    }
    return c.json(stats)
  })
