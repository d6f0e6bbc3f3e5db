import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ADMIN, CUSTOMER, Client, makeLoggedInApp, userIdOf, type TestContext } from './helpers'
import { migrate, openDatabase } from '../../api/db'
import { seedIfEmpty } from '../../api/db/seed'
import { formatNaira } from '../../contract/money'
import { todayIso, BUSINESS_TIME_ZONE } from '../../contract/dates'

let t: TestContext
let admin: Client
let customer: Client
beforeEach(async () => {
  ;({ t, admin, customer } = await makeLoggedInApp())
})
afterEach(() => t.close())

const userId = (email: string) => userIdOf(t.db, email)
/** What the balance must be, computed independently from the tables (naira). */
const expectedBalance = () => {
  const paid = t.db
    .prepare("SELECT COALESCE(SUM(amount_kobo), 0) FROM payments WHERE status = 'successful'")
    .pluck()
    .get() as number
  const withdrawn = t.db
    .prepare("SELECT COALESCE(SUM(amount_kobo), 0) FROM withdrawals WHERE status <> 'Rejected'")
    .pluck()
    .get() as number
  return (paid - withdrawn) / 100
}
const addPayment = (naira: number, status = 'successful') =>
  t.db
    .prepare(
      `INSERT INTO payments (tx_ref, user_id, amount_kobo, status, gateway, lines)
       VALUES (?, ?, ?, ?, 'sandbox', '[]')`,
    )
    .run(`T-${Math.random()}`, userId(CUSTOMER.email), Math.round(naira * 100), status)

/** Every admin-only GET answers 401 logged out and 403 to a customer. */
async function expectAdminOnly(method: 'get' | 'post' | 'delete', path: string, body?: unknown) {
  const anonymous = new Client(t.app)
  const call = (c: Client) => (method === 'post' ? c.post(path, body) : c[method](path))
  const out = await call(anonymous)
  expect(out.status).toBe(401)
  expect(out.body.message).toBeTruthy()
  const denied = await call(customer)
  expect(denied.status).toBe(403)
  expect(denied.body.message).toBeTruthy()
}

describe('GET get/balance', () => {
  it('is successful payments minus withdrawals that are not rejected, in naira', async () => {
    // Seed: two paid checkouts of the demo customer (₦45,500 and ₦29,000) and a failed one (not counted).
    const seeded = await admin.get('get/balance/')
    expect(seeded.status).toBe(200)
    expect(seeded.body).toEqual({ balance: 74_500 })
    expect(seeded.body.balance).toBe(expectedBalance())

    addPayment(1000.5)
    addPayment(99_999, 'failed')
    addPayment(5000, 'pending')
    expect((await admin.get('get/balance')).body.balance).toBe(75_500.5)

    expect((await admin.post('admins/withdrawals/', { amount: 500.5 })).status).toBe(201)
    expect((await admin.get('get/balance')).body.balance).toBe(75_000)
    t.db
      .prepare("INSERT INTO withdrawals (admin_id, amount_kobo, status) VALUES (NULL, 100000, 'Paid')")
      .run()
    t.db
      .prepare("INSERT INTO withdrawals (admin_id, amount_kobo, status) VALUES (NULL, 700000, 'Rejected')")
      .run()
    const after = await admin.get('get/balance')
    expect(after.body.balance).toBe(74_000)
    expect(after.body.balance).toBe(expectedBalance())
  })
  it('is admin-only', () => expectAdminOnly('get', 'get/balance'))
})

