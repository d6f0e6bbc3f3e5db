import { describe, expect, it } from 'vitest'
import { Client, countRows, lagosDay, signUp } from './helpers'
import { racingInstance } from './instances'
import { addTechnician, book, TECH2, uuid, YEAR } from './staff-helpers'
import { onEachTechnicianApp, t, admin, customer, tech, techId } from './app-per-test'

onEachTechnicianApp()

const lines = (unitPrice = 40_000) => [
  { kind: 'service', description: 'Termite treatment, whole house', quantity: 1, unitPrice },
  { kind: 'callout', description: 'Call-out fee', quantity: 1, unitPrice: 5_000 },
]

/** A booking of the demo customer given to the technician. */
async function assignedBooking() {
  const id = await book(customer)
  expect((await admin.post(`admins/bookings/${id}/assign/`, { staff_id: techId })).status).toBe(200)
  return id
}

async function sentQuote(change: Record<string, unknown> = {}) {
  const bookingId = await book(customer)
  const made = await admin.post('admins/quotes/', { bookingId, lines: lines(), ...change })
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  const sent = await admin.post(`admins/quotes/${made.body.quote.id}/send/`)
  expect(sent.status, JSON.stringify(sent.body)).toBe(200)
  const link = sent.body.quote.link as string
  expect(link).toMatch(/^\/q\/quote\./)
  return { quote: sent.body.quote, token: link.slice('/q/'.length), bookingId }
}

describe('quotes the office writes', () => {
  it('are numbered Q-<year>-0001 on, priced with VAT and without the first-service offer', async () => {
    await admin.post('admins/billing-settings/', {
      vatRatePercent: 7.5,
      firstServiceOffer: true,
      firstServicePercent: 20,
      quoteValidDays: 10,
      invoiceDueDays: 7,
    })
    const bookingId = await book(customer)
    const first = await admin.post('admins/quotes/', { bookingId, lines: lines(), discount: 5_000 })
    expect(first.status).toBe(201)
    const second = await admin.post('admins/quotes/', { bookingId, lines: lines(20_000) })
    expect(first.body.quote.number).toBe(`Q-${YEAR()}-0001`)
    expect(second.body.quote.number).toBe(`Q-${YEAR()}-0002`)
    // 45,000 - 5,000 = 40,000; VAT 7.5% = 3,000; the offer is left for the invoice.
    expect(first.body.quote).toMatchObject({
      status: 'Draft',
      validUntil: lagosDay(10),
      offerPercent: 20,
      link: null,
      totals: { subtotal: 45_000, discount: 5_000, firstServiceDiscount: 0, vat: 3_000, total: 43_000 },
    })
  })

  it('tells the customer when sent, who then sees it; a draft and another customer’s quote stay hidden', async () => {
    const bookingId = await book(customer)
    const draft = (await admin.post('admins/quotes/', { bookingId, lines: lines() })).body.quote
    expect((await customer.get(`quotes/${draft.id}/`)).status).toBe(404)
    expect((await customer.get('quotes/')).body).toEqual([])
    await admin.post(`admins/quotes/${draft.id}/send/`)
    expect(await countRows(t.db, 'message_queue', ['template', 'quote_sent'])).toBe(1)
    const mine = await customer.get('quotes/')
    expect(mine.body.map((q: { number: string }) => q.number)).toEqual([draft.number])
    expect((await customer.get(`quotes/${draft.id}/`)).body).toMatchObject({ status: 'Sent', total: 45_000 })

    const other = await signUp(t, { fullName: 'Ada Obi', email: 'ada@test.ng', password: 'ada-password-1' })
    expect((await other.client.get('quotes/')).body).toEqual([])
    expect((await other.client.get(`quotes/${draft.id}/`)).status).toBe(404)
    expect((await other.client.post(`quotes/${draft.id}/accept/`, { name: 'Ada Obi' })).status).toBe(404)

    // A draft withdrawn before it was sent never reached the customer.
    const unsent = (await admin.post('admins/quotes/', { bookingId, lines: lines() })).body.quote
    expect((await admin.post(`admins/quotes/${unsent.id}/withdraw/`)).status).toBe(200)
    expect((await customer.get('quotes/')).body.map((q: { id: number }) => q.id)).toEqual([draft.id])
    expect((await customer.get(`quotes/${unsent.id}/`)).status).toBe(404)
    const again = await admin.post(`admins/quotes/${unsent.id}/send/`)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(`Quote ${unsent.number} is Withdrawn: only a draft can be sent.`)
  })

  it('withdrawn, cannot be accepted', async () => {
    const { quote, token } = await sentQuote()
    expect((await admin.post(`admins/quotes/${quote.id}/withdraw/`)).body.quote.status).toBe('Withdrawn')
    const refused = await new Client(t.app).post(`quote-links/${token}/accept/`, { name: 'Chidi Okafor' })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(
      `Quote ${quote.number} was withdrawn by GreenShield: ask us for a new one.`,
    )
    expect(await countRows(t.db, 'invoices')).toBe(0)
  })
})

