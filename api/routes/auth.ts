import { Hono } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { loginBody, registerAdminBody, registerBody } from '../../contract/auth.js'
import type { AppEnv } from '../types.js'
import { issueCsrfToken } from '../middleware/csrf.js'
import { endSession, startSession } from '../middleware/session.js'
import { requireRole } from '../middleware/auth.js'
import { validate } from '../middleware/validate.js'
import { dummyPasswordHash, verifyPassword } from '../lib/password.js'
import { createUser, fullName, sessionRole } from '../lib/users.js'
import type { Context } from 'hono'

function clientIp(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown' // app.request() in tests has no socket
  }
}

export const authRoutes = new Hono<AppEnv>({ strict: false })
  .get('/token', (c) => c.json({ token: issueCsrfToken(c) }))

  .get('/auth_check', (c) => {
    const user = c.var.user
    if (!user) return c.json({ message: 'Not logged in', role: null }, 401)
    return c.json({
      message: 'authenticated' as const,
      role: sessionRole(user.role),
      id: user.id,
      name: fullName(user) || user.email,
      email: user.email,
    })
  })

  .on(['GET', 'POST'], '/logout', (c) => {
    endSession(c)
    return c.json({ message: 'You have been logged out.' })
  })

  .post('/login', validate('json', loginBody), async (c) => {
    const { username, password } = c.req.valid('json')
    const limiter = c.var.loginLimiter
    const ipKey = `ip:${clientIp(c)}`
    const accountKey = `account:${username.toLowerCase()}`
    const wait = Math.max(limiter.blockedFor(ipKey), limiter.blockedFor(accountKey))
    if (wait > 0) {
      c.header('Retry-After', String(wait))
      return c.json(
        { message: `Too many login attempts. Try again in ${Math.ceil(wait / 60)} minute(s).` },
        429,
      )
    }
    const row = c.var.db
      .prepare('SELECT id, password_hash, role FROM users WHERE email = ?')
      .get(username) as
      { id: number; password_hash: string; role: 'admin' | 'staff' | 'customer' } | undefined
    const ok = await verifyPassword(password, row?.password_hash ?? (await dummyPasswordHash()))
    if (!row || !ok) {
      limiter.fail(ipKey)
      limiter.fail(accountKey)
      return c.json({ message: 'Invalid email or password.' }, 401)
    }
    limiter.reset(accountKey)
    startSession(c, row.id)
    return c.json({ message: sessionRole(row.role) })
  })

  .post('/register', validate('json', registerBody), async (c) => {
    const body = c.req.valid('json')
    const id = await createUser(c.var.db, { ...body, role: 'customer' })
    if (id === null) return c.json({ message: 'An account with this email already exists.' }, 409)
    return c.json({ message: 'Registration successful! Please log in.' })
  })

  .post('/register/admin', requireRole('admin'), validate('json', registerAdminBody), async (c) => {
    const body = c.req.valid('json')
    const id = await createUser(c.var.db, { ...body, phone: body.phoneNumber, role: body.role })
    if (id === null) return c.json({ message: 'An account with this email already exists.' }, 409)
    const what = body.role === 'staff' ? 'Technician' : 'Admin user'
    return c.json({ message: `${what} ${body.fullName} created.`, id })
  })
