import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ADMIN, CUSTOMER, Client, findUserId, lagosDay, makeTestApp, type TestContext } from './helpers'
import { notify } from '../../api/lib/notify'

let t: TestContext
let customer: Client
let customerId: number
beforeEach(async () => {
  t = await makeTestApp()
  customer = new Client(t.app)
  await customer.login(CUSTOMER)
  customerId = (await customer.get('auth_check')).body.id
})
afterEach(() => t.close())

describe('GET users/notifications/', () => {
  it("gives the caller's own notifications newest first, with ISO dates and a read flag", async () => {
    // Start from none: the seed may give the demo customer some.
    await t.db.deleteFrom('notifications').execute()
    const adminId = await findUserId(t.db, ADMIN.email)
    await t.db
      .insertInto('notifications')
      .values({
        user_id: customerId,
        heading: 'Older',
        body: 'first',
        created_at: '2026-01-01T08:00:00.000Z',
      })
      .execute()
    await notify(t.db, customerId, 'Newer', 'second')
    await notify(t.db, adminId, 'For the admin', 'not yours')
    const res = await customer.get('users/notifications/')
    expect(res.status).toBe(200)
    expect(res.body.map((n: any) => n.heading)).toEqual(['Newer', 'Older'])
    expect(res.body[1]).toEqual({
      id: expect.any(Number),
      heading: 'Older',
      body: 'first',
      created: '2026-01-01T08:00:00.000Z',
      read: false,
      link: null,
      link_label: null,
    })
    expect(new Date(res.body[0].created).toISOString()).toBe(res.body[0].created)
  })

  it('is 401 logged out', async () => {
    expect((await new Client(t.app).get('users/notifications')).status).toBe(401)
  })
})

describe('links in notifications', () => {
  it('a booking whose location holds a report URL gives the admins a notification linking only to Bookings', async () => {
    const phishing = 'https://evil.example/staff/jobs/1/report'
    // 22:00 is past the working hours on any day: an emergency call-out, which tells the admins.
    const res = await customer.post('appointment/', {
      phone_number: '0803 123 4567',
      location: `Open ${phishing} to see the gate`,
      service: 'fumigation',
      date: lagosDay(1),
      time: '22:00',
      info: '',
    })
    expect(res.status).toBe(201)
    const admin = new Client(t.app)
    await admin.login(ADMIN)
    const alert = (await admin.get('users/notifications/')).body.find((n: any) => n.body.includes(phishing))
    // The server's own link, never one read out of what the customer typed.
    expect(alert).toMatchObject({
      heading: 'Emergency Call-out',
      link: '/admin/bookings',
      link_label: 'Open Bookings',
    })
  })

  it('notify() takes only a path of ours as a link', async () => {
    await expect(
      notify(t.db, customerId, 'Hi', 'x', { path: 'https://evil.example/report', label: 'Open' }),
    ).rejects.toThrow(/Not a path of ours/)
    await expect(
      notify(t.db, customerId, 'Hi', 'x', { path: '//evil.example', label: 'Open' }),
    ).rejects.toThrow()
    await notify(t.db, customerId, 'Hi', 'x', {
      path: 'staff/jobs/2/report',
      label: 'Open the service report',
    })
    const [n] = (await customer.get('users/notifications')).body
    expect(n).toMatchObject({ link: 'staff/jobs/2/report', link_label: 'Open the service report' })
  })
})

describe('POST users/notifications/{id}/read/', () => {
  it("marks the caller's notification read (200); someone else's or an unknown one is 404", async () => {
    await notify(t.db, customerId, 'Hello', 'there')
    const [n] = (await customer.get('users/notifications')).body
    const res = await customer.post(`users/notifications/${n.id}/read/`)
    expect(res.status).toBe(200)
    expect(res.body.message).toBeTruthy()
    expect((await customer.get('users/notifications')).body[0].read).toBe(true)

    const admin = new Client(t.app)
    await admin.login(ADMIN)
    const foreign = await admin.post(`users/notifications/${n.id}/read`)
    expect(foreign.status).toBe(404)
    expect(foreign.body.message).toBe('Notification not found')
    expect((await customer.post('users/notifications/99999/read')).status).toBe(404)
  })

  it('is 401 logged out and 403 without CSRF', async () => {
    await notify(t.db, customerId, 'Hello', 'there')
    const [n] = (await customer.get('users/notifications')).body
    expect((await new Client(t.app).post(`users/notifications/${n.id}/read`)).status).toBe(401)
    expect(
      (await customer.post(`users/notifications/${n.id}/read`, undefined, { 'X-CSRFToken': '' })).status,
    ).toBe(403)
    expect((await customer.get('users/notifications')).body[0].read).toBe(false)
  })
})
