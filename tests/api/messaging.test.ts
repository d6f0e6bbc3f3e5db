import { describe, expect, it, vi } from 'vitest'
import {
  ADMIN,
  CUSTOMER,
  Client,
  expectStopToWaitFor,
  findUserId,
  makeTestApp,
  productsInStock,
  type TestContext,
  appointment,
  suiteNow,
} from './helpers'
import { TERMII_KEY } from './mail-fakes'
import { messagingTestFile, QUIET_SENDER, senderFor } from './messaging-helpers'
import type { AppConfig } from '../../api/config'
import type { OutgoingMessage, Transport } from '../../api/messaging/transport'
import type { Gateway } from '../../api/payments'
import { createTransports, type MessageSender, sendMessage } from '../../api/messaging'
import { LogTransport } from '../../api/messaging/log-transport'
import { TermiiTransport } from '../../api/messaging/termii'

const { smtp, termii, opened, appSendingToFakes } = messagingTestFile()

let t: TestContext
let sender: MessageSender
let clock: number

/** An app whose email goes to the local SMTP server and SMS to the fake Termii, on a clock the test moves. */
async function configured(messaging: Partial<AppConfig['messaging']> = {}, gateway?: Gateway) {
  clock = suiteNow()
  ;({ t, sender } = await appSendingToFakes({
    now: () => clock,
    messaging: { mailFrom: 'GreenShield <no-reply@greenshield.test>', ...messaging },
    gateway,
    sender: QUIET_SENDER,
  }))
  return t
}

const messageQueue = () => t.db.selectFrom('message_queue').selectAll().orderBy('id').execute()

async function loggedIn(account: { email: string; password: string }) {
  const c = new Client(t.app)
  await c.login(account)
  return c
}
async function setSettings(c: Client, email: string, settings: Record<string, boolean>) {
  const id = await findUserId(t.db, email)
  const res = await c.post(`admins/notification-settings/${id}/`, {
    email: true,
    sms: false,
    marketing: false,
    payment: true,
    ...settings,
  })
  expect(res.status).toBe(201)
}