describe('GET get/stat', () => {
  it('describes the seeded data', async () => {
    const res = await admin.get('get/stat')
    expect(res.status).toBe(200)
    expect(res.body.total_bookings).toEqual({ total_bookings: 4 })
    expect(res.body.completed).toEqual({ completed_services: 1 })
    expect(res.body.balance).toBe(74_500)
    expect(res.body.latest_bookings).toHaveLength(4)
    expect(Object.keys(res.body.latest_bookings[0]).sort()).toEqual(
      ['date', 'full_name', 'id', 'info', 'location', 'phone_number', 'service', 'status', 'time'].sort(),
    )
    expect(res.body.users).toHaveLength(2)
    expect(res.body.users).toContainEqual({ full_name: 'Site Admin', role: 'Admin', email: ADMIN.email })
    expect(res.body.users).toContainEqual({
      full_name: 'Ada Customer',
      role: 'Customer',
      email: CUSTOMER.email,
    })
  })

  it('moves when bookings are added, completed and cancelled, and when users register', async () => {
    const date = todayIso(new Date(Date.now() + 3 * 86_400_000), BUSINESS_TIME_ZONE)
    const booked = await customer.post('appointment/', {
      phone_number: '0803 123 4567',
      location: '3 Marina Road, Lagos Island',
      service: 'cleaning',
      date,
      time: '10:30',
      info: 'Office carpets',
    })
    expect(booked.status).toBe(201)
    let stats = (await admin.get('get/stat')).body
    expect(stats.total_bookings.total_bookings).toBe(5)
    expect(stats.latest_bookings[0]).toMatchObject({
      id: booked.body.id,
      location: '3 Marina Road, Lagos Island',
    })
    expect(stats.completed.completed_services).toBe(1)

    // Pending → Confirmed → Completed
    expect((await admin.post(`admins/actions/${booked.body.id}/`)).status).toBe(200)
    expect((await admin.post(`admins/actions/${booked.body.id}/`)).body.status).toBe('Completed')
    stats = (await admin.get('get/stat')).body
    expect(stats.completed.completed_services).toBe(2)
    expect(stats.latest_bookings[0].status).toBe('Completed')

    // A cancelled booking no longer counts.
    const pending = t.db.prepare("SELECT id FROM bookings WHERE status = 'Pending' LIMIT 1").pluck().get()
    expect((await admin.delete(`admins/delete/${pending}/booking/`)).status).toBe(204)
    stats = (await admin.get('get/stat')).body
    expect(stats.total_bookings.total_bookings).toBe(4)

    // Five newest users, newest first.
    for (const n of [1, 2, 3, 4, 5]) {
      const res = await new Client(t.app).post('register/', {
        fullName: `New Person${n}`,
        email: `new${n}@test.ng`,
        password: 'password-123',
      })
      expect(res.status).toBe(200)
      t.db
        .prepare('UPDATE users SET created_at = ? WHERE email = ?')
        .run(new Date(Date.now() + n * 1000).toISOString(), `new${n}@test.ng`)
    }
    stats = (await admin.get('get/stat')).body
    expect(stats.users.map((u: { email: string }) => u.email)).toEqual([
      'new5@test.ng',
      'new4@test.ng',
      'new3@test.ng',
      'new2@test.ng',
      'new1@test.ng',
    ])
    expect(stats.users[0]).toEqual({ full_name: 'New Person5', role: 'Customer', email: 'new5@test.ng' })

    addPayment(500)
    expect((await admin.get('get/stat')).body.balance).toBe(75_000)
  })

  it('is admin-only', () => expectAdminOnly('get', 'get/stat'))
})

describe('GET get/users', () => {
  it('lists every account with its role label', async () => {
    t.db
      .prepare(
        `INSERT INTO users (email, password_hash, first_name, last_name, phone_number, role)
         VALUES ('field@test.ng', 'x', 'Femi', 'Staff', '+2348090001111', 'staff')`,
      )
      .run()
    const res = await admin.get('get/users/')
    expect(res.status).toBe(200)
    expect(res.body).toHaveLength(3)
    expect(res.body).toContainEqual({
      id: userId(CUSTOMER.email),
      full_name: 'Ada Customer',
      username: CUSTOMER.email,
      phone_number: '+2348031234567',
      role: 'Customer',
    })
    expect(res.body.find((u: { username: string }) => u.username === 'field@test.ng').role).toBe('Staff')
    expect(res.body.find((u: { username: string }) => u.username === ADMIN.email).role).toBe('Admin')
  })
  it('is admin-only', () => expectAdminOnly('get', 'get/users'))
})

