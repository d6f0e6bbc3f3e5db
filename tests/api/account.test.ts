import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  ADMIN,
  CUSTOMER,
  Client,
  countRows,
  findUserId,
  makeLoggedInApp,
  makeTestApp,
  type TestContext,
} from './helpers'

let t: TestContext
let admin: Client
let customer: Client
let adminId: number
let customerId: number
beforeEach(async () => {
  ;({ t, admin, customer } = await makeLoggedInApp())
  adminId = await findUserId(t.db, ADMIN.email)
  customerId = await findUserId(t.db, CUSTOMER.email)
})
afterEach(() => t.close())

const userColumn = async (id: number, column: 'email' | 'first_name' | 'phone_number') =>
  (await t.db.selectFrom('users').select(column).where('id', '=', id).executeTakeFirstOrThrow())[column]
const sessionsOf = (userId: number) => countRows(t.db, 'sessions', ['user_id', userId])

const profile = {
  first_name: 'Adaeze',
  last_name: 'Nwosu',
  username: 'adaeze@test.ng',
  phone_number: '+234 902 111 2233',
  location: '7 Awolowo Road',
  landmark: 'Beside the police station',
  city: 'Ikoyi',
  state: 'Lagos',
}

describe('GET admins/settings/{userId}', () => {
  it("answers the caller's profile with the phone in local form", async () => {
    const res = await customer.get(`admins/settings/${customerId}/`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      first_name: 'Ada',
      last_name: 'Customer',
      username: CUSTOMER.email,
      phone_number: '08031234567',
      location: '14 Bode Thomas Street',
      landmark: '',
      city: 'Surulere',
      state: 'Lagos',
    })
  })
  it("lets an admin read anyone's, refuses another user's to a customer, 404 for an unknown id", async () => {
    expect((await admin.get(`admins/settings/${customerId}`)).body.username).toBe(CUSTOMER.email)
    const denied = await customer.get(`admins/settings/${adminId}`)
    expect(denied.status).toBe(403)
    expect(denied.body.message).toBe('You can only view or change your own settings.')
    const unknown = await admin.get('admins/settings/31337')
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('User not found')
    expect((await new Client(t.app).get(`admins/settings/${customerId}`)).status).toBe(401)
  })
})

describe('POST admins/settings/{userId}', () => {
  it('saves the profile (201); the new username is the new login email', async () => {
    const res = await customer.post(`admins/settings/${customerId}/`, {
      ...profile,
      current_password: CUSTOMER.password,
    })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ message: 'Profile updated successfully.' })
    expect((await customer.get(`admins/settings/${customerId}`)).body).toEqual({
      ...profile,
      phone_number: '09021112233',
    })
    expect(await userColumn(customerId, 'phone_number')).toBe('+2349021112233')
    expect((await customer.get('auth_check')).body).toMatchObject({
      name: 'Adaeze Nwosu',
      email: profile.username,
    })
    await new Client(t.app).login({ email: profile.username, password: CUSTOMER.password })
  })
  it('keeps the location when none is sent (the admin form has none) and lets an admin save for a user', async () => {
    const { location: _l, landmark: _m, city: _c, state: _s, ...adminForm } = profile
    // The admin changing someone's login email proves who they are with their own password.
    const withPassword = { ...adminForm, current_password: ADMIN.password }
    expect((await admin.post(`admins/settings/${customerId}`, withPassword)).status).toBe(201)
    const saved = (await admin.get(`admins/settings/${customerId}`)).body
    expect(saved).toMatchObject({ location: '14 Bode Thomas Street', city: 'Surulere', state: 'Lagos' })
    expect(saved.first_name).toBe('Adaeze')
  })
  it('answers 409 when the email belongs to another account', async () => {
    const res = await customer.post(`admins/settings/${customerId}`, {
      ...profile,
      username: ADMIN.email.toUpperCase(),
      current_password: CUSTOMER.password,
    })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('An account with this email already exists.')
    // Keeping one's own email is fine.
    expect(
      (await customer.post(`admins/settings/${customerId}`, { ...profile, username: CUSTOMER.email })).status,
    ).toBe(201)
  })
  it.each([
    ["a state that is not one of Nigeria's", { state: 'Texas' }, 'Choose a state'],
    ['a bad email', { username: 'not-an-email' }, 'Enter a valid email address'],
    ['a bad phone', { phone_number: '555-0100' }, expect.stringMatching(/Nigerian mobile number/)],
  ])('refuses %s (400) with a readable message, and keeps the saved profile', async (_, change, message) => {
    const saved = (await customer.get(`admins/settings/${customerId}`)).body
    const res = await customer.post(`admins/settings/${customerId}`, { ...profile, ...change })
    expect(res.status).toBe(400)
    expect(res.body.message).toEqual(message)
    expect((await customer.get(`admins/settings/${customerId}`)).body).toEqual(saved)
  })
  it("refuses another user's settings to a customer (403), and logged-out callers (401), and a forged call", async () => {
    const denied = await customer.post(`admins/settings/${adminId}`, profile)
    expect(denied.status).toBe(403)
    expect(await userColumn(adminId, 'email')).toBe(ADMIN.email)
    expect((await new Client(t.app).post(`admins/settings/${customerId}`, profile)).status).toBe(401)
    const forged = await customer.post(`admins/settings/${customerId}`, profile, { 'X-CSRFToken': '' })
    expect(forged.status).toBe(403)
    expect(forged.body.message).toMatch(/CSRF/)
    expect(await userColumn(customerId, 'email')).toBe(CUSTOMER.email)
  })
})