describe('email through SMTP', () => {
  it('a booking mails the customer and every admin through a real SMTP server', async () => {
    await configured()
    const customer = await loggedIn(CUSTOMER)
    const res = await customer.post('appointment/', appointment())
    expect(res.status).toBe(201)
    await sender.drain()
    const toCustomer = await smtp.waitFor(CUSTOMER.email)
    expect(toCustomer.subject).toBe('We received your booking')
    expect(toCustomer.from).toBe('no-reply@greenshield.test')
    expect(toCustomer.text).toContain('We received your fumigation booking for')
    const toAdmin = await smtp.waitFor(ADMIN.email)
    expect(toAdmin.subject).toMatch(/^New booking: fumigation, /)
    expect(toAdmin.text).toContain('Ada Customer booked fumigation')
    expect(toAdmin.text).toContain('http://localhost:8080/admin/bookings')
    // Default settings: email on, SMS off, so nothing went to Termii.
    expect(termii.sent).toEqual([])
    expect((await messageQueue()).map((m) => [m.template, m.channel, m.status, m.transport])).toEqual([
      ['booking_received', 'email', 'sent', 'smtp'],
      ['admin_new_booking', 'email', 'sent', 'smtp'],
    ])
  })

  it('confirming a booking mails the customer', async () => {
    await configured()
    const customer = await loggedIn(CUSTOMER)
    const admin = await loggedIn(ADMIN)
    const { body } = await customer.post('appointment/', appointment())
    await sender.drain()
    smtp.mails = []
    expect((await admin.post(`admins/actions/${body.id}/`)).status).toBe(200)
    await sender.drain()
    const mail = await smtp.waitFor(CUSTOMER.email)
    expect(mail.subject).toBe('Your booking is confirmed')
  })

  it('a contact-form message alerts the admins', async () => {
    await configured()
    const res = await new Client(t.app).post('quick/message/', {
      name: 'Kemi Lawal',
      email: 'kemi@example.ng',
      message: 'Do you treat bed bugs in Lekki?',
    })
    expect(res.status).toBe(201)
    await sender.drain()
    const mail = await smtp.waitFor(ADMIN.email)
    expect(mail.subject).toBe('New message from Kemi Lawal')
    expect(mail.text).toContain('Do you treat bed bugs in Lekki?')
  })

  it('a refused send is retried with backoff and never blocks the request', async () => {
    await configured()
    smtp.refuseNext = 2
    const customer = await loggedIn(CUSTOMER)
    expect((await customer.post('appointment/', appointment())).status).toBe(201)
    await sender.drain()
    // Both messages met the refusal once; each is waiting for its retry.
    let rows = await messageQueue()
    expect(rows.map((m) => [m.status, m.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
    ])
    expect(rows[0].last_error).toMatch(/Mailbox busy/)
    expect(smtp.mails).toEqual([])
    // Not yet due: nothing happens.
    clock += 30_000
    await sender.drain()
    expect((await messageQueue())[0].attempts).toBe(1)
    clock += 31_000
    await sender.drain()
    rows = await messageQueue()
    expect(rows.map((m) => [m.status, m.attempts, m.last_error])).toEqual([
      ['sent', 2, ''],
      ['sent', 2, ''],
    ])
    expect(smtp.mails).toHaveLength(2)
  })

  it('with the mail server unreachable the request still answers at once, and the message fails after its attempts', async () => {
    await configured({ smtpUrl: 'smtp://127.0.0.1:9' })
    const customer = await loggedIn(CUSTOMER)
    const started = Date.now()
    expect((await customer.post('appointment/', appointment())).status).toBe(201)
    expect(Date.now() - started).toBeLessThan(1000)
    for (let i = 0; i < 3; i++) {
      await sender.drain()
      clock += 3600_000
    }
    const rows = await messageQueue()
    expect(rows.map((m) => [m.status, m.attempts])).toEqual([
      ['failed', 3],
      ['failed', 3],
    ])
    expect(rows[0].last_error).toMatch(/ECONNREFUSED|connect/i)
    // The admin screen shows it.
    const admin = await loggedIn(ADMIN)
    const list = await admin.get('admins/sent-messages/?status=failed')
    expect(list.status).toBe(200)
    expect(list.body).toHaveLength(2)
    expect(list.body[0]).toMatchObject({ status: 'failed', attempts: 3, transport: 'smtp', channel: 'email' })
  })
})

describe('SMS through Termii', () => {
  it('follows the settings: SMS on and email off sends only a text, to the number without +', async () => {
    await configured()
    const customer = await loggedIn(CUSTOMER)
    await setSettings(customer, CUSTOMER.email, { email: false, sms: true })
    expect((await customer.post('appointment/', appointment())).status).toBe(201)
    await sender.drain()
    expect(termii.sent).toEqual([
      {
        to: '2348031234567',
        from: 'GreenShield',
        sms: expect.stringContaining('we received your fumigation booking'),
        type: 'plain',
        // A transactional message: Termii's DND route, which reaches numbers on Do-Not-Disturb.
        channel: 'dnd',
      },
    ])
    expect(smtp.mails.filter((m) => m.to.includes(CUSTOMER.email))).toEqual([])
  })

  it('an admin who turned email off gets no alert', async () => {
    await configured()
    const admin = await loggedIn(ADMIN)
    await setSettings(admin, ADMIN.email, { email: false, sms: false })
    const customer = await loggedIn(CUSTOMER)
    await customer.post('appointment/', appointment())
    await sender.drain()
    expect((await messageQueue()).map((m) => m.template)).toEqual(['booking_received'])
  })

  it('payment messages also need the payment switch', async () => {
    await configured()
    const customer = await loggedIn(CUSTOMER)
    const id = await findUserId(t.db, CUSTOMER.email)
    const data = { amount: '₦5,000', reference: 'GS-1', items: '1 × Spray' }
    expect(await sendMessage({ db: t.db }, { to: id, template: 'payment_receipt', data })).toBe(1)
    await setSettings(customer, CUSTOMER.email, { payment: false })
    expect(await sendMessage({ db: t.db }, { to: id, template: 'payment_receipt', data })).toBe(0)
  })

  it('records the provider refusing a wrong key, then retries', async () => {
    const transport = new TermiiTransport({
      apiKey: 'wrong',
      senderId: 'GreenShield',
      baseUrl: termii.baseUrl,
      smsRoute: 'generic',
    })
    await expect(transport.send({ to: '+2348031234567', subject: '', text: 'hi' })).rejects.toThrow(
      'Termii refused the SMS (401): Invalid API key',
    )
    termii.down = true
    const good = new TermiiTransport({
      apiKey: TERMII_KEY,
      senderId: 'X',
      baseUrl: termii.baseUrl,
      smsRoute: 'dnd',
    })
    await expect(good.send({ to: '+2348031234567', subject: '', text: 'hi' })).rejects.toThrow('(503)')
    termii.down = false
    await good.send({ to: '+2348031234567', subject: '', text: 'hi' })
    expect(termii.sent).toEqual([
      { to: '2348031234567', from: 'X', sms: 'hi', type: 'plain', channel: 'dnd' },
    ])
  })
})

describe('nothing configured', () => {
  it('writes what would be sent to the log and to the admin "Sent messages" list', async () => {
    clock = suiteNow()
    t = await makeTestApp()
    const lines: string[] = []
    sender = senderFor(t, {
      transports: {
        email: new LogTransport('email', (l) => lines.push(l)),
        sms: new LogTransport('sms', (l) => lines.push(l)),
        push: new LogTransport('push', (l) => lines.push(l)),
      },
    }).start(3600_000)
    opened.push({ close: t.close, stop: () => sender.stop() })
    expect(createTransports(t.config, t.db).email.name).toBe('log')
    expect(createTransports(t.config, t.db).sms.name).toBe('log')
    const customer = await loggedIn(CUSTOMER)
    await customer.post('appointment/', appointment())
    await sender.drain()
    expect(lines[0]).toContain(`to ${CUSTOMER.email}: We received your booking`)
    const admin = await loggedIn(ADMIN)
    const list = await admin.get('admins/sent-messages/')
    expect(list.body.map((m: any) => [m.template, m.status, m.transport, m.recipient])).toEqual([
      ['admin_new_booking', 'sent', 'log', ADMIN.email],
      ['booking_received', 'sent', 'log', CUSTOMER.email],
    ])
    expect(list.body[1].body).toContain('We received your fumigation booking')
    expect((await customer.get('admins/sent-messages/')).status).toBe(403)
  })
})

describe('two instances over one database', () => {
  it('sends each queued message exactly once when two senders run at the same time', async () => {
    clock = suiteNow()
    t = await makeTestApp()
    // The second instance: its own connection to the same database, its own sender.
    const other = t.connectAgain()
    opened.push({ close: () => void other.close(), stop: () => {} })
    opened.push({ close: t.close })
    const deliveries: string[] = []
    /** Slow enough that the two senders' passes interleave, as two processes' would. */
    const counting: Transport = {
      name: 'counting',
      send: async (m: OutgoingMessage) => {
        await new Promise((resolve) => setTimeout(resolve, 2))
        deliveries.push(`${m.to} ${m.subject}`)
      },
    }
    const customer = await findUserId(t.db, CUSTOMER.email)
    for (let i = 1; i <= 25; i++) {
      const data = { amount: '₦5,000', reference: `GS-${i}`, items: '1 × Spray' }
      await sendMessage({ db: t.db }, { to: customer, template: 'payment_receipt', data })
    }
    const queued = await messageQueue()
    expect(queued.length).toBeGreaterThanOrEqual(25)
    const senderOver = (db: typeof t.db) =>
      senderFor(t, {
        db,
        transports: { email: counting, sms: counting, push: counting },
        now: () => clock,
        log: () => {},
      })
    await Promise.all([senderOver(t.db).drain(), senderOver(other.db).drain()])

    expect(deliveries.length).toBe(queued.length)
    expect(new Set(deliveries).size).toBe(queued.length)
    const rows = await messageQueue()
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(queued.map(() => ['sent', 1]))
  })
})

describe('stopping (shutdown)', () => {
  it('stop() resolves once the message being sent is sent and recorded, and no further one is sent', async () => {
    clock = suiteNow()
    t = await makeTestApp()
    opened.push({ close: t.close })
    // A slow mail server: the first send ends only when the test lets it.
    let accept = () => {}
    const accepted = new Promise<void>((resolve) => (accept = resolve))
    const handed: string[] = []
    const slow: Transport = {
      name: 'slow',
      send: async (m: OutgoingMessage) => {
        handed.push(m.to)
        await accepted
      },
    }
    const customer = await findUserId(t.db, CUSTOMER.email)
    for (const reference of ['GS-1', 'GS-2']) {
      const data = { amount: '₦5,000', reference, items: '1 × Spray' }
      await sendMessage({ db: t.db }, { to: customer, template: 'payment_receipt', data })
    }
    const queued = await messageQueue()
    const running = senderFor(t, {
      transports: { email: slow, sms: slow, push: slow },
      now: () => clock,
      log: () => {},
    }).start(3600_000)
    await vi.waitFor(() => expect(handed).toHaveLength(1))
    await expectStopToWaitFor(() => running.stop(), accept)
    // The database may close now: the first is recorded as sent, the rest wait for the next start.
    const rows = await messageQueue()
    expect(rows.map((r) => r.status)).toEqual(queued.map((_, i) => (i === 0 ? 'sent' : 'pending')))
    expect(handed).toHaveLength(1)
  })
})

describe('payments', () => {
  it('a settled payment mails the customer a receipt and the admins a new order', async () => {
    // A gateway that reports every payment paid in full.
    const gateway: Gateway = {
      name: 'scripted',
      initiate: async (r) => `https://gateway.test/pay/${r.txRef}`,
      verify: async (txRef) => {
        const { amount_kobo: amountKobo } = await t.db
          .selectFrom('payments')
          .select('amount_kobo')
          .where('tx_ref', '=', txRef)
          .executeTakeFirstOrThrow()
        return { status: 'successful', txRef, transactionId: '42', amountKobo, currency: 'NGN' }
      },
      refund: async () => {
        throw new Error('not used')
      },
    }
    await configured({}, gateway)
    const customer = await loggedIn(CUSTOMER)
    const [product] = await productsInStock(t.db, 1)
    expect((await customer.post(`cart/${product.id}/`)).status).toBe(200)
    const { body } = await customer.post('api/initiate-payment/')
    const txRef = decodeURIComponent(new URL(body.payment_url).pathname.split('/').pop()!)
    expect((await customer.post('verify/', { tx_ref: txRef, status: 'successful' })).status).toBe(201)
    await sender.drain()
    const receipt = await smtp.waitFor(CUSTOMER.email)
    expect(receipt.subject).toBe(`Payment receipt ${txRef}`)
    expect(receipt.text).toContain(`1 × ${product.name}`)
    const order = await smtp.waitFor(ADMIN.email)
    expect(order.subject).toMatch(new RegExp(`^New order ${txRef}: `))
    expect(order.text).toContain('Ada Customer paid')
  })

  it('a refund that the gateway keeps refusing alerts the admins once it is given up', async () => {
    await configured()
    const { processRefund, MAX_REFUND_ATTEMPTS } = await import('../../api/payments')
    const uid = await findUserId(t.db, CUSTOMER.email)
    const { id: paymentId } = await t.db
      .insertInto('payments')
      .values({
        tx_ref: 'GS-R1',
        user_id: uid,
        amount_kobo: 500000,
        gateway: 'x',
        lines: '[]',
        status: 'failed',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await t.db
      .insertInto('refunds')
      .values({ payment_id: paymentId, amount_kobo: 500000, transaction_id: '9', reason: 'Sold out.' })
      .execute()
    const refusing = {
      name: 'x',
      initiate: async () => '',
      verify: async () => null,
      refund: async () => {
        throw new Error('Insufficient balance')
      },
    }
    for (let i = 1; i <= MAX_REFUND_ATTEMPTS; i++) {
      expect(await processRefund(t.db, refusing, paymentId)).toBe('failed')
      await sender.drain()
      expect(smtp.mails.length).toBe(i === MAX_REFUND_ATTEMPTS ? 1 : 0)
    }
    const mail = await smtp.waitFor(ADMIN.email)
    expect(mail.subject).toBe('Refund needs attention: GS-R1')
    expect(mail.text).toContain('Insufficient balance')

    // An admin retry that goes through tells the customer.
    await t.db.updateTable('refunds').set({ status: 'pending' }).where('payment_id', '=', paymentId).execute()
    const paying = {
      ...refusing,
      refund: async () => ({ refundId: 'R1', amountKobo: 500000, status: 'completed' as const }),
    }
    expect(await processRefund(t.db, paying, paymentId)).toBe('refunded')
    await sender.drain()
    const toCustomer = await smtp.waitFor(CUSTOMER.email)
    expect(toCustomer.text).toContain('We have refunded your payment of ₦5,000')
  })
})