describe('POST admins/users/{id}', () => {
  it('changes the role (labels or lowercase) and normalises the phone', async () => {
    const id = userId(CUSTOMER.email)
    const res = await admin.post(`admins/users/${id}/`, { role: 'Staff', phone_number: '0805 555 1234' })
    expect(res.status).toBe(200)
    expect(res.body.message).toMatch(/Ada Customer/)
    const row = t.db.prepare('SELECT role, phone_number FROM users WHERE id = ?').get(id)
    expect(row).toEqual({ role: 'staff', phone_number: '+2348055551234' })
    // The new role applies to the live session at once.
    expect((await customer.get('auth_check')).body.role).toBe('staff')

    expect((await admin.post(`admins/users/${id}`, { role: 'customer' })).status).toBe(200)
    const listed = (await admin.get('get/users')).body.find((u: { id: number }) => u.id === id)
    expect(listed).toMatchObject({ role: 'Customer', phone_number: '+2348055551234' })
  })
  it('lets an admin update its own phone but not its own role', async () => {
    const me = userId(ADMIN.email)
    const refused = await admin.post(`admins/users/${me}`, { role: 'customer' })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe('You cannot change your own role.')
    expect(t.db.prepare('SELECT role FROM users WHERE id = ?').pluck().get(me)).toBe('admin')
    expect((await admin.post(`admins/users/${me}`, { phone_number: '+234 809 000 0002' })).status).toBe(200)
  })
  it('answers 400 for a bad role, a bad phone or nothing to change, 404 for an unknown user', async () => {
    const id = userId(CUSTOMER.email)
    const badRole = await admin.post(`admins/users/${id}`, { role: 'superuser' })
    expect(badRole.status).toBe(400)
    expect(badRole.body.message).toBe('Role must be Admin, Staff or Customer')
    const badPhone = await admin.post(`admins/users/${id}`, { phone_number: '12345' })
    expect(badPhone.status).toBe(400)
    expect(badPhone.body.message).toMatch(/Nigerian mobile number/)
    const empty = await admin.post(`admins/users/${id}`, {})
    expect(empty.status).toBe(400)
    expect(empty.body.message).toBe('Send a role or a phone number to change.')
    const unknown = await admin.post('admins/users/99999', { role: 'staff' })
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('User not found')
  })
  it('is admin-only and needs the CSRF header', async () => {
    await expectAdminOnly('post', `admins/users/${userId(CUSTOMER.email)}`, { role: 'admin' })
    const forged = await admin.post(
      `admins/users/${userId(CUSTOMER.email)}`,
      { role: 'admin' },
      { 'X-CSRFToken': '' },
    )
    expect(forged.status).toBe(403)
    expect(forged.body.message).toMatch(/CSRF/)
    expect(t.db.prepare('SELECT role FROM users WHERE email = ?').pluck().get(CUSTOMER.email)).toBe(
      'customer',
    )
  })
})

