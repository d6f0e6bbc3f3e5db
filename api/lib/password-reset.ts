import { createHash, randomBytes, randomInt } from 'node:crypto'
import { PASSWORD_RESET_MINUTES } from '../../contract/account.js'
import type { DB } from '../db/index.js'
import { sendMessageSqlite } from '../messaging/index.js'
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
export function recentResets(db: DB, userId: number, now: number): number {
  return db
    .prepare('SELECT COUNT(*) FROM password_resets WHERE user_id = ? AND expires_at > ?')
    .pluck()
    .get(userId, now + PASSWORD_RESET_MINUTES * 60_000 - RESET_WINDOW_MS) as number
}

/**
 * Creates a single-use reset for the account and queues its message in the same transaction: a link by
 * email, or a 6-digit code by SMS. Only the secret's hash is stored.
 */
export function createPasswordReset(
  db: DB,
  user: { id: number },
  channel: ResetChannel,
  now: number,
  createdBy: number | null = null,
) {
  const minutes = PASSWORD_RESET_MINUTES
  const expires = now + minutes * 60_000
  db.transaction(() => {
    if (channel === 'email') {
      const token = randomBytes(32).toString('base64url')
      db.prepare(
        `INSERT INTO password_resets (user_id, channel, secret_hash, expires_at, created_by) VALUES (?, ?, ?, ?, ?)`,
      ).run(user.id, channel, sha256(token), expires, createdBy)
      sendMessageSqlite(
        { db },
        {
          to: user.id,
          template: 'password_reset',
          data: { link: `/reset-password?token=${token}`, minutes },
          channels: ['email'],
        },
      )
    } else {
      // A new code replaces the account's earlier ones, so only the latest SMS works.
      db.prepare(
        `UPDATE password_resets SET used_at = ? WHERE user_id = ? AND channel = 'sms' AND used_at IS NULL`,
      ).run(new Date(now).toISOString(), user.id)
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
      db.prepare(
        `INSERT INTO password_resets (user_id, channel, secret_hash, expires_at, created_by) VALUES (?, ?, ?, ?, ?)`,
      ).run(user.id, channel, codeHash(user.id, code), expires, createdBy)
      sendMessageSqlite(
        { db },
        { to: user.id, template: 'password_reset', data: { code, minutes }, channels: ['sms'] },
      )
    }
  })()
}

export const RESET_INVALID = 'This reset link or code has expired or was already used. Ask for a new one.'
export const RESET_WRONG_CODE = 'That code is not right. Check the SMS and try again.'

export type ResetOutcome = { ok: true; userId: number } | { ok: false; message: string }

interface ResetRow {
  id: number
  user_id: number
  secret_hash: string
  expires_at: number
  failed_attempts: number
  used_at: string | null
}

/** Finds the live reset a token or (phone user, code) names, counting wrong codes. */
function findLiveReset(
  db: DB,
  proof: { token: string } | { userId: number; code: string },
  now: number,
): ResetOutcome & { resetId?: number } {
  if ('token' in proof) {
    const row = db.prepare('SELECT * FROM password_resets WHERE secret_hash = ?').get(sha256(proof.token)) as
      ResetRow | undefined
    if (!row || row.used_at || row.expires_at <= now) return { ok: false, message: RESET_INVALID }
    return { ok: true, userId: row.user_id, resetId: row.id }
  }
  const row = db
    .prepare(
      `SELECT * FROM password_resets WHERE user_id = ? AND channel = 'sms' AND used_at IS NULL
       ORDER BY id DESC LIMIT 1`,
    )
    .get(proof.userId) as ResetRow | undefined
  if (!row || row.expires_at <= now || row.failed_attempts >= MAX_CODE_GUESSES) {
    return { ok: false, message: RESET_INVALID }
  }
  if (row.secret_hash !== codeHash(proof.userId, proof.code)) {
    const guesses = row.failed_attempts + 1
    db.prepare(
      `UPDATE password_resets SET failed_attempts = ?, used_at = CASE WHEN ? THEN ? ELSE used_at END
       WHERE id = ?`,
    ).run(guesses, +(guesses >= MAX_CODE_GUESSES), new Date(now).toISOString(), row.id)
    return { ok: false, message: guesses >= MAX_CODE_GUESSES ? RESET_INVALID : RESET_WRONG_CODE }
  }
  return { ok: true, userId: row.user_id, resetId: row.id }
}

/**
 * Sets the new password if the proof names a live reset, in one transaction: the reset (and every other
 * open reset of the account) is used up, and every session of the account ends.
 */
export async function completePasswordReset(
  db: DB,
  proof: { token: string } | { userId: number; code: string },
  newPassword: string,
  now: number,
): Promise<ResetOutcome> {
  const found = findLiveReset(db, proof, now)
  if (!found.ok) return found
  const hash = await hashPassword(newPassword)
  // Re-checked inside the transaction: two tabs submitting the same link set the password once.
  return db.transaction((): ResetOutcome => {
    const claimed = db
      .prepare('UPDATE password_resets SET used_at = ? WHERE id = ? AND used_at IS NULL')
      .run(new Date(now).toISOString(), found.resetId).changes
    if (!claimed) return { ok: false, message: RESET_INVALID }
    db.prepare('UPDATE password_resets SET used_at = ? WHERE user_id = ? AND used_at IS NULL').run(
      new Date(now).toISOString(),
      found.userId,
    )
    db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(hash, found.userId)
    // Whoever got into the account before the reset is signed out everywhere.
    db.prepare('DELETE FROM sessions WHERE user_id = ?').run(found.userId)
    return { ok: true, userId: found.userId }
  })()
}