describe('changing the login email', () => {
  const sameEmail = { ...profile, username: CUSTOMER.email }
  /** The emails queued to this address, by template. */
  const mailTo = async (address: string) =>
    (
      await t.db
        .selectFrom('message_queue')
        .select(['template', 'data'])
        .where('channel', '=', 'email')
        .where('recipient', '=', address)
        .execute()
    ).map((m) => ({ template: m.template, data: JSON.parse(m.data) }))

  it('needs the current password: missing or wrong is 400 with a clear message, and nothing changes', async () => {
    const missing = await customer.post(`admins/settings/${customerId}`, profile)
    expect(missing.status).toBe(400)
    expect(missing.body).toMatchObject({
      message: 'Enter your current password to change your login email.',
      field: 'current_password',
    })
    const wrong = await customer.post(`admins/settings/${customerId}`, {
      ...profile,
      current_password: 'not-my-password',
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toMatchObject({ message: 'Current password is incorrect.', field: 'current_password' })
    expect(await userColumn(customerId, 'email')).toBe(CUSTOMER.email)
    expect(await userColumn(customerId, 'first_name')).toBe('Ada')
    expect(await mailTo(CUSTOMER.email)).toEqual([])
  })

  it('with the right password it changes, and the OLD address is told', async () => {
    const res = await customer.post(`admins/settings/${customerId}`, {
      ...profile,
      current_password: CUSTOMER.password,
    })
    expect(res.status).toBe(201)
    expect(await userColumn(customerId, 'email')).toBe(profile.username)
    expect(await mailTo(CUSTOMER.email)).toEqual([
      {
        template: 'login_email_changed',
        data: { old_email: CUSTOMER.email, new_email: profile.username },
      },
    ])
    expect(await mailTo(profile.username)).toEqual([])
  })

  it('other changes, or the same email in other letter case, need no password and tell no one', async () => {
    const res = await customer.post(`admins/settings/${customerId}`, sameEmail)
    expect(res.status).toBe(201)
    expect(await userColumn(customerId, 'first_name')).toBe('Adaeze')
    const upper = await customer.post(`admins/settings/${customerId}`, {
      ...sameEmail,
      username: CUSTOMER.email.toUpperCase(),
    })
    expect(upper.status).toBe(201)
    expect(await mailTo(CUSTOMER.email)).toEqual([])
    expect(await mailTo(CUSTOMER.email.toUpperCase())).toEqual([])
  })

  it("an admin changing a customer's email gives the admin's own password, not the customer's", async () => {
    const withCustomers = await admin.post(`admins/settings/${customerId}`, {
      ...profile,
      current_password: CUSTOMER.password,
    })
    expect(withCustomers.status).toBe(400)
    expect(withCustomers.body.message).toBe('Current password is incorrect.')
    const withOwn = await admin.post(`admins/settings/${customerId}`, {
      ...profile,
      current_password: ADMIN.password,
    })
    expect(withOwn.status).toBe(201)
    expect((await mailTo(CUSTOMER.email)).map((m) => m.template)).toEqual(['login_email_changed'])
  })
})

describe('guessing the current password through an open session', () => {
  it('counts with failed logins: past the limit both calls answer 429, even with the right password', async () => {
    const own = await makeTestApp({ loginMaxAttempts: 3 })
    try {
      const session = new Client(own.app)
      await session.login(CUSTOMER)
      const id = await findUserId(own.db, CUSTOMER.email)
      const guess = (password: string) =>
        session.post(`admins/settings/${id}`, { ...profile, current_password: password })
      for (const password of ['guess-1', 'guess-2']) expect((await guess(password)).status).toBe(400)
      expect(
        (
          await session.post(`admins/password/${id}`, {
            current_password: 'guess-3',
            new_password: 'a-brand-new-secret',
            confirm_password: 'a-brand-new-secret',
          })
        ).status,
      ).toBe(400)
      const locked = await guess(CUSTOMER.password)
      expect(locked.status).toBe(429)
      expect(locked.body.message).toMatch(/^Too many wrong passwords\. Try again in \d+ minutes?\.$/)
      expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(0)
      expect(
        (await own.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow())
          .email,
      ).toBe(CUSTOMER.email)
      // The same count as the login form's: that account's logins wait too.
      const login = await new Client(own.app).post('login/', {
        username: CUSTOMER.email,
        password: CUSTOMER.password,
      })
      expect(login.status).toBe(429)
    } finally {
      await own.close()
    }
  })
})

describe('POST admins/password/{userId}', () => {
  const change = {
    current_password: CUSTOMER.password,
    new_password: 'a-brand-new-secret',
    confirm_password: 'a-brand-new-secret',
  }
  it('changes the password, ends every other session and keeps the caller logged in', async () => {
    const phone = new Client(t.app)
    await phone.login(CUSTOMER)
    expect((await phone.get('auth_check')).status).toBe(200)

    const res = await customer.post(`admins/password/${customerId}/`, change)
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ message: 'Password changed successfully.' })
    expect((await customer.get('auth_check')).status).toBe(200)
    expect((await phone.get('auth_check')).status).toBe(401)
    expect(await sessionsOf(customerId)).toBe(1)

    const again = new Client(t.app)
    expect(
      (await again.post('login/', { username: CUSTOMER.email, password: CUSTOMER.password })).status,
    ).toBe(401)
    await again.login({ email: CUSTOMER.email, password: change.new_password })
  })
  it.each([
    [
      'a wrong current password',
      { ...change, current_password: 'guess-123' },
      'Current password is incorrect.',
    ],
    [
      'a mismatch',
      { ...change, confirm_password: 'other-one-1' },
      'New password and confirmation do not match',
    ],
    [
      'a short new password',
      { ...change, new_password: 'short', confirm_password: 'short' },
      'New password must be at least 8 characters',
    ],
    ['no current password', { new_password: 'x' }, 'Current password is required'],
  ])('answers 400 for %s, and the password is unchanged', async (_, body, message) => {
    const res = await customer.post(`admins/password/${customerId}`, body)
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(message)
    await new Client(t.app).login(CUSTOMER)
  })
  it("refuses anyone else's password, even to an admin (403), and logged-out callers (401)", async () => {
    const byAdmin = await admin.post(`admins/password/${customerId}`, {
      ...change,
      current_password: ADMIN.password,
    })
    expect(byAdmin.status).toBe(403)
    expect(byAdmin.body.message).toBe('You can only change your own password.')
    expect((await customer.post(`admins/password/${adminId}`, change)).status).toBe(403)
    expect((await new Client(t.app).post(`admins/password/${customerId}`, change)).status).toBe(401)
    await new Client(t.app).login(CUSTOMER)
  })
})