describe('DELETE admins/delete/{id}/user', () => {
  it('deletes the account and its sessions but keeps its payments, orders and bookings', async () => {
    const id = userId(CUSTOMER.email)
    const before = (await admin.get('get/balance')).body.balance
    const res = await admin.delete(`admins/delete/${id}/user/`)
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
    expect(t.db.prepare('SELECT 1 FROM users WHERE id = ?').get(id)).toBeUndefined()
    expect((await customer.get('auth_check')).status).toBe(401)
    expect((await admin.get('get/balance')).body.balance).toBe(before)
    expect(t.db.prepare('SELECT COUNT(*) FROM orders WHERE user_id IS NULL').pluck().get()).toBe(4)
    const orders = (await admin.get('admins/orders')).body
    expect(orders[0].user).toBe('Ada Customer')
    expect((await admin.get('get/users')).body).toHaveLength(1)
  })
  it('refuses to delete the caller (400) and answers 404 for an unknown user', async () => {
    const self = await admin.delete(`admins/delete/${userId(ADMIN.email)}/user`)
    expect(self.status).toBe(400)
    expect(self.body).toEqual({ message: 'You cannot delete your own account.' })
    expect((await admin.get('auth_check')).status).toBe(200)
    const unknown = await admin.delete('admins/delete/424242/user')
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('User not found')
  })
  it('is admin-only', () => expectAdminOnly('delete', `admins/delete/${userId(ADMIN.email)}/user`))
  it('answers 400 for an unknown kind', async () => {
    const res = await admin.delete('admins/delete/1/order/')
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: 'Unknown kind: order. Use user, product, booking or cart.' })
    expect((await new Client(t.app).delete('admins/delete/1/order')).status).toBe(401)
  })
})

describe('admins/withdrawals', () => {
  it('records a withdrawal up to the balance and lists them newest first', async () => {
    const first = await admin.post('admins/withdrawals/', { amount: 20_000 })
    expect(first.status).toBe(201)
    expect(first.body.message).toBe(`Withdrawal of ${formatNaira(20_000)} requested.`)
    expect(typeof first.body.id).toBe('number')
    const second = await admin.post('admins/withdrawals', { amount: '54500' })
    expect(second.status).toBe(201)
    expect((await admin.get('get/balance')).body.balance).toBe(0)

    const list = await admin.get('admins/withdrawals/')
    expect(list.status).toBe(200)
    expect(list.body).toHaveLength(2)
    expect(list.body[0]).toMatchObject({
      id: second.body.id,
      amount: 54_500,
      status: 'Pending',
      admin: 'Site Admin',
    })
    expect(list.body[1]).toMatchObject({ id: first.body.id, amount: 20_000 })
    expect(Date.parse(list.body[0].created)).not.toBeNaN()
  })
  it('refuses more than the balance, naming it, and amounts of zero or less', async () => {
    const tooMuch = await admin.post('admins/withdrawals', { amount: 74_500.01 })
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.body.message).toBe(
      `The amount is more than the available balance of ${formatNaira(74_500)}.`,
    )
    expect(tooMuch.body.message).toContain('₦74,500.00')
    for (const amount of [0, -5, 'abc']) {
      const res = await admin.post('admins/withdrawals', { amount })
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(/Amount/)
    }
    expect(t.db.prepare('SELECT COUNT(*) FROM withdrawals').pluck().get()).toBe(0)
    // A rejected withdrawal gives its money back.
    await admin.post('admins/withdrawals', { amount: 74_500 })
    expect((await admin.post('admins/withdrawals', { amount: 1 })).status).toBe(400)
    t.db.prepare("UPDATE withdrawals SET status = 'Rejected'").run()
    expect((await admin.post('admins/withdrawals', { amount: 1 })).status).toBe(201)
  })
  it('is admin-only', async () => {
    await expectAdminOnly('get', 'admins/withdrawals')
    await expectAdminOnly('post', 'admins/withdrawals', { amount: 10 })
  })
})

