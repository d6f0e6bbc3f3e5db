import { Hono, type Context, type MiddlewareHandler } from 'hono'
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  notificationSettingsBody,
  passwordChangeBody,
  profileBody,
  type NotificationSettings,
  type Profile,
} from '../../contract/account.js'
import { localPhone } from '../../contract/phone.js'
import type { AppEnv } from '../types.js'
import { currentUser, requireSelfOrAdmin } from '../middleware/auth.js'
import { endOtherSessions } from '../middleware/session.js'
import { parseId, validate } from '../middleware/validate.js'
import { emailTakenSqlite } from '../lib/users.js'
import { hashPassword, verifyPassword } from '../lib/password.js'

/** The :userId of the path when that account exists. */
function targetUserId(c: Context<AppEnv>): number | null {
  const id = parseId(c.req.param('userId'))
  if (!id) return null
  return c.var.sqlite.prepare('SELECT 1 FROM users WHERE id = ?').get(id) ? id : null
}

/** Only the account holder: even an admin may not set another person's password (they could sign in as them). */
const requireSelf: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.var.user
  if (!user) return c.json({ message: 'Please log in to continue.' }, 401)
  if (String(user.id) !== c.req.param('userId')) {
    return c.json({ message: 'You can only change your own password.' }, 403)
  }
  return next()
}

const userNotFound = (c: Context<AppEnv>) => c.json({ message: 'User not found' }, 404)

/** admins/settings/{userId}/: the profile form (the person themself, or an admin). */
export const profileRoutes = new Hono<AppEnv>({ strict: false })
  .get('/:userId', requireSelfOrAdmin('userId'), (c) => {
    const id = targetUserId(c)
    if (!id) return userNotFound(c)
    const row = c.var.sqlite
      .prepare('SELECT first_name, last_name, email, phone_number, location FROM users WHERE id = ?')
      .get(id) as Omit<Profile, 'username'> & { email: string }
    const profile: Profile = {
      first_name: row.first_name,
      last_name: row.last_name,
      username: row.email,
      // The form shows the number the way people type it (0803…); it is stored as E.164.
      phone_number: row.phone_number ? localPhone(row.phone_number) : '',
      location: row.location,
    }
    return c.json(profile)
  })

  .post('/:userId', requireSelfOrAdmin('userId'), validate('json', profileBody), (c) => {
    const id = targetUserId(c)
    if (!id) return userNotFound(c)
    const body = c.req.valid('json')
    if (emailTakenSqlite(c.var.sqlite, body.username, id)) {
      return c.json({ message: 'An account with this email already exists.' }, 409)
    }
    c.var.sqlite
      .prepare(
        `UPDATE users SET first_name = ?, last_name = ?, email = ?, phone_number = ?,
           location = COALESCE(?, location) WHERE id = ?`,
      )
      .run(body.first_name, body.last_name, body.username, body.phone_number, body.location ?? null, id)
    return c.json({ message: 'Profile updated successfully.' }, 201)
  })

/** admins/password/{userId}/: the person's own password only. */
export const passwordRoutes = new Hono<AppEnv>({ strict: false }).post(
  '/:userId',
  requireSelf,
  validate('json', passwordChangeBody),
  async (c) => {
    const user = currentUser(c)
    const body = c.req.valid('json')
    const hash = c.var.sqlite
      .prepare('SELECT password_hash FROM users WHERE id = ?')
      .pluck()
      .get(user.id) as string
    if (!(await verifyPassword(body.current_password, hash))) {
      return c.json({ message: 'Current password is incorrect.' }, 400)
    }
    c.var.sqlite
      .prepare('UPDATE users SET password_hash = ? WHERE id = ?')
      .run(await hashPassword(body.new_password), user.id)
    // Whoever knew the old password is signed out everywhere else; this browser stays in.
    endOtherSessions(c, user.id)
    return c.json({ message: 'Password changed successfully.' }, 201)
  },
)

/** admins/notification-settings/{userId}/: which notifications the person wants. */
export const notificationSettingsRoutes = new Hono<AppEnv>({ strict: false })
  .get('/:userId', requireSelfOrAdmin('userId'), (c) => {
    const id = targetUserId(c)
    if (!id) return userNotFound(c)
    const row = c.var.sqlite
      .prepare('SELECT email, sms, marketing, payment FROM notification_settings WHERE user_id = ?')
      .get(id) as Record<keyof NotificationSettings, number> | undefined
    const settings: NotificationSettings = row
      ? { email: !!row.email, sms: !!row.sms, marketing: !!row.marketing, payment: !!row.payment }
      : DEFAULT_NOTIFICATION_SETTINGS
    return c.json(settings)
  })

  .post('/:userId', requireSelfOrAdmin('userId'), validate('json', notificationSettingsBody), (c) => {
    const id = targetUserId(c)
    if (!id) return userNotFound(c)
    const s = c.req.valid('json')
    c.var.sqlite
      .prepare(
        `INSERT INTO notification_settings (user_id, email, sms, marketing, payment) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (user_id) DO UPDATE SET email = excluded.email, sms = excluded.sms,
             marketing = excluded.marketing, payment = excluded.payment`,
      )
      .run(id, +s.email, +s.sms, +s.marketing, +s.payment)
    return c.json({ message: 'Notification settings saved.' }, 201)
  })
