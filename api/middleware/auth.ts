import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv, DbRole, SessionUser } from '../types.js'

export const requireLogin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) return c.json({ message: 'Please log in to continue.' }, 401)
  return next()
}

/** The 401/403 answer when the caller is not logged in with one of `roles`; null when they are. */
export function refusal(c: Context<AppEnv>, roles: readonly DbRole[]): Response | null {
  const user = c.var.user
  if (!user) return c.json({ message: 'Please log in to continue.' }, 401)
  if (!roles.includes(user.role)) return c.json({ message: 'You do not have permission to do that.' }, 403)
  return null
}

export function requireRole(...roles: DbRole[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => refusal(c, roles) ?? next()
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
