import { describe, expect, it } from 'vitest'
import { ADMIN, CUSTOMER, Client, findUserId, type TestContext, appointment, suiteNow } from './helpers'
import { TERMII_KEY } from './mail-fakes'
import { messagingTestFile, QUIET_SENDER, senderFor } from './messaging-helpers'
import type { AppConfig } from '../../api/config'
import { createTransports, sendMessage, type MessageSender } from '../../api/messaging'
import { TermiiTransport } from '../../api/messaging/termii'
import type { OutgoingMessage, Transport } from '../../api/messaging/transport'
import { choicesFromSwitches } from '../../contract/message-channels'
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../contract/account'

/**
 * WhatsApp, the SMS routes and each person's channels per kind of message (docs/rules/messages.md,
 * "Channels and kinds").
 */
const { termii, opened, appSendingToFakes } = messagingTestFile()

let t: TestContext
let sender: MessageSender
let clock: number

const WHATSAPP = { whatsappProvider: 'termii' as const, termiiWhatsappFrom: 'GS Device' }

/** An app whose email goes to the local SMTP server and SMS (and WhatsApp, when asked) to the fake Termii. */
async function configured(messaging: Partial<AppConfig['messaging']> = {}) {
  clock = suiteNow()
  ;({ t, sender } = await appSendingToFakes({ now: () => clock, messaging, sender: QUIET_SENDER }))
  return t
}

const queue = () =>
  t.db
    .selectFrom('message_queue')
    .select(['id', 'user_id', 'channel', 'recipient', 'template', 'status', 'attempts', 'fallback_of'])
    .orderBy('id')
    .execute()

async function loggedIn(account: { email: string; password: string }) {
  const c = new Client(t.app)
  await c.login(account)
  return c
}

async function choose(c: Client, choices: Record<string, Record<string, boolean>>) {
  const res = await c.post('account/message-preferences/', { choices })
  expect(res.status).toBe(201)
}

/** Ada (the demo customer) logs in and saves her choices; answers her session and her user id. */
async function adaChoosing(choices: Record<string, Record<string, boolean>>) {
  const customer = await loggedIn(CUSTOMER)
  await choose(customer, choices)
  return { customer, id: await findUserId(t.db, CUSTOMER.email) }
}

const reminder = { service: 'fumigation', when: 'Tuesday 24 November, 10:00 AM', link: '/r/abc' }
const invoice = { number: 'INV-2026-0001', amount: '₦50,000', due_date: '7 December 2026', link: '/i/abc' }

describe('SMS routes', () => {
  it('sends transactional SMS on the DND route and marketing on the generic route', async () => {
    const transport = new TermiiTransport({
      apiKey: TERMII_KEY,
      senderId: 'GreenShield',
      baseUrl: termii.baseUrl,
    })
    await transport.send({ to: '+2348031234567', subject: '', text: 'Your visit is tomorrow' })
    await transport.send({ to: '+2348031234567', subject: '', text: '20% off this month', marketing: true })
    expect(termii.sent.map((m) => [m.sms, m.channel])).toEqual([
      ['Your visit is tomorrow', 'dnd'],
      ['20% off this month', 'generic'],
    ])
    // TERMII_SMS_ROUTE=generic (an account without the DND route yet) sends transactional SMS there too.
    const generic = new TermiiTransport({
      apiKey: TERMII_KEY,
      senderId: 'GreenShield',
      baseUrl: termii.baseUrl,
      smsRoute: 'generic',
    })
    expect(generic.route({ to: '', subject: '', text: '' })).toBe('generic')
  })

  it('a queued reminder leaves on the DND route', async () => {
    await configured()
    const { id } = await adaChoosing({ reminders: { email: false, sms: true } })
    await sendMessage({ db: t.db }, { to: id, template: 'booking_reminder', data: reminder })
    await sender.drain()
    expect(termii.sent.map((m) => [m.to, m.channel, m.from])).toEqual([
      ['2348031234567', 'dnd', 'GreenShield'],
    ])
  })
})