describe('admins/payment-settings', () => {
  const settings = {
    bank_name: 'Guaranty Trust Bank',
    account_name: 'GreenShield Services Ltd',
    account_number: '0123456789',
    swift_code: 'gtbinglaxxx',
    auto_withdraw: true,
    threshold: 250_000,
  }
  it('answers empty values before anything is saved, then what was saved', async () => {
    const empty = await admin.get('admins/payment-settings/')
    expect(empty.status).toBe(200)
    expect(empty.body).toEqual({
      bank_name: '',
      account_name: '',
      account_number: '',
      swift_code: '',
      auto_withdraw: false,
      threshold: 0,
    })
    const saved = await admin.post('admins/payment-settings/', settings)
    expect(saved.status).toBe(201)
    expect(saved.body.message).toBeTruthy()
    expect((await admin.get('admins/payment-settings')).body).toEqual({
      ...settings,
      swift_code: 'GTBINGLAXXX',
    })
    // Saving again replaces; the SWIFT code is optional.
    const { swift_code: _omitted, ...withoutSwift } = settings
    expect(
      (await admin.post('admins/payment-settings', { ...withoutSwift, auto_withdraw: false })).status,
    ).toBe(201)
    expect((await admin.get('admins/payment-settings')).body).toMatchObject({
      swift_code: '',
      auto_withdraw: false,
    })
  })
  it('answers 400 with a message for a bad account number or missing bank name', async () => {
    const short = await admin.post('admins/payment-settings', { ...settings, account_number: '12345' })
    expect(short.status).toBe(400)
    expect(short.body.message).toBe('Account number must be 10 digits (NUBAN)')
    const noBank = await admin.post('admins/payment-settings', { ...settings, bank_name: ' ' })
    expect(noBank.status).toBe(400)
    expect(noBank.body.message).toBe('Bank name is required')
    const badSwift = await admin.post('admins/payment-settings', { ...settings, swift_code: 'ABC' })
    expect(badSwift.status).toBe(400)
    expect(badSwift.body.message).toMatch(/SWIFT/)
  })
  it('is admin-only', async () => {
    await expectAdminOnly('get', 'admins/payment-settings')
    await expectAdminOnly('post', 'admins/payment-settings', settings)
  })
})

describe('seed and migration 002', () => {
  it('seeds the demo purchase history once: a second start adds nothing', async () => {
    const count = () =>
      t.db
        .prepare(
          `SELECT (SELECT COUNT(*) FROM payments) || '/' || (SELECT COUNT(*) FROM orders) || '/' ||
                  (SELECT COUNT(*) FROM notifications)`,
        )
        .pluck()
        .get()
    expect(count()).toBe('3/4/3')
    const headings = t.db.prepare('SELECT heading FROM notifications').pluck().all()
    expect(headings).toEqual(expect.arrayContaining(['Payment Successful', 'Failed Payment']))
    const again = await seedIfEmpty(t.db, t.config, {
      adminEmail: ADMIN.email,
      demoEmail: CUSTOMER.email,
      imagesDir: path.resolve('public/products'),
    })
    expect(again).toBe(false)
    expect(count()).toBe('3/4/3')
  })

  it('keeps existing payments and their orders linked when it rebuilds the payments table', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-mig-'))
    const only001 = path.join(dir, 'migrations')
    fs.mkdirSync(only001)
    fs.copyFileSync('api/db/migrations/001_init.sql', path.join(only001, '001_init.sql'))
    const db = openDatabase(path.join(dir, 'app.db'))
    try {
      migrate(db, only001)
      db.prepare(
        "INSERT INTO users (id, email, password_hash, role) VALUES (7, 'p@test.ng', 'x', 'customer')",
      ).run()
      db.prepare(
        `INSERT INTO payments (id, tx_ref, user_id, amount_kobo, status, gateway, lines)
         VALUES (3, 'OLD-1', 7, 150000, 'successful', 'sandbox', '[]')`,
      ).run()
      db.prepare(
        "INSERT INTO orders (user_id, payment_id, product_name, quantity, price_kobo) VALUES (7, 3, 'Gel', 1, 150000)",
      ).run()
      expect(() => db.prepare('DELETE FROM users WHERE id = 7').run()).toThrow(/FOREIGN KEY/)

      migrate(db)
      expect(db.prepare('SELECT payment_id FROM orders').pluck().get()).toBe(3)
      db.prepare('DELETE FROM users WHERE id = 7').run()
      expect(db.prepare('SELECT id, user_id, amount_kobo FROM payments').all()).toEqual([
        { id: 3, user_id: null, amount_kobo: 150000 },
      ])
      expect(db.pragma('foreign_key_check')).toEqual([])
    } finally {
      db.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
