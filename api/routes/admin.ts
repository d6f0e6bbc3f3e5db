import { Hono, type Context } from 'hono'
import {
  adminUserUpdateBody,
  EMPTY_PAYMENT_SETTINGS,
  paymentSettingsBody,
  withdrawalBody,
  type AdminUser,
  type Booking,
  type DashboardStats,
  type PaymentSettings,
  type Withdrawal,
} from '../../contract/index.js'
import { formatNaira, toKobo, toNaira } from '../../contract/money.js'
import type { AppEnv, DbRole } from '../types.js'
import { currentUser, fullName, requireLogin, requireRole, roleLabel } from '../middleware/auth.js'
import { parseId, validate } from '../middleware/validate.js'
import { balanceKobo } from '../lib/balance.js'

interface UserRow {
  id: number
  email: string
  first_name: string
  last_name: string
  phone_number: string
  role: DbRole
}

const USER_COLUMNS = 'id, email, first_name, last_name, phone_number, role'
const BOOKING_COLUMNS = 'id, full_name, phone_number, service, info, date, time, status, location'
const NEWEST_FIRST = 'ORDER BY created_at DESC, id DESC'

const displayName = (u: UserRow) => fullName(u) || u.email
const userNotFound = (c: Context<AppEnv>) => c.json({ message: 'User not found' }, 404)

