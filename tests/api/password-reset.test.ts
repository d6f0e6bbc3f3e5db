import { describe, expect, it } from 'vitest'
import { type TestContext, ADMIN, CUSTOMER, Client, findUserId, signUp, suiteNow } from './helpers'
import { secondInstance } from './instances'
import { messagingTestFile } from './messaging-helpers'
import type { MessageSender } from '../../api/messaging'
import { PASSWORD_RESET_SENT } from '../../contract/account'

const { smtp, termii, appSendingToFakes } = messagingTestFile()

let t: TestContext
let sender: MessageSender
let clock: number

async function app() {
  clock = suiteNow()
  ;({ t, sender } = await appSendingToFakes({ now: () => clock }))
}

async function loggedIn(account: { email: string; password: string }) {
  const c = new Client(t.app)
  await c.login(account)
  return c
}

/** Asks for a reset by email and returns the token from the link in the mail. */
async function tokenByEmail(email = CUSTOMER.email) {
  const res = await new Client(t.app).post('password-reset/', { email })
  expect(res.status).toBe(200)
  expect(res.body).toEqual({ message: PASSWORD_RESET_SENT })
  await sender.drain()
  const mail = await smtp.waitFor(email)
  smtp.mails = []
  const link = /http:\/\/localhost:8080\/reset-password\?token=([\w-]+)/.exec(mail.text)
  expect(link).not.toBeNull()
  return link![1]
}

const NEW_PASSWORD = 'a-brand-new-password'