describe('WhatsApp', () => {
  it('goes through Termii’s whatsapp channel, from the device name, when chosen and configured', async () => {
    await configured(WHATSAPP)
    const customer = await loggedIn(CUSTOMER)
    await choose(customer, { job_updates: { email: false, whatsapp: true } })
    expect((await customer.post('appointment/', appointment())).status).toBe(201)
    await sender.drain()
    const id = await findUserId(t.db, CUSTOMER.email)
    const mine = (await queue()).filter((m) => m.user_id === id)
    expect(mine.map((m) => [m.template, m.channel, m.recipient, m.status])).toEqual([
      ['booking_received', 'whatsapp', '+2348031234567', 'sent'],
    ])
    expect(termii.sent).toEqual([
      {
        to: '2348031234567',
        from: 'GS Device',
        sms: expect.stringContaining('we received your fumigation booking'),
        type: 'plain',
        channel: 'whatsapp',
      },
    ])
  })

  it('refused for good by Termii: the SMS goes at once, once, linked to the failed WhatsApp message', async () => {
    await configured(WHATSAPP)
    termii.refuse.whatsapp = 400
    const { id } = await adaChoosing({ reminders: { email: false, whatsapp: true } })
    await sendMessage({ db: t.db }, { to: id, template: 'booking_reminder', data: reminder })
    await sender.drain()
    const [whatsapp, sms] = await queue()
    expect(whatsapp).toMatchObject({ channel: 'whatsapp', status: 'failed', attempts: 1, fallback_of: null })
    expect(sms).toMatchObject({
      channel: 'sms',
      status: 'sent',
      fallback_of: whatsapp.id,
      recipient: '+2348031234567',
    })
    expect(termii.sent.map((m) => [m.channel, m.from])).toEqual([['dnd', 'GreenShield']])
    expect(termii.sent[0].sms).toContain('your fumigation visit is tomorrow')
    // Another pass finds nothing more to send.
    clock += 24 * 3600_000
    await sender.drain()
    expect(await queue()).toHaveLength(2)
  })

  it('failing on every retry: the SMS goes once the last attempt failed, not before', async () => {
    await configured(WHATSAPP)
    termii.refuse.whatsapp = 503
    const { id } = await adaChoosing({ invoices: { email: false, whatsapp: true } })
    await sendMessage({ db: t.db }, { to: id, template: 'invoice_sent', data: invoice })
    await sender.drain()
    expect((await queue()).map((m) => [m.channel, m.status, m.attempts])).toEqual([
      ['whatsapp', 'pending', 1],
    ])
    for (let i = 0; i < 3; i++) {
      clock += 3600_000
      await sender.drain()
    }
    const rows = await queue()
    expect(rows.map((m) => [m.channel, m.status, m.attempts, m.fallback_of])).toEqual([
      ['whatsapp', 'failed', 3, null],
      ['sms', 'sent', 1, rows[0].id],
    ])
    expect(termii.sent.map((m) => m.channel)).toEqual(['dnd'])
  })

  it('two senders over one database: each fallback SMS is queued and sent once, even when both see the failure', async () => {
    await configured(WHATSAPP)
    await sender.stop()
    const other = t.connectAgain()
    opened.push({ close: () => other.close() })
    const customer = await findUserId(t.db, CUSTOMER.email)
    await t.db
      .insertInto('message_preferences')
      .values({ user_id: customer, kind: 'reminders', channel: 'whatsapp', enabled: 1 })
      .execute()
    await t.db
      .insertInto('message_preferences')
      .values({ user_id: customer, kind: 'reminders', channel: 'email', enabled: 0 })
      .execute()

    // The first WhatsApp attempt hangs until released; every later one is refused.
    let release!: (err: Error) => void
    let hanging!: () => void
    const started = new Promise<void>((resolve) => (hanging = resolve))
    let calls = 0
    const texts: string[] = []
    const whatsapp: Transport = {
      name: 'termii',
      send: (m: OutgoingMessage) => {
        calls++
        if (calls === 1) {
          hanging()
          return new Promise((_, reject) => (release = reject))
        }
        return Promise.reject(new Error(`refused ${m.to}`))
      },
    }
    const sms: Transport = {
      name: 'termii',
      send: async (m) => {
        await new Promise((resolve) => setTimeout(resolve, 2))
        texts.push(m.text)
      },
    }
    const senderOver = (db: typeof t.db) =>
      senderFor(t, {
        db,
        transports: { email: sms, sms, whatsapp, push: sms },
        now: () => clock,
        maxAttempts: 1,
        log: () => {},
      })
    const a = senderOver(t.db).start(3600_000)
    opened.push({ close: () => {}, stop: () => a.stop() })
    await sendMessage({ db: t.db }, { to: customer, template: 'booking_reminder', data: reminder })
    const first = a.drain()
    await started
    // Sender A hangs past its claim: sender B (another instance) takes the message over and fails it.
    clock += 11 * 60_000
    const b = senderOver(other.db)
    await b.drain()
    release(new Error('timed out'))
    await first
    // Many more at once, both senders racing over them.
    for (let i = 0; i < 12; i++) {
      await sendMessage(
        { db: t.db },
        { to: customer, template: 'booking_reminder', data: { ...reminder, when: `day ${i}` } },
      )
    }
    await Promise.all([a.drain(), b.drain()])
    await Promise.all([a.drain(), b.drain()])

    const rows = await queue()
    const whatsappRows = rows.filter((r) => r.channel === 'whatsapp')
    const smsRows = rows.filter((r) => r.channel === 'sms')
    expect(whatsappRows).toHaveLength(13)
    expect(whatsappRows.every((r) => r.status === 'failed')).toBe(true)
    expect(smsRows.map((r) => r.fallback_of).sort()).toEqual(whatsappRows.map((r) => r.id).sort())
    expect(smsRows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true)
    // Both senders tried the first message (A, then B after A's claim ran out): 1 + 1 + 12 attempts.
    expect(calls).toBe(14)
    expect(texts).toHaveLength(13)
    expect(new Set(texts).size).toBe(13)
  })

  it('not configured: a WhatsApp choice is queued as an SMS, once even when SMS was chosen too', async () => {
    await configured()
    const { customer, id } = await adaChoosing({
      reminders: { email: false, sms: false, whatsapp: true },
      job_updates: { email: true, sms: true, whatsapp: true },
    })
    await sendMessage({ db: t.db }, { to: id, template: 'booking_reminder', data: reminder })
    await sendMessage(
      { db: t.db },
      { to: id, template: 'booking_confirmed', data: { service: 'fumigation', when: 'x' } },
    )
    await sender.drain()
    expect((await queue()).map((m) => [m.template, m.channel, m.status])).toEqual([
      ['booking_reminder', 'sms', 'sent'],
      ['booking_confirmed', 'email', 'sent'],
      ['booking_confirmed', 'sms', 'sent'],
    ])
    expect(termii.sent.map((m) => m.channel)).toEqual(['dnd', 'dnd'])
    expect((await customer.get('account/message-preferences/')).body.whatsapp_ready).toBe(false)
  })

  it('a WhatsApp message reaching an instance without WhatsApp fails at once and goes by SMS', async () => {
    await configured(WHATSAPP)
    const { id } = await adaChoosing({ reminders: { email: false, whatsapp: true } })
    // Queued while this instance's sender runs with WhatsApp; delivered by one configured without it.
    await sendMessage({ db: t.db }, { to: id, template: 'booking_reminder', data: reminder })
    await sender.stop()
    const { whatsapp, ...withoutWhatsapp } = createTransports(t.config, t.db)
    expect(whatsapp?.name).toBe('termii')
    await senderFor(t, { transports: withoutWhatsapp, now: () => clock, log: () => {} }).drain()
    const rows = await queue()
    expect(rows.map((m) => [m.channel, m.status, m.fallback_of])).toEqual([
      ['whatsapp', 'failed', null],
      ['sms', 'sent', rows[0].id],
    ])
  })
})