describe('admins/notification-settings/{userId}', () => {
  it('answers the defaults, then what was saved', async () => {
    const defaults = await customer.get(`admins/notification-settings/${customerId}/`)
    expect(defaults.status).toBe(200)
    expect(defaults.body).toEqual({ email: true, sms: false, marketing: false, payment: true })
    const wanted = { email: false, sms: true, marketing: true, payment: false }
    const saved = await customer.post(`admins/notification-settings/${customerId}/`, wanted)
    expect(saved.status).toBe(201)
    expect(saved.body.message).toBeTruthy()
    expect((await customer.get(`admins/notification-settings/${customerId}`)).body).toEqual(wanted)
    // Each user has their own.
    expect((await admin.get(`admins/notification-settings/${adminId}`)).body).toEqual(defaults.body)
    expect((await admin.get(`admins/notification-settings/${customerId}`)).body).toEqual(wanted)
  })
  it('answers 400 for a missing or non-boolean switch', async () => {
    const res = await customer.post(`admins/notification-settings/${customerId}`, { email: true, sms: 'yes' })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('SMS notifications must be true or false')
  })
  it("refuses another user's to a customer (403), logged-out callers (401); 404 for an unknown id", async () => {
    const body = { email: true, sms: true, marketing: true, payment: true }
    expect((await customer.get(`admins/notification-settings/${adminId}`)).status).toBe(403)
    expect((await customer.post(`admins/notification-settings/${adminId}`, body)).status).toBe(403)
    expect((await new Client(t.app).get(`admins/notification-settings/${customerId}`)).status).toBe(401)
    expect((await admin.post('admins/notification-settings/9999', body)).status).toBe(404)
    expect((await admin.get('admins/notification-settings/9999')).status).toBe(404)
  })
})