describe('POST password-reset/ and password-reset/confirm/ by email', () => {
  it('mails a link that sets a new password once and ends every session of the account', async () => {
    await app()
    const phone = await loggedIn(CUSTOMER)
    const laptop = await loggedIn(CUSTOMER)
    const token = await tokenByEmail()
    const anonymous = new Client(t.app)
    const done = await anonymous.post('password-reset/confirm/', { token, new_password: NEW_PASSWORD })
    expect(done.status).toBe(200)
    expect(done.body.message).toBe('Your password has been changed. Log in with your new password.')
    // Every other session is over.
    expect((await phone.get('auth_check')).status).toBe(401)
    expect((await laptop.get('auth_check')).status).toBe(401)
    // The old password no longer works; the new one does.
    expect(
      (await new Client(t.app).post('login/', { username: CUSTOMER.email, password: CUSTOMER.password }))
        .status,
    ).toBe(401)
    await loggedIn({ email: CUSTOMER.email, password: NEW_PASSWORD })
    // Single use.
    const again = await anonymous.post('password-reset/confirm/', {
      token,
      new_password: 'another-password-2',
    })
    expect(again.status).toBe(400)
    expect(again.body.message).toBe(
      'This reset link or code has expired or was already used. Ask for a new one.',
    )
  })

  it('a link expires after 30 minutes', async () => {
    await app()
    const token = await tokenByEmail()
    clock += 30 * 60_000 + 1
    const res = await new Client(t.app).post('password-reset/confirm/', { token, new_password: NEW_PASSWORD })
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/expired or was already used/)
    await loggedIn(CUSTOMER)
  })

  it('answers the same for an unknown account and sends nothing', async () => {
    await app()
    const res = await new Client(t.app).post('password-reset/', { email: 'nobody@test.ng' })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: PASSWORD_RESET_SENT })
    await sender.drain()
    expect(smtp.mails).toEqual([])
  })

  it('keeps only a hash of the token, and no secret in the sent-messages table', async () => {
    await app()
    const token = await tokenByEmail()
    const stored = (await t.db.selectFrom('password_resets').select('secret_hash').execute()).map(
      (r) => r.secret_hash,
    )
    expect(stored).toHaveLength(1)
    expect(stored[0]).not.toContain(token)
    const row = await t.db.selectFrom('message_queue').select(['body', 'data']).executeTakeFirstOrThrow()
    expect(row.body).not.toContain(token)
    expect(row.data).toBe('{}')
  })

  it('rejects a made-up token and a short password with a readable message', async () => {
    await app()
    const c = new Client(t.app)
    const bad = await c.post('password-reset/confirm/', { token: 'nope', new_password: NEW_PASSWORD })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/expired or was already used/)
    const short = await c.post('password-reset/confirm/', { token: 'nope', new_password: 'short' })
    expect(short.status).toBe(400)
    expect(short.body.message).toBe('New password must be at least 8 characters')
    const empty = await c.post('password-reset/', {})
    expect(empty.status).toBe(400)
    expect(empty.body.message).toBe('Enter your email or phone number')
  })

  it('is throttled: an account gets at most 3 mails per window, an address at most 10 requests', async () => {
    await app()
    const c = new Client(t.app)
    for (let i = 0; i < 5; i++)
      expect((await c.post('password-reset/', { email: CUSTOMER.email })).status).toBe(200)
    await sender.drain()
    expect(smtp.mails.filter((m) => m.to.includes(CUSTOMER.email))).toHaveLength(3)
    for (let i = 0; i < 5; i++) await c.post('password-reset/', { email: `someone${i}@test.ng` })
    const blocked = await c.post('password-reset/', { email: ADMIN.email })
    expect(blocked.status).toBe(429)
    expect(blocked.headers.get('Retry-After')).toBeTruthy()
  })

  it("counts an address's requests and wrong tries across instances over one database", async () => {
    await app()
    const other = secondInstance(t)
    const [a, b] = [new Client(t.app), new Client(other)]
    for (let i = 0; i < 10; i++)
      expect((await (i % 2 ? b : a).post('password-reset/', { email: `nobody${i}@test.ng` })).status).toBe(
        200,
      )
    for (const c of [a, b]) {
      const blocked = await c.post('password-reset/', { email: CUSTOMER.email })
      expect(blocked.status).toBe(429)
      expect(blocked.body.message).toMatch(/^Too many attempts\. Try again in \d+ minute\(s\)\.$/)
    }
    for (let i = 0; i < 20; i++) {
      const wrong = await (i % 2 ? b : a).post('password-reset/confirm/', {
        token: `made-up-${i}`,
        new_password: NEW_PASSWORD,
      })
      expect(wrong.status).toBe(400)
    }
    expect((await a.post('password-reset/confirm/', { token: 'x', new_password: NEW_PASSWORD })).status).toBe(
      429,
    )
    expect((await b.post('password-reset/confirm/', { token: 'x', new_password: NEW_PASSWORD })).status).toBe(
      429,
    )
  })
})