describe('choices per kind', () => {
  it('each kind goes on its own channels: a reminder by WhatsApp only, invoices by email only', async () => {
    await configured(WHATSAPP)
    const { id } = await adaChoosing({
      reminders: { email: false, sms: false, whatsapp: true },
      invoices: { email: true, sms: false, whatsapp: false },
      job_updates: { email: false, sms: true, whatsapp: false },
    })
    await sendMessage({ db: t.db }, { to: id, template: 'booking_reminder', data: reminder })
    await sendMessage({ db: t.db }, { to: id, template: 'invoice_sent', data: invoice })
    await sendMessage(
      { db: t.db },
      { to: id, template: 'technician_on_the_way', data: { service: 'fumigation', technician: 'Musa' } },
    )
    // Security messages ignore the choices: the channel the flow names.
    await sendMessage(
      { db: t.db },
      { to: id, template: 'password_reset', data: { link: '/reset?t=x', minutes: 30 }, channels: ['email'] },
    )
    expect((await queue()).map((m) => [m.template, m.channel])).toEqual([
      ['booking_reminder', 'whatsapp'],
      ['invoice_sent', 'email'],
      ['technician_on_the_way', 'sms'],
      ['password_reset', 'email'],
    ])
  })

  it('someone with no phone number gets no SMS or WhatsApp, and is told so', async () => {
    await configured(WHATSAPP)
    const customer = await loggedIn(CUSTOMER)
    const id = await findUserId(t.db, CUSTOMER.email)
    await t.db.updateTable('users').set({ phone_number: '' }).where('id', '=', id).execute()
    await choose(customer, { reminders: { email: true, sms: true, whatsapp: true } })
    await sendMessage({ db: t.db }, { to: id, template: 'booking_reminder', data: reminder })
    expect((await queue()).map((m) => m.channel)).toEqual(['email'])
    expect((await customer.get('account/message-preferences/')).body).toMatchObject({
      phone_missing: true,
      whatsapp_ready: true,
    })
  })

  it('refuses an unknown kind or channel, a value that is not true or false, and callers not logged in', async () => {
    await configured()
    const customer = await loggedIn(CUSTOMER)
    const bad = async (choices: unknown) =>
      (await customer.post('account/message-preferences/', { choices })).status
    expect(await bad({ reminders: { pigeon: true } })).toBe(400)
    expect(await bad({ gossip: { email: true } })).toBe(400)
    expect(await bad({ reminders: { email: 'yes' } })).toBe(400)
    const anonymous = new Client(t.app)
    expect((await anonymous.get('account/message-preferences/')).status).toBe(401)
    expect((await anonymous.post('account/message-preferences/', { choices: {} })).status).toBe(401)
  })
})

