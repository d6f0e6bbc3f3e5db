import { describe, expect, it } from 'vitest'
import { ADMIN, CUSTOMER, Client, adminOnlyCheck, findUserId, lagosDay } from './helpers'
import { onEachLoggedInApp, t, admin, customer } from './app-per-test'
import { sql, type RawBuilder } from 'kysely'

onEachLoggedInApp()

/** What the balance must be, computed independently from the tables (naira). */
const expectedBalance = async () => {
  const sum = async (table: 'payments' | 'withdrawals', where: RawBuilder<boolean>) => {
    const row = await t.db
      .selectFrom(table)
      .select(sql<number>`COALESCE(SUM(amount_kobo), 0)`.as('kobo'))
      .where(where)
      .executeTakeFirstOrThrow()
    return Number(row.kobo)
  }
  const paid = await sum('payments', sql<boolean>`status = 'successful'`)
  const withdrawn = await sum('withdrawals', sql<boolean>`status <> 'Rejected'`)
  return (paid - withdrawn) / 100
}
const addPayment = async (naira: number, status = 'successful') =>
  t.db
    .insertInto('payments')
    .values({
      tx_ref: `T-${Math.random()}`,
      user_id: await findUserId(t.db, CUSTOMER.email),
      amount_kobo: Math.round(naira * 100),
      status,
      gateway: 'sandbox',
      lines: '[]',
    })
    .execute()
const expectAdminOnly = adminOnlyCheck(() => ({ app: t.app, customer }))

describe('GET get/balance', () => {
  it('is successful payments minus withdrawals that are not rejected, in naira', async () => {
    // Seed: two paid checkouts of the demo customer (₦45,500 and ₦29,000) and a failed one (not counted).
    const seeded = await admin.get('get/balance/')
    expect(seeded.status).toBe(200)
    expect(seeded.body).toEqual({ balance: 74_500 })
    expect(seeded.body.balance).toBe(await expectedBalance())

    await addPayment(1000.5)
    await addPayment(99_999, 'failed')
    await addPayment(5000, 'pending')
    expect((await admin.get('get/balance')).body.balance).toBe(75_500.5)

    await admin.post('admins/payment-settings/', {
      bank_name: 'GTBank',
      account_name: 'GreenShield Ltd',
      account_number: '0123456789',
    })
    expect((await admin.post('admins/withdrawals/', { amount: 500.5 })).status).toBe(201)
    expect((await admin.get('get/balance')).body.balance).toBe(75_000)
    await t.db
      .insertInto('withdrawals')
      .values([
        { admin_id: null, amount_kobo: 100000, status: 'Paid' },
        { admin_id: null, amount_kobo: 700000, status: 'Rejected' },
      ])
      .execute()
    const after = await admin.get('get/balance')
    expect(after.body.balance).toBe(74_000)
    expect(after.body.balance).toBe(await expectedBalance())
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
    const date = lagosDay(3)
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
    const { id: pending } = await t.db
      .selectFrom('bookings')
      .select('id')
      .where('status', '=', 'Pending')
      .limit(1)
      .executeTakeFirstOrThrow()
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
      await t.db
        .updateTable('users')
        .set({ created_at: new Date(Date.now() + n * 1000).toISOString() })
        .where('email', '=', `new${n}@test.ng`)
        .execute()
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