describe('by SMS code', () => {
  it('texts a 6-digit code; phone + code set the password; wrong codes are limited', async () => {
    await app()
    const session = await loggedIn(CUSTOMER)
    const c = new Client(t.app)
    expect((await c.post('password-reset/', { phone: '0803 123 4567' })).status).toBe(200)
    await sender.drain()
    expect(termii.sent).toHaveLength(1)
    expect(termii.sent[0].to).toBe('2348031234567')
    const code = /code is (\d{6})/.exec(termii.sent[0].sms)![1]
    const wrong = await c.post('password-reset/confirm/', {
      phone: '08031234567',
      code: code === '000000' ? '111111' : '000000',
      new_password: NEW_PASSWORD,
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toBe('That code is not right. Check the SMS and try again.')
    const ok = await c.post('password-reset/confirm/', {
      phone: '+234 803 123 4567',
      code,
      new_password: NEW_PASSWORD,
    })
    expect(ok.status).toBe(200)
    expect((await session.get('auth_check')).status).toBe(401)
    await loggedIn({ email: CUSTOMER.email, password: NEW_PASSWORD })
  })

  it('a number on two accounts: one SMS; the right code asks which account (emails masked); only that one changes', async () => {
    await app()
    const { id: secondId } = await signUp(t, {
      fullName: 'Second Okoro',
      email: 'second.account@test.ng',
      password: 'second-password-1',
    })
    const customerId = await findUserId(t.db, CUSTOMER.email)
    await t.db
      .updateTable('users')
      .set({ phone_number: '+2348031234567' })
      .where('id', '=', secondId)
      .execute()

    const c = new Client(t.app)
    expect((await c.post('password-reset/', { phone: '08031234567' })).body).toEqual({
      message: PASSWORD_RESET_SENT,
    })
    await sender.drain()
    expect(termii.sent).toHaveLength(1)
    const code = /code is (\d{6})/.exec(termii.sent[0].sms)![1]
    const confirm = (change: Record<string, unknown>) =>
      c.post('password-reset/confirm/', { phone: '08031234567', code, new_password: NEW_PASSWORD, ...change })

    // A wrong code learns nothing about the accounts.
    const wrong = await confirm({ code: code === '000000' ? '111111' : '000000' })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toEqual({ message: 'That code is not right. Check the SMS and try again.' })
    // The right code without a choice: which account? Newest first; nothing changed yet.
    const ask = await confirm({})
    expect(ask.status).toBe(409)
    expect(ask.body).toEqual({
      message: 'This number is on more than one account. Choose the one to reset.',
      accounts: [
        { id: secondId, email: 'se***@test.ng' },
        { id: customerId, email: `${CUSTOMER.email.slice(0, 2)}***@${CUSTOMER.email.split('@')[1]}` },
      ],
    })
    // An account that is not on this number is refused like a wrong code.
    const adminId = await findUserId(t.db, ADMIN.email)
    expect((await confirm({ account_id: adminId })).status).toBe(400)

    const chosen = await confirm({ account_id: customerId })
    expect(chosen.status).toBe(200)
    await loggedIn({ email: CUSTOMER.email, password: NEW_PASSWORD })
    await loggedIn({ email: 'second.account@test.ng', password: 'second-password-1' })
    // The code did its one job: the other account cannot be reset with it afterwards.
    expect((await confirm({ account_id: secondId })).status).toBe(400)
  })

  it('voids a code after 5 wrong guesses', async () => {
    await app()
    const c = new Client(t.app)
    await c.post('password-reset/', { phone: '08031234567' })
    await sender.drain()
    const code = /code is (\d{6})/.exec(termii.sent[0].sms)![1]
    const wrongCode = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) {
      await c.post('password-reset/confirm/', {
        phone: '08031234567',
        code: wrongCode,
        new_password: NEW_PASSWORD,
      })
    }
    const late = await c.post('password-reset/confirm/', {
      phone: '08031234567',
      code,
      new_password: NEW_PASSWORD,
    })
    expect(late.status).toBe(400)
    expect(late.body.message).toMatch(/expired or was already used/)
  })
})

describe('POST admins/users/{id}/password-reset/', () => {
  it('lets an admin send someone a reset link; customers may not', async () => {
    await app()
    const admin = await loggedIn(ADMIN)
    const customer = await loggedIn(CUSTOMER)
    const id = await findUserId(t.db, CUSTOMER.email)
    expect((await customer.post(`admins/users/${id}/password-reset/`)).status).toBe(403)
    expect((await new Client(t.app).post(`admins/users/${id}/password-reset/`)).status).toBe(401)
    expect((await admin.post('admins/users/99999/password-reset/')).status).toBe(404)
    const res = await admin.post(`admins/users/${id}/password-reset/`)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(`A password reset link was sent to ${CUSTOMER.email}.`)
    await sender.drain()
    const mail = await smtp.waitFor(CUSTOMER.email)
    expect(mail.text).toMatch(/reset-password\?token=/)
    const sms = await admin.post(`admins/users/${id}/password-reset/`, { channel: 'sms' })
    expect(sms.status).toBe(200)
    await sender.drain()
    expect(termii.sent[0].sms).toMatch(/code is \d{6}/)
  })
})
