import { Hono, type Context, type MiddlewareHandler } from 'hono'
import {
  changesLoginEmail,
  type MessagePreferences,
  type NotificationSettings,
  type Profile,
} from '../../contract/account.js'
import { localPhone } from '../../contract/phone.js'
import { NIGERIAN_STATES, type NigerianState } from '../../contract/nigerian-states.js'
import type { AppEnv } from '../types.js'
import { currentUser, requireLogin, requireSelfOrAdmin } from '../middleware/auth.js'
import { endOtherSessions } from '../middleware/session.js'
import { bodyOf, parseId, validate } from '../middleware/validate.js'
import { emailTaken } from '../lib/users.js'
import { readChoices, readSwitches, saveChoices, saveSwitches } from '../lib/message-preferences.js'
import { isUniqueViolation } from '../db/dialect.js'
import { hashPassword, verifyPassword } from '../lib/password.js'
import { sendMessage } from '../messaging/index.js'
import { clientAddress } from '../lib/rate-limit.js'
import { waitText } from '../middleware/submit-limit.js'
import { fail } from '../lib/http-error.js'

/** The :userId of the path (404 when there is no such account). */
async function targetUserId(c: Context<AppEnv>): Promise<number> {
  const id = parseId(c.req.param('userId'))
  const row = id && (await c.var.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst())
  return row ? row.id : fail(404, 'User not found')
}

/** Only the account holder: even an admin may not set another person's password (they could sign in as them). */
const requireSelf: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.var.user
  if (!user) fail(401, 'Please log in to continue.')
  if (String(user.id) !== c.req.param('userId')) fail(403, 'You can only change your own password.')
  return next()
}

/**
 * Checks the caller's current password, refusing (400) a wrong one. A wrong one is a password guess made
 * through an open session (a phone left logged in), so it counts with the failed logins of that account
 * and address, and past their limit the answer is 429 whatever is typed.
 */
async function checkCurrentPassword(
  c: Context<AppEnv>,
  given: string,
  wrong: { message: string; field?: string },
): Promise<void> {
  const user = currentUser(c)
  const { db, config, loginLimiter } = c.var
  const ip = clientAddress(c, config.trustProxyHops)
  const account = user.email.toLowerCase()
  const now = config.now()
  const wait = await loginLimiter.blockedFor(db, ip, account, now)
  if (wait > 0) {
    fail(429, `Too many wrong passwords. Try again in ${waitText(wait)}.`, {
      headers: { 'Retry-After': String(wait) },
    })
  }
  const { password_hash } = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow()
  if (await verifyPassword(given, password_hash)) {
    await loginLimiter.succeed(db, account)
    return
  }
  await loginLimiter.fail(db, ip, account, now)
  fail(400, wrong.message, { field: wrong.field })
}

