import { formatNaira, toNaira } from '../../contract/money.js'
import type { DB } from '../db/index.js'
import { notifySqlite } from './notify.js'

/**
 * The business's balance in kobo: money received (successful payments) minus money withdrawn or
 * waiting to be (every withdrawal not Rejected or Cancelled, so a pending one cannot be requested twice).
 */
export function balanceKobo(db: DB): number {
  return db
    .prepare(
      `SELECT (SELECT COALESCE(SUM(amount_kobo), 0) FROM payments WHERE status = 'successful')
            - (SELECT COALESCE(SUM(amount_kobo), 0) FROM withdrawals WHERE status NOT IN ('Rejected', 'Cancelled'))`,
    )
    .pluck()
    .get() as number
}

/** Records a Pending withdrawal to the payout account as it is now; the caller holds the transaction. */
export function insertWithdrawal(
  db: DB,
  adminId: number | null,
  amountKobo: number,
  automatic = false,
): number {
  const account = db
    .prepare('SELECT bank_name, account_name, account_number FROM payment_settings WHERE id = 1')
    .get() as { bank_name: string; account_name: string; account_number: string } | undefined
  return Number(
    db
      .prepare(
        `INSERT INTO withdrawals (admin_id, amount_kobo, bank_name, account_name, account_number, automatic)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(
        adminId,
        amountKobo,
        account?.bank_name ?? '',
        account?.account_name ?? '',
        account?.account_number ?? '',
        automatic ? 1 : 0,
      ).lastInsertRowid,
  )
}

/**
 * The automatic-withdrawal rule, run after every successful payment and when the setting is saved:
 * with "Automatic withdrawals" on and a payout account set, once the balance reaches the threshold
 * (and is more than ₦0) the whole balance is requested as one Pending withdrawal and the admins are told.
 * Returns the new withdrawal's id, or null. Call inside a write transaction.
 */
export function runAutoWithdrawal(db: DB): number | null {
  const settings = db
    .prepare('SELECT auto_withdraw, threshold_kobo, account_number FROM payment_settings WHERE id = 1')
    .get() as { auto_withdraw: number; threshold_kobo: number; account_number: string } | undefined
  if (!settings || settings.auto_withdraw !== 1 || !settings.account_number) return null
  const balance = balanceKobo(db)
  if (balance <= 0 || balance < settings.threshold_kobo) return null
  const id = insertWithdrawal(db, null, balance, true)
  const admins = db.prepare("SELECT id FROM users WHERE role = 'admin'").pluck().all() as number[]
  for (const admin of admins) {
    notifySqlite(
      db,
      admin,
      'Automatic Withdrawal Requested',
      `The balance reached ${formatNaira(toNaira(balance))}, so a withdrawal of it was requested ` +
        `to account ${settings.account_number}. Mark it Paid with the transfer reference once sent.`,
    )
  }
  return id
}
