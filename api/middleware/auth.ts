import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv, DbRole, SessionUser } from '../types.js'

export const requireLogin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) return c.json({ message: 'Please log in to continue.' }, 401)
  return next()
}

export function requireRole(...roles: DbRole[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.var.user
    if (!user) return c.json({ message: 'Please log in to continue.' }, 401)
    if (!roles.includes(user.role)) return c.json({ message: 'You do not have permission to do that.' }, 403)
    return next()
  }
}

/** For /{userId}/ routes: the user themself, or an admin. */
export function requireSelfOrAdmin(param = 'userId'): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.var.user
    if (!user) return c.json({ message: 'Please log in to continue.' }, 401)
    if (user.role !== 'admin' && String(user.id) !== c.req.param(param)) {
      return c.json({ message: 'You can only view or change your own settings.' }, 403)
    }
    return next()
  }
}

/** The logged-in caller; only call behind requireLogin/requireRole. */
export function currentUser(c: Context<AppEnv>): SessionUser {
  const user = c.var.user
  if (!user) throw new Error('currentUser() used on a route without requireLogin')
  return user
}

/** Role as the client sees it: customers are "user". */
export const sessionRole = (role: DbRole) => (role === 'customer' ? 'user' : role)
export const roleLabel = (role: DbRole) =>
  role === 'admin' ? 'Admin' : role === 'staff' ? 'Staff' : ('Customer' as const)
export const fullName = (u: { first_name: string; last_name: string }) =>
  [u.first_name, u.last_name].filter(Boolean).join(' ')
