import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notify } from '../../api/lib/notify'
import { vapidKeys } from '../../api/messaging/push'
import { Client, countRows, lagosWeekday } from './helpers'
import { senderFor } from './messaging-helpers'
import { FakePushService, type FakePhone } from './push-service'
import { book } from './staff-helpers'
import { onEachTechnicianApp, t, admin, customer, tech, techId } from './app-per-test'

onEachTechnicianApp()

const pushService = new FakePushService()
beforeAll(() => pushService.start())
afterAll(() => pushService.stop())

/**
 * A visit on a working day three days on, so it is an ordinary booking (not an emergency call-out) and
 * still cancellable, whatever day and hour the suite runs at.
 */
const visit = (time = '10:00') => ({ date: lagosWeekday(3), time })

/** The phone turns notifications on for whoever `who` is logged in as. */
async function turnOn(who: Client, phone: FakePhone = pushService.newPhone()) {
  const res = await who.post('push/subscriptions/', phone.subscription)
  expect(res.status).toBe(201)
  return phone
}

/** Delivers what the events queued, as the running server's sender would. */
const deliver = (options: Parameters<typeof senderFor>[1] = {}) =>
  senderFor(t, { log: () => {}, ...options }).drain()

const pushRows = () =>
  t.db
    .selectFrom('message_queue')
    .select(['user_id', 'status', 'attempts', 'last_error', 'transport'])
    .where('channel', '=', 'push')
    .orderBy('id')
    .execute()

describe('the server’s push key', () => {
  it('is one P-256 public key, the same from every instance and after a restart, for logged-in people', async () => {
    expect((await new Client(t.app).get('push/key/')).status).toBe(401)
    const res = await customer.get('push/key/')
    expect(res.status).toBe(200)
    const key = res.body.publicKey as string
    // An uncompressed P-256 point: 65 bytes starting 0x04, what PushManager.subscribe takes.
    expect(Buffer.from(key, 'base64url')).toHaveLength(65)
    expect(Buffer.from(key, 'base64url')[0]).toBe(4)
    expect((await admin.get('push/key/')).body.publicKey).toBe(key)
    const again = t.connectAgain()
    try {
      expect((await vapidKeys(again.db, t.config)).publicKey).toBe(key)
    } finally {
      await again.close()
    }
  })
})

describe('a notification on the phone', () => {
  it('reaches the customer’s phone encrypted and signed, and opens their bookings when tapped', async () => {
    const phone = await turnOn(customer)
    const id = await book(customer, visit())
    expect((await admin.post(`admins/bookings/${id}/assign/`, { staff_id: techId })).status).toBe(200)
    await deliver()

    const { publicKey } = (await customer.get('push/key/')).body as { publicKey: string }
    const titles = phone.received.map((d) => d.payload.title)
    expect(titles).toEqual(['Appointment Received', 'Technician Assigned'])
    const assigned = phone.received[1]
    expect(assigned.payload.body).toMatch(/Femi Okon from our team will carry it out/)
    expect(assigned.payload.url).toBe('http://localhost:8080/book')
    expect(assigned.signedBy).toBe(publicKey)
    expect(Number(assigned.ttl)).toBeGreaterThan(3600)
    expect(pushService.rejected).toEqual([])
    expect((await pushRows()).every((r) => r.status === 'sent' && r.transport === 'webpush')).toBe(true)
  })

  it('tells the technician of a new job (opening the job) and of one taken away', async () => {
    const phone = await turnOn(tech)
    const id = await book(customer, visit())
    expect((await admin.post(`admins/bookings/${id}/assign/`, { staff_id: techId })).status).toBe(200)
    expect((await admin.post(`admins/bookings/${id}/assign/`, { staff_id: null })).status).toBe(200)
    await deliver()
    expect(phone.received.map((d) => [d.payload.title, d.payload.url])).toEqual([
      ['New Job', `http://localhost:8080/staff/jobs/${id}`],
      ['Job Taken Off Your Sheet', 'http://localhost:8080/staff'],
    ])
  })

  it('goes to every phone of the person, and to nobody who never turned it on', async () => {
    const first = await turnOn(customer)
    const second = await turnOn(customer)
    await book(customer, visit())
    await deliver()
    expect(first.received).toHaveLength(1)
    expect(second.received).toHaveLength(1)
    // The admins were told too (in the app), but no admin has a phone on: nothing queued for them.
    expect((await pushRows()).map((r) => r.user_id)).toEqual([(await customer.get('auth_check')).body.id])
  })
})

