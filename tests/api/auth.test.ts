import { describe, expect, it } from 'vitest'
import { ADMIN, CUSTOMER, Client } from './helpers'
import { onEachTestApp, t } from './app-per-test'
import { migrate } from '../../api/db'

onEachTestApp()

describe('GET token', () => {
  it('returns a token and sets the csrftoken cookie; a second call keeps the same token', async () => {
    const c = new Client(t.app)
    const first = await c.get('token')
    expect(first.status).toBe(200)
    expect(first.body.token).toMatch(/^[A-Za-z0-9_-]{32,}$/)
    expect(c.cookies.get('csrftoken')).toBe(first.body.token)
    const second = await c.get('token/')
    expect(second.body.token).toBe(first.body.token)
  })
})

describe('CSRF', () => {
  it('rejects an unsafe call without the header (403, with a message)', async () => {
    const c = new Client(t.app)
    await c.fetchToken()
    const res = await c.post(
      'login/',
      { username: CUSTOMER.email, password: CUSTOMER.password },
      { 'X-CSRFToken': '' },
    )
    expect(res.status).toBe(403)
    expect(res.body.message).toMatch(/CSRF/)
  })
  it('rejects a header that does not match the cookie', async () => {
    const c = new Client(t.app)
    await c.fetchToken()
    const res = await c.post(
      'register/',
      { fullName: 'A B', email: 'a@b.ng', password: '12345678' },
      { 'X-CSRFToken': 'x'.repeat(43) },
    )
    expect(res.status).toBe(403)
  })
})

describe('POST login/ and GET auth_check', () => {
  it('logs a customer in as "user", sets an HttpOnly SameSite=Lax sid, and auth_check describes them', async () => {
    const c = new Client(t.app)
    expect((await c.get('auth_check')).status).toBe(401)
    expect((await c.get('auth_check')).body.role).toBeNull()
    const res = await c.login(CUSTOMER)
    expect(res.body).toEqual({ message: 'user' })
    const cookie = res.headers.getSetCookie().find((l) => l.startsWith('sid='))!
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Lax/)
    const me = await c.get('auth_check/')
    expect(me.status).toBe(200)
    expect(me.body).toMatchObject({
      message: 'authenticated',
      role: 'user',
      email: CUSTOMER.email,
      name: 'Ada Customer',
    })
    expect(typeof me.body.id).toBe('number')
  })
  it('logs the admin in as "admin"', async () => {
    const c = new Client(t.app)
    expect((await c.login(ADMIN)).body.message).toBe('admin')
  })
  it('rotates the session id at login', async () => {
    const c = new Client(t.app)
    await c.login(CUSTOMER)
    const first = c.cookies.get('sid')
    await c.login(CUSTOMER)
    expect(c.cookies.get('sid')).not.toBe(first)
    const old = new Client(t.app)
    old.cookies.set('sid', first!)
    expect((await old.get('auth_check')).status).toBe(401)
  })
  it('answers 401 with a message for a wrong password or unknown account', async () => {
    const c = new Client(t.app)
    const wrong = await c.post('login/', { username: CUSTOMER.email, password: 'nope-nope' })
    expect(wrong.status).toBe(401)
    expect(wrong.body.message).toBe('Invalid email or password.')
    const unknown = await c.post('login/', { username: 'ghost@test.ng', password: 'whatever1' })
    expect(unknown.status).toBe(401)
  })
  it('answers 400 when a field is missing', async () => {
    const c = new Client(t.app)
    const res = await c.post('login/', { username: CUSTOMER.email })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Password is required')
  })
  it('rate-limits repeated failures per account (429 with a message)', async () => {
    const c = new Client(t.app)
    for (let i = 0; i < t.config.loginMaxAttempts; i++) {
      expect((await c.post('login/', { username: ADMIN.email, password: 'wrong-password' })).status).toBe(401)
    }
    const res = await c.post('login/', { username: ADMIN.email, password: ADMIN.password })
    expect(res.status).toBe(429)
    expect(res.body.message).toMatch(/Too many login attempts/)
    expect(res.headers.get('Retry-After')).toBeTruthy()
  })
})

describe('logout/', () => {
  it('destroys the session (GET and POST)', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const c = new Client(t.app)
      await c.login(CUSTOMER)
      const sid = c.cookies.get('sid')!
      const res = await c.request(method, 'logout/')
      expect(res.status).toBe(200)
      expect(res.body.message).toBeTruthy()
      const replay = new Client(t.app)
      replay.cookies.set('sid', sid)
      expect((await replay.get('auth_check')).status).toBe(401)
    }
  })
})

describe('POST register/', () => {
  it('creates a customer who can then log in', async () => {
    const c = new Client(t.app)
    const res = await c.post('register/', {
      fullName: 'Bola Ahmed',
      email: 'bola@test.ng',
      password: 'longenough',
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toMatch(/Registration successful/)
    expect((await c.login({ email: 'bola@test.ng', password: 'longenough' })).body.message).toBe('user')
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'bola@test.ng')
      .executeTakeFirstOrThrow()
    expect(row.password_hash).toMatch(/^scrypt\$/)
    expect(row.password_hash).not.toContain('longenough')
  })
  it('refuses a taken email with 409 and a short password with 400', async () => {
    const c = new Client(t.app)
    expect(
      (
        await c.post('register/', {
          fullName: 'X',
          email: CUSTOMER.email.toUpperCase(),
          password: 'longenough',
        })
      ).status,
    ).toBe(409)
    const short = await c.post('register/', { fullName: 'X', email: 'x@test.ng', password: 'short' })
    expect(short.status).toBe(400)
    expect(short.body.message).toBe('Password must be at least 8 characters')
    const badEmail = await c.post('register/', {
      fullName: 'X',
      email: 'not-an-email',
      password: 'longenough',
    })
    expect(badEmail.body.message).toBe('Enter a valid email address')
  })
})

describe('POST register/admin/', () => {
  const body = {
    fullName: 'Kemi Admin',
    email: 'kemi@test.ng',
    password: 'longenough',
    phoneNumber: '0803 111 2222',
  }
  it('lets an admin add an admin (phone stored in E.164)', async () => {
    const c = new Client(t.app)
    await c.login(ADMIN)
    const res = await c.post('register/admin/', body)
    expect(res.status).toBe(200)
    const row = await t.db
      .selectFrom('users')
      .select(['role', 'phone_number'])
      .where('email', '=', 'kemi@test.ng')
      .executeTakeFirst()
    expect(row).toEqual({ role: 'admin', phone_number: '+2348031112222' })
  })
  it('is 401 logged out and 403 for a customer', async () => {
    const anon = new Client(t.app)
    expect((await anon.post('register/admin/', body)).status).toBe(401)
    const customer = new Client(t.app)
    await customer.login(CUSTOMER)
    expect((await customer.post('register/admin/', body)).status).toBe(403)
  })
})

describe('migrations', () => {
  it('applies nothing twice', async () => {
    expect(await migrate(t.opened)).toEqual([])
  })
})

describe('unknown calls', () => {
  it('answer 404 JSON', async () => {
    const res = await new Client(t.app).get('no/such/thing')
    expect(res.status).toBe(404)
    expect(res.body.message).toBeTruthy()
  })
})