describe('the old notification switches', () => {
  const matrix = async (c: Client) => (await c.get('account/message-preferences/')).body.choices

  it('someone who never chose gets what their switches meant: today’s messages, unchanged', async () => {
    await configured()
    const customer = await loggedIn(CUSTOMER)
    const res = await customer.get('account/message-preferences/')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      choices: choicesFromSwitches(DEFAULT_NOTIFICATION_SETTINGS),
      phone_missing: false,
      whatsapp_ready: false,
    })
    expect(res.body.choices).toEqual({
      reminders: { email: true, sms: false, whatsapp: false, push: true },
      job_updates: { email: true, sms: false, whatsapp: false, push: true },
      invoices: { email: true, sms: false, whatsapp: false, push: true },
      marketing: { email: false, sms: false, whatsapp: false, push: false },
    })
  })

  it('saving the four switches draws the matrix: email and SMS per kind, payment gates invoices, marketing by email', async () => {
    await configured()
    const customer = await loggedIn(CUSTOMER)
    const id = await findUserId(t.db, CUSTOMER.email)
    const old = { email: false, sms: true, marketing: true, payment: false }
    expect((await customer.post(`admins/notification-settings/${id}/`, old)).status).toBe(201)
    expect(await matrix(customer)).toEqual({
      reminders: { email: false, sms: true, whatsapp: false, push: true },
      job_updates: { email: false, sms: true, whatsapp: false, push: true },
      invoices: { email: false, sms: false, whatsapp: false, push: false },
      marketing: { email: true, sms: false, whatsapp: false, push: false },
    })
    expect((await customer.get(`admins/notification-settings/${id}/`)).body).toEqual(old)
  })

  it('saving the matrix keeps the switches in step, and saving those switches unchanged changes nothing', async () => {
    await configured()
    const customer = await loggedIn(CUSTOMER)
    const id = await findUserId(t.db, CUSTOMER.email)
    await choose(customer, {
      reminders: { email: false, sms: false, whatsapp: true },
      job_updates: { email: true, sms: false, whatsapp: false },
      invoices: { email: false, sms: true, whatsapp: true },
      marketing: { email: false, sms: false, whatsapp: true },
    })
    const chosen = await matrix(customer)
    const switches = (await customer.get(`admins/notification-settings/${id}/`)).body
    expect(switches).toEqual({ email: true, sms: true, marketing: true, payment: true })
    // The admin's settings screen loads and saves the switches as they are: the matrix stays.
    expect((await customer.post(`admins/notification-settings/${id}/`, switches)).status).toBe(201)
    expect(await matrix(customer)).toEqual(chosen)

    // Payment turned off: no invoices on any channel; a WhatsApp reminder stays.
    await customer.post(`admins/notification-settings/${id}/`, { ...switches, payment: false })
    const after = await matrix(customer)
    expect(after.invoices).toEqual({ email: false, sms: false, whatsapp: false, push: false })
    expect(after.reminders).toEqual(chosen.reminders)
    // SMS turned off: no SMS for any kind; email choices stay as they were.
    await customer.post(`admins/notification-settings/${id}/`, { ...switches, payment: false, sms: false })
    const noSms = await matrix(customer)
    expect(noSms.job_updates).toEqual({ email: true, sms: false, whatsapp: false, push: true })
    expect(noSms.reminders).toEqual({ email: false, sms: false, whatsapp: true, push: true })
  })

  it('an admin who turns email off with the old form gets no email alert', async () => {
    await configured()
    const admin = await loggedIn(ADMIN)
    const id = await findUserId(t.db, ADMIN.email)
    await admin.post(`admins/notification-settings/${id}/`, {
      email: false,
      sms: false,
      marketing: false,
      payment: true,
    })
    await sendMessage(
      { db: t.db },
      { to: 'admins', template: 'admin_new_message', data: { name: 'A', email: 'a@b.ng', excerpt: 'hi' } },
    )
    expect(await queue()).toEqual([])
  })
})

