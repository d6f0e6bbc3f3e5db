import { createHash, randomBytes, randomInt } from 'node:crypto'
import { PASSWORD_RESET_MINUTES } from '../../contract/account.js'
import { pages } from '../../contract/pages.js'
import type { Database, Queryable } from '../db/index.js'
import { affectedRows, forUpdate } from '../db/dialect.js'
import { sendMessage } from '../messaging/index.js'
import { hashPassword } from './password.js'

export type ResetChannel = 'email' | 'sms'

/** Wrong codes allowed before an SMS code stops working (a 6-digit code must not be guessable). */
const MAX_CODE_GUESSES = 5
/** Resets one account may be sent per window, so the form cannot flood someone's inbox or phone. */
export const MAX_RESETS_PER_WINDOW = 3
export const RESET_WINDOW_MS = 15 * 60_000

const sha256 = (secret: string) => createHash('sha256').update(secret).digest('hex')
/** A code is only unique with its account: its hash is salted with the user id. */
const codeHash = (userId: number, code: string) => sha256(`code:${userId}:${code}`)

/** Recent resets of this account (for the per-account throttle). */
export async function recentResets(db: Queryable, userId: number, now: number): Promise<number> {
  const row = await db
    .selectFrom('password_resets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('expires_at', '>', now + PASSWORD_RESET_MINUTES * 60_000 - RESET_WINDOW_MS)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * Creates a single-use reset for the account and queues its message in the same transaction: a link by
 * email, or a 6-digit code by SMS. Only the secret's hash is stored. With `limited`, an account that
 * already had MAX_RESETS_PER_WINDOW resets gets nothing (returns false): counted with the account's row
 * locked, so requests to several instances at once cannot pass the limit together.
 */
export async function createPasswordReset(
  db: Database,
  user: { id: number },
  channel: ResetChannel,
  now: number,
  {
    createdBy = null,
    limited = false,
    sharedWith = [],
  }: {
    createdBy?: number | null
    limited?: boolean
    /** Other accounts on the same phone number: the one SMS code works for each (the person then chooses). */
    sharedWith?: number[]
  } = {},
): Promise<boolean> {
  const minutes = PASSWORD_RESET_MINUTES
  const expires_at = now + minutes * 60_000
  return db.transaction().execute(async (trx) => {
    if (limited) {
      await forUpdate(trx, trx.selectFrom('users').select('id').where('id', '=', user.id)).execute()
      if ((await recentResets(trx, user.id, now)) >= MAX_RESETS_PER_WINDOW) return false
    }
    const insert = (secret_hash: string, user_id = user.id) =>
      trx
        .insertInto('password_resets')
        .values({ user_id, channel, secret_hash, expires_at, created_by: createdBy })
        .execute()
    if (channel === 'email') {
      const token = randomBytes(32).toString('base64url')
      await insert(sha256(token))
      await sendMessage(
        { db: trx },
        {
          to: user.id,
          template: 'password_reset',
          data: { link: `${pages.resetPassword}?token=${token}`, minutes },
          channels: ['email'],
        },
      )
    } else {
      // A new code replaces the account's earlier ones, so only the latest SMS works.
      const holders = [user.id, ...sharedWith]
      await trx
        .updateTable('password_resets')
        .set({ used_at: new Date(now).toISOString() })
        .where('user_id', 'in', holders)
        .where('channel', '=', 'sms')
        .where('used_at', 'is', null)
        .execute()
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
      for (const id of holders) await insert(codeHash(id, code), id)
      await sendMessage(
        { db: trx },
        { to: user.id, template: 'password_reset', data: { code, minutes }, channels: ['sms'] },
      )
    }
    return true
  })
}

export const RESET_INVALID = 'This reset link or code has expired or was already used. Ask for a new one.'
export const RESET_WRONG_CODE = 'That code is not right. Check the SMS and try again.'

export type ResetOutcome = { ok: true; userId: number } | { ok: false; message: string }

/** "ad***@example.com": enough for its owner to recognise the account, not to learn the address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  const local = email.slice(0, Math.max(at, 0))
  return `${local.slice(0, local.length > 3 ? 2 : 1)}***${email.slice(at)}`
}

/** Finds the live reset a token or (phone user, code) names, counting wrong codes; uses nothing up. */
export async function findLiveReset(
  db: Queryable,
  proof: { token: string } | { userId: number; code: string },
  now: number,
): Promise<ResetOutcome & { resetId?: number }> {
  const columns = ['id', 'user_id', 'secret_hash', 'expires_at', 'failed_attempts', 'used_at'] as const
  if ('token' in proof) {
    const row = await db
      .selectFrom('password_resets')
      .select(columns)
      .where('secret_hash', '=', sha256(proof.token))
      .executeTakeFirst()
    if (!row || row.used_at || row.expires_at <= now) return { ok: false, message: RESET_INVALID }
    return { ok: true, userId: row.user_id, resetId: row.id }
  }
  const row = await db
    .selectFrom('password_resets')
    .select(columns)
    .where('user_id', '=', proof.userId)
    .where('channel', '=', 'sms')
    .where('used_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!row || row.expires_at <= now || row.failed_attempts >= MAX_CODE_GUESSES) {
    return { ok: false, message: RESET_INVALID }
  }
  if (row.secret_hash !== codeHash(proof.userId, proof.code)) {
    // Counted in the row by one statement, so guesses sent to two instances at once each count; the
    // last allowed guess uses the code up.
    const counted = await db
      .updateTable('password_resets')
      .set((eb) => ({
        failed_attempts: eb('failed_attempts', '+', 1),
        used_at: eb
          .case()
          .when('failed_attempts', '>=', MAX_CODE_GUESSES - 1)
          .then(new Date(now).toISOString())
          .else(eb.ref('used_at'))
          .end(),
      }))
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .where('failed_attempts', '<', MAX_CODE_GUESSES)
      .returning('failed_attempts')
      .executeTakeFirst()
    if (!counted) return { ok: false, message: RESET_INVALID }
    return {
      ok: false,
      message: counted.failed_attempts >= MAX_CODE_GUESSES ? RESET_INVALID : RESET_WRONG_CODE,
    }
  }
  return { ok: true, userId: row.user_id, resetId: row.id }
}

/**
 * Sets the new password if the proof names a live reset, in one transaction: the reset (and every other
 * open reset of the account) is used up, and every session of the account ends.
 */
export async function completePasswordReset(
  db: Database,
  proof: { token: string } | { userId: number; code: string },
  newPassword: string,
  now: number,
): Promise<ResetOutcome> {
  const found = await findLiveReset(db, proof, now)
  if (!found.ok) return found
  const hash = await hashPassword(newPassword)
  const usedAt = new Date(now).toISOString()
  // Claimed by a conditional UPDATE: two tabs (or instances) submitting the same link set the password once.
  return db.transaction().execute(async (trx): Promise<ResetOutcome> => {
    const claimed = await trx
      .updateTable('password_resets')
      .set({ used_at: usedAt })
      .where('id', '=', found.resetId!)
      .where('used_at', 'is', null)
      .executeTakeFirst()
    if (!affectedRows(claimed)) return { ok: false, message: RESET_INVALID }
    await trx
      .updateTable('password_resets')
      .set({ used_at: usedAt })
      .where('user_id', '=', found.userId)
      .where('used_at', 'is', null)
      .execute()
    await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', found.userId).execute()
    // Whoever got into the account before the reset is signed out everywhere.
    await trx.deleteFrom('sessions').where('user_id', '=', found.userId).execute()
    return { ok: true, userId: found.userId }
  })
}