/** admins/settings/{userId}/: the profile form (the person themself, or an admin). */
export const profileRoutes = new Hono<AppEnv>({ strict: false })
  .get('/:userId', requireSelfOrAdmin('userId'), async (c) => {
    const id = await targetUserId(c)
    const row =
      (await c.var.db
        .selectFrom('users')
        .select(['first_name', 'last_name', 'email', 'phone_number', 'location', 'landmark', 'city', 'state'])
        .where('id', '=', id)
        .executeTakeFirst()) ?? fail(404, 'User not found')
    const profile: Profile = {
      first_name: row.first_name,
      last_name: row.last_name,
      username: row.email,
      // The form shows the number the way people type it (0803…); it is stored as E.164.
      phone_number: row.phone_number ? localPhone(row.phone_number) : '',
      location: row.location,
      landmark: row.landmark,
      city: row.city,
      state: (NIGERIAN_STATES as readonly string[]).includes(row.state) ? (row.state as NigerianState) : '',
    }
    return c.json(profile)
  })

  .post(
    '/:userId',
    requireSelfOrAdmin('userId'),
    validate('json', bodyOf('POST admins/settings/{userId}/')),
    async (c) => {
      const id = await targetUserId(c)
      const body = c.req.valid('json')
      const { db } = c.var
      const { email: oldEmail } = await db
        .selectFrom('users')
        .select('email')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      const emailChanges = changesLoginEmail(oldEmail, body.username)
      // The login email is the key to the account (password resets go there): a session left open on a
      // shared phone must not be enough to take it. The caller proves it is them with their own password.
      if (emailChanges) {
        if (!body.current_password) {
          fail(400, 'Enter your current password to change your login email.', { field: 'current_password' })
        }
        await checkCurrentPassword(c, body.current_password, {
          message: 'Current password is incorrect.',
          field: 'current_password',
        })
      }
      const taken = 'An account with this email already exists.'
      if (await emailTaken(db, body.username, id)) fail(409, taken)
      try {
        await db.transaction().execute(async (trx) => {
          // Queued before the change, so it goes to the old address: its owner hears of a change they did not make.
          if (emailChanges) {
            await sendMessage(
              { db: trx },
              {
                to: id,
                template: 'login_email_changed',
                data: { old_email: oldEmail, new_email: body.username },
                channels: ['email'],
              },
            )
          }
          await trx
            .updateTable('users')
            .set({
              first_name: body.first_name,
              last_name: body.last_name,
              email: body.username,
              phone_number: body.phone_number,
              ...(body.location != null && { location: body.location }),
              ...(body.landmark != null && { landmark: body.landmark }),
              ...(body.city != null && { city: body.city }),
              ...(body.state != null && { state: body.state }),
            })
            .where('id', '=', id)
            .execute()
        })
      } catch (err) {
        // Taken between the check and the write (another request, another instance): the unique index says so.
        if (isUniqueViolation(err)) fail(409, taken)
        throw err
      }
      return c.json({ message: 'Profile updated successfully.' }, 201)
    },
  )

/** admins/password/{userId}/: the person's own password only. */
export const passwordRoutes = new Hono<AppEnv>({ strict: false }).post(
  '/:userId',
  requireSelf,
  validate('json', bodyOf('POST admins/password/{userId}/')),
  async (c) => {
    const user = currentUser(c)
    const body = c.req.valid('json')
    await checkCurrentPassword(c, body.current_password, { message: 'Current password is incorrect.' })
    const newHash = await hashPassword(body.new_password)
    await c.var.db.updateTable('users').set({ password_hash: newHash }).where('id', '=', user.id).execute()
    // Whoever knew the old password is signed out everywhere else; this browser stays in.
    await endOtherSessions(c, user.id)
    return c.json({ message: 'Password changed successfully.' }, 201)
  },
)

/**
 * admins/notification-settings/{userId}/: the four switches. They now summarise the choices per kind and
 * channel (account/message-preferences/); a save redraws the parts whose switch changed (saveSwitches).
 */
export const notificationSettingsRoutes = new Hono<AppEnv>({ strict: false })
  .get('/:userId', requireSelfOrAdmin('userId'), async (c) => {
    const id = await targetUserId(c)
    const settings: NotificationSettings = await readSwitches(c.var.db, id)
    return c.json(settings)
  })

  .post(
    '/:userId',
    requireSelfOrAdmin('userId'),
    validate('json', bodyOf('POST admins/notification-settings/{userId}/')),
    async (c) => {
      const id = await targetUserId(c)
      const s = c.req.valid('json')
      await c.var.db.transaction().execute((trx) => saveSwitches(trx, id, s))
      return c.json({ message: 'Notification settings saved.' }, 201)
    },
  )

/** account/message-preferences/: the logged-in person's channels per kind of message. */
export const messagePreferenceRoutes = new Hono<AppEnv>({ strict: false })
  .get('/', requireLogin, async (c) => {
    const user = currentUser(c)
    const { db, config } = c.var
    const { phone_number } = await db
      .selectFrom('users')
      .select('phone_number')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    const answer: MessagePreferences = {
      choices: await readChoices(db, user.id),
      phone_missing: !phone_number,
      whatsapp_ready: config.messaging.whatsappProvider !== '',
    }
    return c.json(answer)
  })

  .post('/', requireLogin, validate('json', bodyOf('POST account/message-preferences/')), async (c) => {
    const user = currentUser(c)
    const body = c.req.valid('json')
    await c.var.db.transaction().execute((trx) => saveChoices(trx, user.id, body))
    return c.json({ message: 'Your choices are saved.' }, 201)
  })
