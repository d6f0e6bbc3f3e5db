import { describe, expect, it } from 'vitest'
import {
  ADMIN,
  CUSTOMER,
  Client,
  adminOnlyCheck,
  onEachLoggedInApp,
  userIdOf,
  type TestContext,
} from './helpers'
import { todayIso, BUSINESS_TIME_ZONE } from '../../contract/dates'

let t: TestContext
let admin: Client
let customer: Client
onEachLoggedInApp((fresh) => ({ t, admin, customer } = fresh))

const userId = (email: string) => userIdOf(t.sqlite, email)
/** What the balance must be, computed independently from the tables (naira). */
const expectedBalance = () => {
  const paid = t.sqlite
    .prepare("SELECT COALESCE(SUM(amount_kobo), 0) FROM payments WHERE status = 'successful'")
    .pluck()
    .get() as number
  const withdrawn = t.sqlite
    .prepare("SELECT COALESCE(SUM(amount_kobo), 0) FROM withdrawals WHERE status <> 'Rejected'")
    .pluck()
    .get() as number
  return (paid - withdrawn) / 100
}
const addPayment = (naira: number, status = 'successful') =>
  t.sqlite
    .prepare(
      `INSERT INTO payments (tx_ref, user_id, amount_kobo, status, gateway, lines)
       VALUES (?, ?, ?, ?, 'sandbox', '[]')`,
    )
    .run(`T-${Math.random()}`, userId(CUSTOMER.email), Math.round(naira * 100), status)
const expectAdminOnly = adminOnlyCheck(() => ({ app: t.app, customer }))

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
    t.sqlite
      .prepare("INSERT INTO withdrawals (admin_id, amount_kobo, status) VALUES (NULL, 100000, 'Paid')")
      .run()
    t.sqlite
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
      [
        'date',
        'emergency',
        'full_name',
        'id',
        'info',
        'location',
        'phone_number',
        'service',
        'status',
        'time',
      ].sort(),
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
    const pending = t.sqlite.prepare("SELECT id FROM bookings WHERE status = 'Pending' LIMIT 1").pluck().get()
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
      t.sqlite
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
