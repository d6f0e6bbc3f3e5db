import { Hono } from 'hono'
import {
  EMPTY_PAYMENT_SETTINGS,
  paymentSettingsBody,
  withdrawalBody,
  type PaymentSettings,
  type Withdrawal,
} from '../../contract/withdrawals.js'
import { formatNaira, toKobo, toNaira } from '../../contract/money.js'
import type { AppEnv } from '../types.js'
import { currentUser, requireRole } from '../middleware/auth.js'
import { validate } from '../middleware/validate.js'
import { balanceKobo } from '../lib/balance.js'
import { displayName } from '../lib/users.js'

/** admins/withdrawals/: money out of the balance, and the list of it. */
export const withdrawalRoutes = new Hono<AppEnv>({ strict: false })
  .post('/', requireRole('admin'), validate('json', withdrawalBody), (c) => {
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

  .get('/', requireRole('admin'), (c) => {
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
        ? displayName({ first_name: w.first_name ?? '', last_name: w.last_name ?? '', email: w.email })
        : '',
    }))
    return c.json(withdrawals)
  })

/** admins/payment-settings/: the account withdrawals are paid into. */
export const paymentSettingsRoutes = new Hono<AppEnv>({ strict: false })
  .get('/', requireRole('admin'), (c) => {
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

  .post('/', requireRole('admin'), validate('json', paymentSettingsBody), (c) => {
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