describe('Sent messages', () => {
  it('lists every channel’s attempts, links a WhatsApp failure and its SMS, and filters by channel', async () => {
    await configured(WHATSAPP)
    termii.refuse.whatsapp = 400
    const { id } = await adaChoosing({ reminders: { email: true, whatsapp: true } })
    await sendMessage({ db: t.db }, { to: id, template: 'booking_reminder', data: reminder })
    await sender.drain()
    const admin = await loggedIn(ADMIN)
    const all = (await admin.get('admins/sent-messages/')).body
    expect(
      all.map((m: any) => [m.channel, m.status, m.transport, m.attempts, m.fallback_of, m.fallback_id]),
    ).toEqual([
      ['sms', 'sent', 'termii', 1, all[1].id, null],
      ['whatsapp', 'failed', 'termii', 1, null, all[0].id],
      ['email', 'sent', 'smtp', 1, null, null],
    ])
    expect(all[1].last_error).toBe('Termii refused the WhatsApp message (400): Cannot send on whatsapp')
    const whatsapp = await admin.get('admins/sent-messages/?channel=whatsapp')
    expect(whatsapp.body.map((m: any) => m.channel)).toEqual(['whatsapp'])
    expect((await admin.get('admins/sent-messages/?channel=pigeon')).status).toBe(400)
  })
})
