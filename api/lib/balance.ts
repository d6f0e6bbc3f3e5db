import { formatNaira, toNaira } from '../../contract/money.js'
import type { Queryable } from '../db/index.js'
import { lockForTransaction } from '../db/dialect.js'
import { notify } from './notify.js'

/**
 * The business's balance in kobo: money received (successful payments) minus money withdrawn or
 * waiting to be (every withdrawal not Rejected or Cancelled, so a pending one cannot be requested twice).
 */
export async function balanceKobo(db: Queryable): Promise<number> {
  const received = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_kobo'), eb.lit(0)).as('kobo'))
    .where('status', '=', 'successful')
    .executeTakeFirstOrThrow()
  const out = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_kobo'), eb.lit(0)).as('kobo'))
    .where('status', 'not in', ['Rejected', 'Cancelled'])
    .executeTakeFirstOrThrow()
  return Number(received.kobo) - Number(out.kobo)
}

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