describe('a technician’s quote from the job', () => {
  it('sent twice by the phone’s outbox (same key, then a new key) lands once', async () => {
    const jobId = await assignedBooking()
    const body = { clientKey: uuid(), lines: lines(), depositPercent: 0, send: false }
    const key = { 'Idempotency-Key': uuid() }
    const first = await tech.post(`staff/jobs/${jobId}/quotes/`, body, key)
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.body.quote).toMatchObject({ status: 'Draft', bookingId: jobId, number: `Q-${YEAR()}-0001` })
    const replay = await tech.post(`staff/jobs/${jobId}/quotes/`, body, key)
    expect(replay.body).toEqual(first.body)
    const underNewKey = await tech.post(`staff/jobs/${jobId}/quotes/`, body, { 'Idempotency-Key': uuid() })
    expect(underNewKey.status).toBe(200)
    expect(underNewKey.body.quote.id).toBe(first.body.quote.id)
    expect(await countRows(t.db, 'quotes')).toBe(1)
    // No number was used up by the replays.
    const next = await tech.post(
      `staff/jobs/${jobId}/quotes/`,
      { ...body, clientKey: uuid() },
      { 'Idempotency-Key': uuid() },
    )
    expect(next.body.quote.number).toBe(`Q-${YEAR()}-0002`)
  })

  it('“send to customer” sends it at once; a job that is not theirs is refused', async () => {
    const jobId = await assignedBooking()
    const sent = await tech.post(
      `staff/jobs/${jobId}/quotes/`,
      { clientKey: uuid(), lines: lines(), send: true },
      { 'Idempotency-Key': uuid() },
    )
    expect(sent.status).toBe(201)
    expect(sent.body.quote.status).toBe('Sent')
    expect(await countRows(t.db, 'message_queue', ['template', 'quote_sent'])).toBe(1)
    expect((await customer.get(`quotes/${sent.body.quote.id}/`)).body.status).toBe('Sent')
    // The job page lists it with its state, so the technician sees when the customer accepts.
    const job = (await tech.get(`staff/jobs/${jobId}/`)).body
    expect(job.quotes).toEqual([
      { id: sent.body.quote.id, number: sent.body.quote.number, status: 'Sent', total: 45_000 },
    ])

    const { client: other } = await addTechnician(t.app, admin, TECH2)
    const refused = await other.post(
      `staff/jobs/${jobId}/quotes/`,
      { clientKey: uuid(), lines: lines() },
      { 'Idempotency-Key': uuid() },
    )
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('This job is not assigned to you.')
    expect(await countRows(t.db, 'quotes')).toBe(1)
  })
})

