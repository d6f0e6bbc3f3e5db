import { formatNaira, toNaira } from '../../contract/money.js'
import type { OnSitePayment, TakenOnSite } from '../../contract/dashboard.js'
import { businessDay, businessDayStart } from '../../contract/dates.js'
import type { Queryable } from '../db/index.js'
import { lockForTransaction } from '../db/dialect.js'
import { notify } from './notify.js'
import { gatewayBalanceKobo } from './ledger.js'

/**
 * The business's balance in kobo: what the payment gateway settled, less refunds of it, less money
 * withdrawn or waiting to be (every withdrawal not Rejected or Cancelled, so a pending one cannot be
 * requested twice). Read from the ledger, the one record of money; money taken on site is not in it.
 */
export const balanceKobo = (db: Queryable): Promise<number> => gatewayBalanceKobo(db)

/** Any fixed number, shared by every instance, naming the balance lock. */
const BALANCE_LOCK = 7_402_014

/**
 * Makes the caller's transaction the only one reading the balance to spend it, until it ends. On
 * PostgreSQL two instances could otherwise both see the same balance and both withdraw it (no one row
 * stands for "the balance" to lock, so an advisory lock does); SQLite's single writer already serialises
 * write transactions. Call first thing in the transaction, before balanceKobo.
 */
export async function lockBalance(trx: Queryable): Promise<void> {
  await lockForTransaction(trx, BALANCE_LOCK)
}

/** Records a Pending withdrawal to the payout account as it is now; the caller holds the transaction. */
export async function insertWithdrawal(
  db: Queryable,
  adminId: number | null,
  amountKobo: number,
  automatic = false,
): Promise<number> {
  const account = await db
    .selectFrom('payment_settings')
    .select(['bank_name', 'account_name', 'account_number'])
    .where('id', '=', 1)
    .executeTakeFirst()
  const { id } = await db
    .insertInto('withdrawals')
    .values({
      admin_id: adminId,
      amount_kobo: amountKobo,
      bank_name: account?.bank_name ?? '',
      account_name: account?.account_name ?? '',
      account_number: account?.account_number ?? '',
      automatic: automatic ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(id)
}

/**
 * The automatic-withdrawal rule, run after every successful payment and when the setting is saved:
 * with "Automatic withdrawals" on and a payout account set, once the balance reaches the threshold
 * (and is more than ₦0) the whole balance is requested as one Pending withdrawal and the admins are told.
 * Returns the new withdrawal's id, or null. Call inside a write transaction: it takes the balance lock,
 * so two payments settling at once on two instances request the balance once.
 */
export async function runAutoWithdrawal(trx: Queryable): Promise<number | null> {
  const settings = await trx
    .selectFrom('payment_settings')
    .select(['auto_withdraw', 'threshold_kobo', 'account_number'])
    .where('id', '=', 1)
    .executeTakeFirst()
  if (!settings || settings.auto_withdraw !== 1 || !settings.account_number) return null
  await lockBalance(trx)
  const balance = await balanceKobo(trx)
  if (balance <= 0 || balance < settings.threshold_kobo) return null
  const id = await insertWithdrawal(trx, null, balance, true)
  const admins = await trx.selectFrom('users').select('id').where('role', '=', 'admin').execute()
  for (const admin of admins) {
    await notify(
      trx,
      admin.id,
      'Automatic Withdrawal Requested',
      `The balance reached ${formatNaira(toNaira(balance))}, so a withdrawal of it was requested ` +
        `to account ${settings.account_number}. Mark it Paid with the transfer reference once sent.`,
    )
  }
  return id
}

/**
 * Money technicians took at the customer's (their completion reports' payment): this Lagos month's total
 * and the latest payments. Kept apart from balanceKobo: it never passed through the gateway, so it is
 * not money the business can withdraw here.
 */
export async function takenOnSite(db: Queryable, now: number, limit: number): Promise<TakenOnSite> {
  const month = businessDay(new Date(now)).slice(0, 7)
  const since = businessDayStart(`${month}-01`).toISOString()
  const paid = db.selectFrom('job_reports as r').where('r.payment_amount_kobo', 'is not', null)
  const total = await paid
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('r.payment_amount_kobo'), eb.lit(0)).as('kobo'),
      eb.fn.countAll<number>().as('count'),
    ])
    .where('r.occurred_at', '>=', since)
    .executeTakeFirstOrThrow()
  const rows = await paid
    .innerJoin('bookings as b', 'b.id', 'r.booking_id')
    .leftJoin('users as u', 'u.id', 'r.staff_id')
    .select([
      'r.booking_id',
      'b.full_name',
      'b.service',
      'r.payment_amount_kobo',
      'r.payment_method',
      'r.payment_reference',
      'r.occurred_at',
      'u.first_name',
      'u.last_name',
      'u.email',
    ])
    .orderBy('r.occurred_at', 'desc')
    .orderBy('r.booking_id', 'desc')
    .limit(limit)
    .execute()
  return {
    month,
    month_total: toNaira(Number(total.kobo)),
    month_count: Number(total.count),
    latest: rows.map((r): OnSitePayment => ({
      booking_id: r.booking_id,
      customer: r.full_name,
      service: r.service,
      amount: toNaira(Number(r.payment_amount_kobo)),
      method: r.payment_method as OnSitePayment['method'],
      reference: r.payment_reference,
      technician: [r.first_name, r.last_name].filter(Boolean).join(' ') || r.email || 'A former technician',
      occurred_at: r.occurred_at,
    })),
  }
}
