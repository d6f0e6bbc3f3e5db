import { Hono } from 'hono'
import type { AppEnv, DbRole } from '../types.js'
import { issueCsrfToken } from '../middleware/csrf.js'
import { endSession, startSession } from '../middleware/session.js'
import { requireRole } from '../middleware/auth.js'
import { bodyOf, validate } from '../middleware/validate.js'
import { dummyPasswordHash, verifyPassword } from '../lib/password.js'
import { createUser, fullName, sessionRole } from '../lib/users.js'
import { clientAddress } from '../lib/rate-limit.js'
import { emailAccount, tooManySubmissions } from '../middleware/submit-limit.js'

export const authRoutes = new Hono<AppEnv>({ strict: false })
  .get('/token', async (c) => c.json({ token: await issueCsrfToken(c) }))

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

  .on(['GET', 'POST'], '/logout', async (c) => {
    await endSession(c)
    return c.json({ message: 'You have been logged out.' })
  })

  .post('/login', validate('json', bodyOf('POST login/')), async (c) => {
    const { username, password } = c.req.valid('json')
    const { db, loginLimiter: limiter } = c.var
    const ip = clientAddress(c, c.var.config.trustProxyHops)
    const account = username.toLowerCase()
    const now = c.var.config.now()
    const wait = await limiter.blockedFor(db, ip, account, now)
    if (wait > 0) {
      c.header('Retry-After', String(wait))
      const when = wait < 60 ? `${wait} second(s)` : `${Math.ceil(wait / 60)} minute(s)`
      return c.json({ message: `Too many login attempts. Try again in ${when}.` }, 429)
    }
    const row = await db
      .selectFrom('users')
      .select(['id', 'password_hash', 'role'])
      .where('email', '=', username)
      .executeTakeFirst()
    const ok = await verifyPassword(password, row?.password_hash ?? (await dummyPasswordHash()))
    if (!row || !ok) {
      await limiter.fail(db, ip, account, now)
      return c.json({ message: 'Invalid email or password.' }, 401)
    }
    await limiter.succeed(db, account)
    await startSession(c, row.id)
    return c.json({ message: sessionRole(row.role as DbRole) })
  })

  .post('/register', validate('json', bodyOf('POST register/')), async (c) => {
    const body = c.req.valid('json')
    // Each sign-up costs a deliberately slow password hash: one place may not make the server do many.
    const refused = await tooManySubmissions(c, 'register', emailAccount(body.email))
    if (refused) return refused
    const id = await createUser(c.var.db, { ...body, role: 'customer' })
    if (id === null) return c.json({ message: 'An account with this email already exists.' }, 409)
    return c.json({ message: 'Registration successful! Please log in.' })
  })

  .post(
    '/register/admin',
    requireRole('admin'),
    validate('json', bodyOf('POST register/admin/')),
    async (c) => {
      const body = c.req.valid('json')
      const id = await createUser(c.var.db, { ...body, phone: body.phoneNumber, role: body.role })
      if (id === null) return c.json({ message: 'An account with this email already exists.' }, 409)
      const what = body.role === 'staff' ? 'Technician' : 'Admin user'
      return c.json({ message: `${what} ${body.fullName} created.`, id })
    },
  )