describe('the customer answers by link, without logging in', () => {
  it('accepting writes one draft invoice with the quote’s lines and the offer, even sent twice at once on two instances', async () => {
    const { quote, token, bookingId } = await sentQuote()
    const other = racingInstance(t)
    try {
      const answers = await Promise.all([
        new Client(t.app).post(`quote-links/${token}/accept/`, { name: 'Chidi Okafor' }),
        new Client(other.app).post(`quote-links/${token}/accept/`, { name: 'Chidi Okafor' }),
      ])
      expect(answers.map((a) => a.status)).toEqual([200, 200])
      expect(answers[0].body.message).toBe(answers[1].body.message)
    } finally {
      await other.close()
    }
    expect(await countRows(t.db, 'invoices')).toBe(1)
    const again = await new Client(t.app).post(`quote-links/${token}/accept/`, { name: 'Chidi Okafor' })
    expect(again.status).toBe(200)
    expect(await countRows(t.db, 'invoices')).toBe(1)

    const view = (await new Client(t.app).get(`quote-links/${token}/`)).body
    expect(view).toMatchObject({ status: 'Accepted', acceptedName: 'Chidi Okafor' })
    expect(view.acceptedAt).toBeTruthy()
    // The office's draft is not shown to the customer.
    expect(view.invoice).toMatchObject({ status: 'Draft', deposit: false, link: null })
    const invoice = (await admin.get(`admins/invoices/${view.invoice.id}/`)).body
    expect(invoice).toMatchObject({ quoteId: quote.id, bookingId, status: 'Draft' })
    expect(invoice.lines.map((l: { description: string }) => l.description)).toEqual([
      'Termite treatment, whole house',
      'Call-out fee',
    ])
    // 20% off the first service, on the invoice: 45,000 - 9,000.
    expect(invoice.totals).toMatchObject({ firstServiceDiscount: 9_000, total: 36_000 })
  })

  it('a quote with a deposit becomes its invoice, sent at once, the deposit due first; what is paid adds up on it', async () => {
    const { quote, token, bookingId } = await sentQuote({ depositPercent: 30 })
    expect((await customer.get(`quotes/${quote.id}/`)).body.deposit).toBe(13_500)
    const accepted = await new Client(t.app).post(`quote-links/${token}/accept/`, { name: 'Chidi Okafor' })
    expect(accepted.status).toBe(200)
    const invoice = accepted.body.quote.invoice
    // The work's own invoice: the quote's ₦45,000 less the first-service 20%.
    expect(invoice).toMatchObject({ status: 'Sent', deposit: true, total: 36_000 })
    expect(accepted.body.message).toContain('Pay the ₦13,500.00 deposit')
    const byLink = await new Client(t.app).get(`invoice-links/${invoice.link.slice('/i/'.length)}/`)
    expect(byLink.status).toBe(200)
    expect(byLink.body).toMatchObject({ bookingId, quoteId: quote.id, due: 36_000, depositDue: 13_500 })
    expect(byLink.body.lines.map((l: { description: string }) => l.description)).toEqual([
      'Termite treatment, whole house',
      'Call-out fee',
    ])
    expect(await countRows(t.db, 'message_queue', ['template', 'invoice_sent'])).toBe(1)
    // The logged-in customer is sent to the invoice in their account.
    expect((await customer.get(`quotes/${quote.id}/`)).body.invoice.link).toBe(`/invoices/${invoice.id}`)

    // Part of the deposit, then the rest of it: the invoice owes what is left of the work, once.
    const pay = (amount: number) =>
      admin.post(`admins/invoices/${invoice.id}/payments/`, {
        amount,
        method: 'bank_transfer',
        reference: `TRF-${amount}`,
        receivedOn: lagosDay(0),
      })
    expect((await pay(10_000)).status).toBe(201)
    expect((await admin.get(`admins/invoices/${invoice.id}/`)).body).toMatchObject({
      due: 26_000,
      depositDue: 3_500,
    })
    expect((await pay(3_500)).status).toBe(201)
    expect((await admin.get(`admins/invoices/${invoice.id}/`)).body).toMatchObject({
      status: 'Part-paid',
      due: 22_500,
      depositDue: 0,
    })
    // The booking's work is on this invoice: the office cannot bill the booking a second time.
    const again = await admin.post('admins/invoices/', { bookingId })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(`This booking already has invoice ${invoice.number}.`)
  })

  it('an expired quote is refused with its last day; declining records the reason', async () => {
    const { quote, token } = await sentQuote()
    await t.db
      .updateTable('quotes')
      .set({ valid_until: lagosDay(-1) })
      .where('id', '=', quote.id)
      .execute()
    const link = new Client(t.app)
    expect((await link.get(`quote-links/${token}/`)).body.status).toBe('Expired')
    const refused = await link.post(`quote-links/${token}/accept/`, { name: 'Chidi Okafor' })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toMatch(
      new RegExp(
        `^Quote ${quote.number} expired on .+, so it cannot be accepted\\. Ask us for a new one\\.$`,
      ),
    )
    expect(await countRows(t.db, 'invoices')).toBe(0)

    const { quote: other, token: otherToken } = await sentQuote()
    const declined = await link.post(`quote-links/${otherToken}/decline/`, { reason: 'Too dear for now' })
    expect(declined.status).toBe(200)
    expect(declined.body.quote).toMatchObject({ status: 'Declined', declineReason: 'Too dear for now' })
    expect(declined.body.quote.declinedAt).toBeTruthy()
    const late = await customer.post(`quotes/${other.id}/accept/`, { name: 'Chidi Okafor' })
    expect(late.status).toBe(409)
    expect(late.body.message).toBe(`Quote ${other.number} was declined: ask us for a new one.`)
  })

  it('refuses a name left out, keeping the quote open', async () => {
    const { token } = await sentQuote()
    const refused = await new Client(t.app).post(`quote-links/${token}/accept/`, { name: ' ' })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ message: 'Type your name to accept', field: 'name' })
    expect((await new Client(t.app).get(`quote-links/${token}/`)).body.status).toBe('Sent')
  })
})
