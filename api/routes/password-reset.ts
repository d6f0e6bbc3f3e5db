import { Hono, type Context } from 'hono'
import {
  PASSWORD_RESET_CHOOSE,
  PASSWORD_RESET_SENT,
  type PasswordResetChoice,
} from '../../contract/account.js'
import { normaliseNigerianPhone } from '../../contract/phone.js'
import type { Queryable } from '../db/index.js'
import type { AppEnv } from '../types.js'
import { requireRole } from '../middleware/auth.js'
import { bodyOf, parseId, validate } from '../middleware/validate.js'
import { clientAddress, WindowLimiter } from '../lib/rate-limit.js'
import {
  completePasswordReset,
  createPasswordReset,
  findLiveReset,
  maskEmail,
  RESET_WINDOW_MS,
  RESET_WRONG_CODE,
} from '../lib/password-reset.js'
import { displayName, findUser } from '../lib/users.js'
import { fail } from '../lib/http-error.js'

/** Per-IP limits of the public reset calls, counted in the database so every instance sees every try. */
const limiters = {
  request: new WindowLimiter('reset-request', 10, RESET_WINDOW_MS),
  confirm: new WindowLimiter('reset-confirm', 20, RESET_WINDOW_MS),
}

/** The caller's address as the limiter counts it; a caller past the limiter's count is refused (429). */
async function addressUnderLimit(c: Context<AppEnv>, limiter: WindowLimiter) {
  const key = `ip:${clientAddress(c, c.var.config.trustProxyHops)}`
  const wait = await limiter.blockedFor(c.var.db, key, c.var.config.now())
  if (wait)
    fail(429, `Too many attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`, {
      headers: { 'Retry-After': String(wait) },
    })
  return key
}

/** The accounts on a phone number, newest first: a family or a business may share one. */
function accountsByPhone(db: Queryable, e164: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('phone_number', '=', e164)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

/** password-reset/ and password-reset/confirm/: the "Forgot password?" flow (public). */
export const passwordResetRoutes = new Hono<AppEnv>({ strict: false })
  .post('/password-reset', validate('json', bodyOf('POST password-reset/')), async (c) => {
    const { db, config } = c.var
    const body = c.req.valid('json')
    const { request } = limiters
    const ipKey = await addressUnderLimit(c, request)
    // Every request counts, found or not: the per-IP limit is what stops someone probing many accounts.
    await request.fail(db, ipKey, config.now())
    const now = config.now()
    const e164 = body.phone ? normaliseNigerianPhone(body.phone) : null
    if (body.phone && !body.email && !e164) fail(400, 'Enter a Nigerian mobile number, e.g. 0803 123 4567')
    const [userId, ...sharedWith] = body.email
      ? (await db.selectFrom('users').select('id').where('email', '=', body.email).execute()).map((r) => r.id)
      : (await accountsByPhone(db, e164!)).map((r) => r.id)
    // The answer is the same either way, and a flooded account silently gets nothing more. A shared
    // number gets one SMS whose code works for each of its accounts; the person chooses at confirm.
    if (userId)
      await createPasswordReset(db, { id: userId }, body.email ? 'email' : 'sms', now, {
        limited: true,
        sharedWith,
      })
    return c.json({ message: PASSWORD_RESET_SENT })
  })

  .post('/password-reset/confirm', validate('json', bodyOf('POST password-reset/confirm/')), async (c) => {
    const { db, config } = c.var
    const body = c.req.valid('json')
    const { confirm } = limiters
    const ipKey = await addressUnderLimit(c, confirm)
    let proof: { token: string } | { userId: number; code: string }
    let sharedNumber: number[] = []
    if (body.token) proof = { token: body.token }
    else {
      const e164 = normaliseNigerianPhone(body.phone ?? '')
      const accounts = e164 ? await accountsByPhone(db, e164) : []
      const userId = body.account_id ?? accounts[0]?.id
      if (!userId || !accounts.some((a) => a.id === userId)) {
        await confirm.fail(db, ipKey, config.now())
        fail(400, RESET_WRONG_CODE)
      }
      proof = { userId, code: body.code ?? '' }
      if (accounts.length > 1) sharedNumber = accounts.map((a) => a.id)
      if (accounts.length > 1 && body.account_id === undefined) {
        // Which account? Asked only of someone who has the right code, so the list tells a stranger
        // nothing; the code is not used up (a wrong one is counted as any other).
        const checked = await findLiveReset(db, proof, config.now())
        if (!checked.ok) {
          await confirm.fail(db, ipKey, config.now())
          fail(400, checked.message)
        }
        const choice: PasswordResetChoice = {
          message: PASSWORD_RESET_CHOOSE,
          accounts: accounts.map((a) => ({ id: a.id, email: maskEmail(a.email) })),
        }
        return c.json(choice, 409)
      }
    }
    const outcome = await completePasswordReset(db, proof, body.new_password, config.now())
    if (!outcome.ok) {
      await confirm.fail(db, ipKey, config.now())
      fail(400, outcome.message)
    }
    // The one SMS code did its job: it no longer opens the number's other accounts.
    if (sharedNumber.length) {
      await db
        .updateTable('password_resets')
        .set({ used_at: new Date(config.now()).toISOString() })
        .where('user_id', 'in', sharedNumber)
        .where('channel', '=', 'sms')
        .where('used_at', 'is', null)
        .execute()
    }
    return c.json({ message: 'Your password has been changed. Log in with your new password.' })
  })

/** admins/users/{id}/password-reset/: an admin sends someone a reset (they still choose the password). */
export const adminPasswordResetRoutes = new Hono<AppEnv>({ strict: false }).post(
  '/:id/password-reset',
  requireRole('admin'),
  async (c) => {
    const { db, config } = c.var
    const id = parseId(c.req.param('id'))
    const user = (id && (await findUser(db, id))) || fail(404, 'User not found')
    // The body is optional: without one the link goes by email.
    const raw: unknown = await c.req.json().catch(() => ({}))
    const parsed = bodyOf('POST admins/users/{id}/password-reset/').safeParse(raw ?? {})
    if (!parsed.success) fail(400, parsed.error.issues[0]?.message ?? 'Bad request')
    const { channel } = parsed.data
    if (channel === 'sms' && !user.phone_number) {
      fail(400, `${displayName(user)} has no phone number on the account.`)
    }
    await createPasswordReset(db, user, channel, config.now(), { createdBy: c.var.user!.id })
    const where = channel === 'email' ? user.email : user.phone_number
    return c.json({
      message: `A password reset ${channel === 'email' ? 'link' : 'code'} was sent to ${where}.`,
    })
  },
)