describe('the person’s choice per kind', () => {
  it('phone notifications turned off for job updates stop those; reminders and invoices still come', async () => {
    const phone = await turnOn(customer)
    const off = await customer.post('account/message-preferences/', {
      choices: { job_updates: { push: false } },
    })
    expect(off.status).toBe(201)
    expect((await customer.get('account/message-preferences/')).body.choices).toMatchObject({
      job_updates: { push: false },
      reminders: { push: true },
      invoices: { push: true },
    })
    await book(customer, visit())
    const customerId = (await customer.get('auth_check')).body.id as number
    await notify(t.db, customerId, 'Visit Tomorrow', 'A reminder.', undefined, 'reminders')
    await deliver()
    expect(phone.received.map((d) => d.payload.title)).toEqual(['Visit Tomorrow'])
    // The in-app list has both: only the phone's tray follows the choice.
    const headings = ((await customer.get('users/notifications/')).body as { heading: string }[]).map(
      (n) => n.heading,
    )
    expect(headings).toEqual(expect.arrayContaining(['Visit Tomorrow', 'Appointment Received']))
  })

  it('with no choice saved, the switches decide: payment off stops invoices; marketing never goes', async () => {
    const phone = await turnOn(customer)
    const customerId = (await customer.get('auth_check')).body.id as number
    // Switches saved before choices per kind existed: no message_preferences row for this person.
    await t.db.insertInto('notification_settings').values({ user_id: customerId, payment: 0 }).execute()
    await notify(t.db, customerId, 'Invoice Ready', 'An invoice.', undefined, 'invoices')
    await notify(t.db, customerId, 'New Offer', 'An offer.', undefined, 'marketing')
    await notify(t.db, customerId, 'Job Done', 'A job update.', undefined, 'job_updates')
    await deliver()
    expect(phone.received.map((d) => d.payload.title)).toEqual(['Job Done'])

    await t.db
      .updateTable('notification_settings')
      .set({ payment: 1 })
      .where('user_id', '=', customerId)
      .execute()
    await notify(t.db, customerId, 'Invoice Ready', 'An invoice.', undefined, 'invoices')
    await deliver()
    expect(phone.received.map((d) => d.payload.title)).toEqual(['Job Done', 'Invoice Ready'])
  })
})

describe('phones that went away', () => {
  it('a 410 from the push service removes that phone; the others still get it', async () => {
    const kept = await turnOn(customer)
    const gone = await turnOn(customer)
    gone.unsubscribe()
    await book(customer, visit())
    await deliver()
    expect(kept.received).toHaveLength(1)
    expect(await countRows(t.db, 'push_subscriptions')).toBe(1)
    expect((await pushRows())[0].status).toBe('sent')
  })

  it('with its last phone gone the message fails at once, and nothing more is queued for the person', async () => {
    const gone = await turnOn(customer)
    gone.unsubscribe()
    await book(customer, visit())
    await deliver()
    expect(await countRows(t.db, 'push_subscriptions')).toBe(0)
    const [row] = await pushRows()
    expect(row).toMatchObject({ status: 'failed', attempts: 1 })
    expect(row.last_error).toMatch(/No phone has notifications turned on/)
    await book(customer, visit('14:00'))
    expect(await pushRows()).toHaveLength(1)
  })

  it('a push service that is down is tried again later, and the phone is kept', async () => {
    const phone = await turnOn(customer)
    phone.breakDown()
    await book(customer, visit())
    await deliver()
    const [row] = await pushRows()
    expect(row).toMatchObject({ status: 'pending', attempts: 1 })
    expect(row.last_error).toMatch(/answered 500/)
    expect(await countRows(t.db, 'push_subscriptions')).toBe(1)
  })
})

describe('turning it on and off', () => {
  it('a phone turned on under another account moves to it: the first person’s news no longer shows there', async () => {
    const phone = pushService.newPhone()
    await turnOn(customer, phone)
    await turnOn(admin, phone)
    expect(await countRows(t.db, 'push_subscriptions')).toBe(1)
    const id = await book(customer, visit())
    expect((await customer.post(`appointment/${id}/cancel/`)).status).toBe(200)
    await deliver()
    // The customer's own news is not shown there; the admin's is, opening Bookings.
    expect(phone.received.map((d) => [d.payload.title, d.payload.url])).toEqual([
      ['Booking Cancelled by Customer', 'http://localhost:8080/admin/bookings'],
    ])
  })

  it('turning it off forgets the phone; someone else’s phone cannot be turned off', async () => {
    const phone = await turnOn(customer)
    const other = await turnOn(admin)
    expect(
      (await customer.post('push/subscriptions/remove/', { endpoint: other.subscription.endpoint })).status,
    ).toBe(200)
    expect(await countRows(t.db, 'push_subscriptions')).toBe(2)
    const off = await customer.post('push/subscriptions/remove/', { endpoint: phone.subscription.endpoint })
    expect(off.status).toBe(200)
    expect(off.body.message).toBe('Notifications are off for this phone.')
    expect(await countRows(t.db, 'push_subscriptions')).toBe(1)
  })

  it('refuses a subscription that is not one, with a message, and asks to log in first', async () => {
    const bad = await customer.post('push/subscriptions/', {
      endpoint: 'javascript:alert(1)',
      keys: { p256dh: 'x', auth: 'y' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/https:\/\/ address/)
    const noKeys = await customer.post('push/subscriptions/', { endpoint: 'https://push.example/abc' })
    expect(noKeys.status).toBe(400)
    expect(
      (await new Client(t.app).post('push/subscriptions/', pushService.newPhone().subscription)).status,
    ).toBe(401)
  })
})
