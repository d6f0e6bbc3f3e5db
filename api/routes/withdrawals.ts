import { Hono } from 'hono'
import {
  EMPTY_PAYMENT_SETTINGS,
  paymentSettingsBody,
  withdrawalActionBody,
  withdrawalBody,
  type PaymentSettings,
  type Withdrawal,
} from '../../contract/withdrawals.js'
import { formatNaira, toKobo, toNaira } from '../../contract/money.js'
import type { AppEnv } from '../types.js'
import { currentUser, requireRole } from '../middleware/auth.js'
import { parseId, validate } from '../middleware/validate.js'
import { balanceKobo, insertWithdrawal, runAutoWithdrawal } from '../lib/balance.js'
import { displayName } from '../lib/users.js'

/** admins/withdrawals/: money out of the balance, and the list of it. */
export const withdrawalRoutes = new Hono<AppEnv>({ strict: false })
  .post('/', requireRole('admin'), validate('json', withdrawalBody), (c) => {
    const db = c.var.sqlite
    const amountKobo = toKobo(c.req.valid('json').amount)
    if (amountKobo <= 0) return c.json({ message: 'Amount must be more than ₦0' }, 400)
    // Check and insert in one transaction, so two requests cannot both spend the same balance.
    const result = db
      .transaction(() => {
        const balance = balanceKobo(db)
        if (amountKobo > balance) return { balance }
        return { id: insertWithdrawal(db, currentUser(c).id, amountKobo) }
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
    const rows = c.var.sqlite
      .prepare(
        `SELECT w.id, w.amount_kobo, w.status, w.created_at, u.email, u.first_name, u.last_name,
                w.bank_name, w.account_name, w.account_number, w.reference, w.automatic, w.updated_at
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
      bank_name: string
      account_name: string
      account_number: string
      reference: string
      automatic: number
      updated_at: string | null
    }[]
    const withdrawals: Withdrawal[] = rows.map((w) => ({
      id: w.id,
      amount: toNaira(w.amount_kobo),
      status: w.status,
      created: w.created_at,
      admin: w.email
        ? displayName({ first_name: w.first_name ?? '', last_name: w.last_name ?? '', email: w.email })
        : '',
      bank_name: w.bank_name,
      account_name: w.account_name,
      account_number: w.account_number,
      reference: w.reference,
      automatic: w.automatic === 1,
      updated: w.updated_at,
    }))
    return c.json(withdrawals)
  })

  // A Pending withdrawal is marked Paid (with the transfer reference) or Cancelled (the money is back).
  .post('/:id', requireRole('admin'), validate('json', withdrawalActionBody), (c) => {
    const id = parseId(c.req.param('id'))
    const db = c.var.sqlite
    const row = id
      ? (db.prepare('SELECT id, status FROM withdrawals WHERE id = ?').get(id) as
          { id: number; status: string } | undefined)
      : undefined
    if (!row) return c.json({ message: 'Withdrawal not found' }, 404)
    const body = c.req.valid('json')
    if (row.status === body.status)
      return c.json({ message: `Already ${body.status.toLowerCase()}.`, status: row.status })
    if (row.status !== 'Pending') {
      return c.json({ message: `This withdrawal is ${row.status.toLowerCase()} and cannot be changed.` }, 409)
    }
    // Guarded by status, so of two clicks only one moves it.
    const moved = db
      .prepare(
        `UPDATE withdrawals SET status = ?, reference = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
         WHERE id = ? AND status = 'Pending'`,
      )
      .run(body.status, body.status === 'Paid' ? body.reference : '', row.id).changes
    if (!moved)
      return c.json({ message: 'This withdrawal was changed meanwhile. Reload and try again.' }, 409)
    return c.json({
      message:
        body.status === 'Paid'
          ? 'Withdrawal marked as paid.'
          : 'Withdrawal cancelled: the amount is back in the balance.',
      status: body.status,
    })
  })

/** admins/payment-settings/: the account withdrawals are paid into. */
export const paymentSettingsRoutes = new Hono<AppEnv>({ strict: false })
  .get('/', requireRole('admin'), (c) => {
    const row = c.var.sqlite
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
    c.var.sqlite
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
    // Switched on with the balance already past the threshold: the withdrawal is requested now.
    const automatic = c.var.sqlite.transaction(() => runAutoWithdrawal(c.var.sqlite)).immediate()
    return c.json(
      {
        message: automatic
          ? 'Payment information saved. The balance is past the threshold: a withdrawal of it was requested.'
          : 'Payment information saved.',
      },
      201,
    )
  })
