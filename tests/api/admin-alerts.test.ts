import { describe, expect, it } from 'vitest'
import { adminOnlyCheck, Client, lagosWeekday } from './helpers'
import { onEachLoggedInApp, t, admin, customer } from './app-per-test'

onEachLoggedInApp()

const adminOnly = adminOnlyCheck(() => ({ app: t.app, customer }))

async function book() {
  const res = await customer.post('appointment/', {
    phone_number: '0803 123 4567',
    location: '3 Marina Road, Lagos Island',
    service: 'fumigation',
    // A weekday: a booking outside the working hours is an emergency call-out, which notifies the admins too.
    date: lagosWeekday(3),
    time: '10:30',
    info: '',
  })
  expect(res.status).toBe(201)
}
const contact = (name: string) =>
  new Client(t.app).post('quick/message/', { name, email: 'a@b.ng', message: 'Hello there' })

describe('admins/alerts/', () => {
  it('counts bookings, orders and messages new since the admin last opened each list', async () => {
    await adminOnly('get', 'admins/alerts/')
    await adminOnly('post', 'admins/alerts/bookings/seen/')
    // Never opened: everything since the admin's account was made counts (here the seed's bookings).
    const first = (await admin.get('admins/alerts/')).body
    expect(first.bookings).toBeGreaterThan(0)
    for (const list of ['bookings', 'orders', 'messages']) {
      expect((await admin.post(`admins/alerts/${list}/seen/`)).status).toBe(200)
    }
    expect((await admin.get('admins/alerts/')).body).toEqual({ bookings: 0, orders: 0, messages: 0 })
    await book()
    await book()
    await contact('Kemi')
    expect((await admin.get('admins/alerts/')).body).toEqual({ bookings: 2, orders: 0, messages: 1 })
    expect((await admin.post('admins/alerts/bookings/seen/')).status).toBe(200)
    expect((await admin.get('admins/alerts/')).body).toEqual({ bookings: 0, orders: 0, messages: 1 })
    await book()
    expect((await admin.get('admins/alerts/')).body.bookings).toBe(1)
    expect((await admin.post('admins/alerts/payments/seen/')).status).toBe(400)
  })
})

describe('admins/messages/ read and archive', () => {
  it('marks read/unread and archives; the views filter', async () => {
    await contact('Kemi')
    const [latest] = (await admin.get('admins/messages/?view=inbox')).body
    expect(latest).toMatchObject({ name: 'Kemi', read: false, archived: false })
    await adminOnly('post', `admins/messages/${latest.id}/read/`)
    const read = await admin.post(`admins/messages/${latest.id}/read/`)
    expect(read.body).toEqual({ message: 'Marked as read', read: true })
    expect((await admin.get('admins/messages/?view=unread')).body.map((m: any) => m.id)).not.toContain(
      latest.id,
    )
    expect((await admin.post(`admins/messages/${latest.id}/read/`, { read: false })).body.read).toBe(false)
    expect((await admin.get('admins/messages/?view=unread')).body.map((m: any) => m.id)).toContain(latest.id)

    const archived = await admin.post(`admins/messages/${latest.id}/archive/`)
    expect(archived.body).toEqual({ message: 'Archived', archived: true })
    expect((await admin.get('admins/messages/?view=inbox')).body.map((m: any) => m.id)).not.toContain(
      latest.id,
    )
    expect((await admin.get('admins/messages/?view=archived')).body.map((m: any) => m.id)).toEqual([
      latest.id,
    ])
    // An archived message no longer counts as new.
    expect((await admin.get('admins/alerts/')).body.messages).toBe(0)
    await admin.post(`admins/messages/${latest.id}/archive/`, { archived: false })
    expect((await admin.get('admins/messages/?view=archived')).body).toEqual([])

    expect((await admin.post('admins/messages/99999/read/')).status).toBe(404)
    expect((await admin.post(`admins/messages/${latest.id}/read/`, { read: 'yes' })).status).toBe(400)
    expect((await admin.get('admins/messages/?view=spam')).status).toBe(400)
  })
})

describe('POST users/notifications/read-all/', () => {
  it('marks every notification of the caller read, and only theirs', async () => {
    await book()
    await book()
    const unread = async (c: Client) =>
      ((await c.get('users/notifications/')).body as any[]).filter((n) => !n.read)
    const before = (await unread(customer)).length
    expect(before).toBeGreaterThanOrEqual(2)
    await t.db
      .insertInto('notifications')
      .columns(['user_id', 'heading', 'body'])
      .expression((eb) =>
        eb
          .selectFrom('users')
          .select(['id', eb.val('x').as('heading'), eb.val('y').as('body')])
          .where('role', '=', 'admin'),
      )
      .execute()
    const res = await customer.post('users/notifications/read-all/')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'All notifications marked as read', count: before })
    expect(await unread(customer)).toHaveLength(0)
    expect(await unread(admin)).toHaveLength(1)
    expect((await new Client(t.app).post('users/notifications/read-all/')).status).toBe(401)
  })
})
