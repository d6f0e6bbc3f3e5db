import { Hono, type Context } from 'hono'
import type { AdminUser } from '../../contract/users.js'
import type { AppEnv, DbRole } from '../types.js'
import { currentUser, requireRole } from '../middleware/auth.js'
import { bodyOf, parseId, validate } from '../middleware/validate.js'
import { displayName, findUser, newestUsers, roleLabel } from '../lib/users.js'
import { fail } from '../lib/http-error.js'

/** The account the :id of the path names (404 when there is none). */
async function userOfPath(c: Context<AppEnv>) {
  const id = parseId(c.req.param('id'))
  return (id && (await findUser(c.var.db, id))) || fail(404, 'User not found')
}

/** get/users/: every account, newest first. */
export const userListRoutes = new Hono<AppEnv>({ strict: false }).get(
  '/',
  requireRole('admin'),
  async (c) => {
    const users: AdminUser[] = (await newestUsers(c.var.db)).map((u) => ({
      id: u.id,
      full_name: displayName(u),
      username: u.email,
      phone_number: u.phone_number,
      role: roleLabel(u.role),
    }))
    return c.json(users)
  },
)

/** admins/users/{id}/: the admin changes someone's role or phone number. */
export const userEditRoutes = new Hono<AppEnv>({ strict: false }).post(
  '/:id',
  requireRole('admin'),
  validate('json', bodyOf('POST admins/users/{id}/')),
  async (c) => {
    const body = c.req.valid('json')
    const user = await userOfPath(c)
    const role = body.role?.toLowerCase() as DbRole | undefined
    if (role === undefined && body.phone_number === undefined) {
      fail(400, 'Send a role or a phone number to change.')
    }
    if (role && role !== user.role && user.id === currentUser(c).id) {
      // Otherwise the last admin could lock everyone out of the back office.
      fail(400, 'You cannot change your own role.')
    }
    await c.var.db
      .updateTable('users')
      .set({
        ...(role !== undefined && { role }),
        ...(body.phone_number !== undefined && { phone_number: body.phone_number }),
      })
      .where('id', '=', user.id)
      .execute()
    return c.json({ message: `${displayName(user)} updated.` })
  },
)

/** DELETE admins/delete/{id}/user/ (admin; dispatched by routes/deletions.ts). */
export async function deleteUser(c: Context<AppEnv>) {
  const user = await userOfPath(c)
  if (user.id === currentUser(c).id) fail(400, 'You cannot delete your own account.')
  // Sessions, cart and notifications go with the account; bookings, orders and payments stay (user_id NULL).
  await c.var.db.deleteFrom('users').where('id', '=', user.id).execute()
  return c.body(null, 204)
}
