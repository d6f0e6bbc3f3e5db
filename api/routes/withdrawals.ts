import { Hono } from 'hono'
import {
  EMPTY_PAYMENT_SETTINGS,
  NO_PAYOUT_ACCOUNT,
  type PaymentSettings,
  type Withdrawal,
} from '../../contract/withdrawals.js'
import { formatNaira, toKobo, toNaira } from '../../contract/money.js'
import type { AppEnv } from '../types.js'
import { currentUser, requireRole } from '../middleware/auth.js'
import { bodyOf, parseId, validate } from '../middleware/validate.js'
import { balanceKobo, insertWithdrawal, lockBalance, runAutoWithdrawal } from '../lib/balance.js'
import { affectedRows, nowIso } from '../db/dialect.js'
import { displayName } from '../lib/users.js'
import { fail } from '../lib/http-error.js'

/** admins/withdrawals/: money out of the balance, and the list of it. */
export const withdrawalRoutes = new Hono<AppEnv>({ strict: false })
  .post('/', requireRole('admin'), validate('json', bodyOf('POST admins/withdrawals/')), async (c) => {
    const amountKobo = toKobo(c.req.valid('json').amount)
    if (amountKobo <= 0) fail(400, 'Amount must be more than ₦0')
    const account = await c.var.db
      .selectFrom('payment_settings')
      .select('account_number')
      .where('id', '=', 1)
      .executeTakeFirst()
    if (!account?.account_number) fail(400, NO_PAYOUT_ACCOUNT)
    const adminId = currentUser(c).id
    // Check and insert in one transaction under the balance lock, so two requests (on any instance)
    // cannot both spend the same balance.
    const result = await c.var.db.transaction().execute(async (trx) => {
      await lockBalance(trx)
      const balance = await balanceKobo(trx)
      if (amountKobo > balance) return { balance }
      return { id: await insertWithdrawal(trx, adminId, amountKobo) }
    })
    if (!('id' in result)) {
      fail(400, `The amount is more than the available balance of ${formatNaira(toNaira(result.balance))}.`)
    }
    return c.json(
      { message: `Withdrawal of ${formatNaira(toNaira(amountKobo))} requested.`, id: result.id },
      201,
    )
  })

  .get('/', requireRole('admin'), async (c) => {
    const rows = await c.var.db
      .selectFrom('withdrawals as w')
      .leftJoin('users as u', 'u.id', 'w.admin_id')
      .select([
        'w.id',
        'w.amount_kobo',
        'w.status',
        'w.created_at',
        'u.email',
        'u.first_name',
        'u.last_name',
        'w.bank_name',
        'w.account_name',
        'w.account_number',
        'w.reference',
        'w.automatic',
        'w.updated_at',
      ])
      .orderBy('w.created_at', 'desc')
      .orderBy('w.id', 'desc')
      .execute()
    const withdrawals: Withdrawal[] = rows.map((w) => ({
      id: w.id,
      amount: toNaira(w.amount_kobo),
      status: w.status as Withdrawal['status'],
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
  .post(
    '/:id',
    requireRole('admin'),
    validate('json', bodyOf('POST admins/withdrawals/{id}/')),
    async (c) => {
      const id = parseId(c.req.param('id'))
      const { db } = c.var
      const row = id
        ? await db.selectFrom('withdrawals').select(['id', 'status']).where('id', '=', id).executeTakeFirst()
        : undefined
      if (!row) fail(404, 'Withdrawal not found')
      const body = c.req.valid('json')
      if (row.status === body.status)
        return c.json({ message: `Already ${body.status.toLowerCase()}.`, status: row.status })
      if (row.status !== 'Pending') {
        fail(409, `This withdrawal is ${row.status.toLowerCase()} and cannot be changed.`)
      }
      // Guarded by status, so of two clicks only one moves it.
      const moved = affectedRows(
        await db
          .updateTable('withdrawals')
          .set({
            status: body.status,
            reference: body.status === 'Paid' ? body.reference : '',
            updated_at: nowIso(),
          })
          .where('id', '=', row.id)
          .where('status', '=', 'Pending')
          .executeTakeFirst(),
      )
      if (!moved) fail(409, 'This withdrawal was changed meanwhile. Reload and try again.')
      return c.json({
        message:
          body.status === 'Paid'
            ? 'Withdrawal marked as paid.'
            : 'Withdrawal cancelled: the amount is back in the balance.',
        status: body.status,
      })
    },
  )

/** admins/payment-settings/: the account withdrawals are paid into. */
export const paymentSettingsRoutes = new Hono<AppEnv>({ strict: false })
  .get('/', requireRole('admin'), async (c) => {
    const row = await c.var.db
      .selectFrom('payment_settings')
      .select([
        'bank_name',
        'account_name',
        'account_number',
        'swift_code',
        'auto_withdraw',
        'threshold_kobo',
      ])
      .where('id', '=', 1)
      .executeTakeFirst()
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

  .post('/', requireRole('admin'), validate('json', bodyOf('POST admins/payment-settings/')), async (c) => {
    const s = c.req.valid('json')
    const saved = {
      bank_name: s.bank_name,
      account_name: s.account_name,
      account_number: s.account_number,
      swift_code: s.swift_code,
      auto_withdraw: s.auto_withdraw ? 1 : 0,
      threshold_kobo: toKobo(s.threshold),
    }
    const automatic = await c.var.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('payment_settings')
        .values({ id: 1, ...saved })
        .onConflict((oc) => oc.column('id').doUpdateSet({ ...saved, updated_at: nowIso() }))
        .execute()
      // Switched on with the balance already past the threshold: the withdrawal is requested now.
      return runAutoWithdrawal(trx)
    })
    return c.json(
      {
        message: automatic
          ? 'Payment information saved. The balance is past the threshold: a withdrawal of it was requested.'
          : 'Payment information saved.',
      },
      201,
    )
  })