function findUser(c: Context<AppEnv>): UserRow | undefined {
  const id = parseId(c.req.param('id'))
  if (!id) return undefined
  return c.var.db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE id = ?`).get(id) as UserRow | undefined
}

export const adminRoutes = new Hono<AppEnv>({ strict: false })
  .get('/get/balance', requireRole('admin'), (c) => c.json({ balance: toNaira(balanceKobo(c.var.db)) }))

  .get('/get/stat', requireRole('admin'), (c) => {
    const db = c.var.db
    const counts = db
      .prepare(
        `SELECT COUNT(*) FILTER (WHERE status <> 'Cancelled') AS total,
                COUNT(*) FILTER (WHERE status = 'Completed') AS completed
         FROM bookings`,
      )
      .get() as { total: number; completed: number }
    const latestBookings = db
      .prepare(`SELECT ${BOOKING_COLUMNS} FROM bookings ${NEWEST_FIRST} LIMIT 5`)
      .all() as Booking[]
    const newestUsers = db
      .prepare(`SELECT ${USER_COLUMNS} FROM users ${NEWEST_FIRST} LIMIT 5`)
      .all() as UserRow[]
    const stats: DashboardStats = {
      total_bookings: { total_bookings: counts.total },
      balance: toNaira(balanceKobo(db)),
      latest_bookings: latestBookings,
      users: newestUsers.map((u) => ({ full_name: displayName(u), role: roleLabel(u.role), email: u.email })),
      completed: { completed_services: counts.completed },
    }
    return c.json(stats)
  })

  .get('/get/users', requireRole('admin'), (c) => {
    const rows = c.var.db.prepare(`SELECT ${USER_COLUMNS} FROM users ${NEWEST_FIRST}`).all() as UserRow[]
    const users: AdminUser[] = rows.map((u) => ({
      id: u.id,
      full_name: displayName(u),
      username: u.email,
      phone_number: u.phone_number,
      role: roleLabel(u.role),
    }))
    return c.json(users)
  })

  .post('/admins/users/:id', requireRole('admin'), validate('json', adminUserUpdateBody), (c) => {
    const body = c.req.valid('json')
    const user = findUser(c)
    if (!user) return userNotFound(c)
    const role = body.role?.toLowerCase() as DbRole | undefined
    if (role === undefined && body.phone_number === undefined) {
      return c.json({ message: 'Send a role or a phone number to change.' }, 400)
    }
    if (role && role !== user.role && user.id === currentUser(c).id) {
      // Otherwise the last admin could lock everyone out of the back office.
      return c.json({ message: 'You cannot change your own role.' }, 400)
    }
    c.var.db
      .prepare(
        'UPDATE users SET role = COALESCE(?, role), phone_number = COALESCE(?, phone_number) WHERE id = ?',
      )
      .run(role ?? null, body.phone_number ?? null, user.id)
    return c.json({ message: `${displayName(user)} updated.` })
  })

  .delete('/admins/delete/:id/user', requireRole('admin'), (c) => {
    const user = findUser(c)
    if (!user) return userNotFound(c)
    if (user.id === currentUser(c).id) {
      return c.json({ message: 'You cannot delete your own account.' }, 400)
    }
    // Sessions, cart and notifications go with the account; bookings, orders and payments stay (user_id NULL).
    c.var.db.prepare('DELETE FROM users WHERE id = ?').run(user.id)
    return c.body(null, 204)
  })

  .post('/admins/withdrawals', requireRole('admin'), validate('json', withdrawalBody), (c) => {
    const db = c.var.db
    const amountKobo = toKobo(c.req.valid('json').amount)
    if (amountKobo <= 0) return c.json({ message: 'Amount must be more than ₦0' }, 400)
    // Check and insert in one transaction, so two requests cannot both spend the same balance.
    const result = db
      .transaction(() => {
        const balance = balanceKobo(db)
        if (amountKobo > balance) return { balance }
        const { lastInsertRowid } = db
          .prepare('INSERT INTO withdrawals (admin_id, amount_kobo) VALUES (?, ?)')
          .run(currentUser(c).id, amountKobo)
        return { id: Number(lastInsertRowid) }
      })
      .immediate()
    if (!('id' in result)) {
      return c.json(
        {
          message: `The amount is more than the available balance of ${formatNaira(toNaira(result.balance))}.`,
        },
        400,
      )
    }
    return c.json(
      { message: `Withdrawal of ${formatNaira(toNaira(amountKobo))} requested.`, id: result.id },
      201,
    )
  })

  .get('/admins/withdrawals', requireRole('admin'), (c) => {
    const rows = c.var.db
      .prepare(
        `SELECT w.id, w.amount_kobo, w.status, w.created_at, u.email, u.first_name, u.last_name
         FROM withdrawals w LEFT JOIN users u ON u.id = w.admin_id
         ORDER BY w.created_at DESC, w.id DESC`,
      )
      .all() as {
      id: number
      amount_kobo: number
      status: Withdrawal['status']
      created_at: string
      email: string | null
      first_name: string | null
      last_name: string | null
    }[]
    const withdrawals: Withdrawal[] = rows.map((w) => ({
      id: w.id,
      amount: toNaira(w.amount_kobo),
      status: w.status,
      created: w.created_at,
      admin: w.email
        ? fullName({ first_name: w.first_name ?? '', last_name: w.last_name ?? '' }) || w.email
        : '',
    }))
    return c.json(withdrawals)
  })

  .get('/admins/payment-settings', requireRole('admin'), (c) => {
    const row = c.var.db
      .prepare(
        `SELECT bank_name, account_name, account_number, swift_code, auto_withdraw, threshold_kobo
         FROM payment_settings WHERE id = 1`,
      )
      .get() as
      | (Omit<PaymentSettings, 'auto_withdraw' | 'threshold'> & {
          auto_withdraw: number
          threshold_kobo: number
        })
      | undefined
    const settings: PaymentSettings = row
      ? {
          bank_name: row.bank_name,
          account_name: row.account_name,
          account_number: row.account_number,
          swift_code: row.swift_code,
          auto_withdraw: row.auto_withdraw === 1,
          threshold: toNaira(row.threshold_kobo),
        }
      : EMPTY_PAYMENT_SETTINGS
    return c.json(settings)
  })

  .post('/admins/payment-settings', requireRole('admin'), validate('json', paymentSettingsBody), (c) => {
    const s = c.req.valid('json')
    c.var.db
      .prepare(
        `INSERT INTO payment_settings
           (id, bank_name, account_name, account_number, swift_code, auto_withdraw, threshold_kobo)
         VALUES (1, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET bank_name = excluded.bank_name, account_name = excluded.account_name,
           account_number = excluded.account_number, swift_code = excluded.swift_code,
           auto_withdraw = excluded.auto_withdraw, threshold_kobo = excluded.threshold_kobo,
           updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')`,
      )
      .run(
        s.bank_name,
        s.account_name,
        s.account_number,
        s.swift_code,
        s.auto_withdraw ? 1 : 0,
        toKobo(s.threshold),
      )
    return c.json({ message: 'Payment information saved.' }, 201)
  })

  // Registered last (adminRoutes is mounted after every other router): the product, booking and cart
  // deletes answer first, so only an unknown kind reaches this.
  .delete('/admins/delete/:id/:kind', requireLogin, (c) =>
    c.json({ message: `Unknown kind: ${c.req.param('kind')}. Use user, product, booking or cart.` }, 400),
  )
