import { describe, expect, it } from 'vitest'
import { ADMIN, CUSTOMER, countRows, adminOnlyCheck, findUserId } from './helpers'
import { onEachLoggedInApp, t, admin, customer } from './app-per-test'

onEachLoggedInApp()

const userId = (email: string) => findUserId(t.db, email)
const roleOf = async (id: number) =>
  (await t.db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirstOrThrow()).role
const expectAdminOnly = adminOnlyCheck(() => ({ app: t.app, customer }))

describe('GET get/users', () => {
  it('lists every account with its role label', async () => {
    await t.db
      .insertInto('users')
      .values({
        email: 'field@test.ng',
        password_hash: 'x',
        first_name: 'Femi',
        last_name: 'Staff',
        phone_number: '+2348090001111',
        role: 'staff',
      })
      .execute()
    const res = await admin.get('get/users/')
    expect(res.status).toBe(200)
    expect(res.body).toHaveLength(3)
    expect(res.body).toContainEqual({
      id: await userId(CUSTOMER.email),
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
    const id = await userId(CUSTOMER.email)
    const res = await admin.post(`admins/users/${id}/`, { role: 'Staff', phone_number: '0805 555 1234' })
    expect(res.status).toBe(200)
    expect(res.body.message).toMatch(/Ada Customer/)
    const row = await t.db
      .selectFrom('users')
      .select(['role', 'phone_number'])
      .where('id', '=', id)
      .executeTakeFirst()
    expect(row).toEqual({ role: 'staff', phone_number: '+2348055551234' })
    // The new role applies to the live session at once.
    expect((await customer.get('auth_check')).body.role).toBe('staff')

    expect((await admin.post(`admins/users/${id}`, { role: 'customer' })).status).toBe(200)
    const listed = (await admin.get('get/users')).body.find((u: { id: number }) => u.id === id)
    expect(listed).toMatchObject({ role: 'Customer', phone_number: '+2348055551234' })
  })
  it('lets an admin update its own phone but not its own role', async () => {
    const me = await userId(ADMIN.email)
    const refused = await admin.post(`admins/users/${me}`, { role: 'customer' })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe('You cannot change your own role.')
    expect(await roleOf(me)).toBe('admin')
    expect((await admin.post(`admins/users/${me}`, { phone_number: '+234 809 000 0002' })).status).toBe(200)
  })
  it('answers 400 for a bad role, a bad phone or nothing to change, 404 for an unknown user', async () => {
    const id = await userId(CUSTOMER.email)
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
    await expectAdminOnly('post', `admins/users/${await userId(CUSTOMER.email)}`, { role: 'admin' })
    const forged = await admin.post(
      `admins/users/${await userId(CUSTOMER.email)}`,
      { role: 'admin' },
      { 'X-CSRFToken': '' },
    )
    expect(forged.status).toBe(403)
    expect(forged.body.message).toMatch(/CSRF/)
    expect(await roleOf(await userId(CUSTOMER.email))).toBe('customer')
  })
})

describe('DELETE admins/delete/{id}/user', () => {
  it('deletes the account and its sessions but keeps its payments, orders and bookings', async () => {
    const id = await userId(CUSTOMER.email)
    const before = (await admin.get('get/balance')).body.balance
    const res = await admin.delete(`admins/delete/${id}/user/`)
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
    expect(
      await t.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined()
    expect((await customer.get('auth_check')).status).toBe(401)
    expect((await admin.get('get/balance')).body.balance).toBe(before)
    expect(await countRows(t.db, 'orders', ['user_id', null])).toBe(4)
    const orders = (await admin.get('admins/orders')).body
    expect(orders[0].user).toBe('Ada Customer')
    expect((await admin.get('get/users')).body).toHaveLength(1)
  })
  it('refuses to delete the caller (400) and answers 404 for an unknown user', async () => {
    const self = await admin.delete(`admins/delete/${await userId(ADMIN.email)}/user`)
    expect(self.status).toBe(400)
    expect(self.body).toEqual({ message: 'You cannot delete your own account.' })
    expect((await admin.get('auth_check')).status).toBe(200)
    const unknown = await admin.delete('admins/delete/424242/user')
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('User not found')
  })
  it('is admin-only', async () =>
    expectAdminOnly('delete', `admins/delete/${await userId(ADMIN.email)}/user`))
})
