import { describe, expect, it } from 'vitest'
import { signLink } from '../../api/lib/signed-links'
import { Client, CUSTOMER, countRows, findUserId, lagosDay } from './helpers'
import { queuedData } from './messaging-helpers'
import { onRacingInstance } from './instances'
import { at, book, completion, doJob, idempotencyKey, uuid, YEAR } from './staff-helpers'
import { onEachTechnicianApp, t, admin, customer, tech, techId } from './app-per-test'

onEachTechnicianApp()

const serviceLine = (unitPrice: number, change: Record<string, unknown> = {}) => ({
  kind: 'service',
  description: 'General pest control, 3-bedroom flat',
  quantity: 1,
  unitPrice,
  ...change,
})
const materialLine = (unitPrice: number) => ({
  kind: 'material',
  description: 'Gel bait, 2 tubes',
  quantity: 2,
  unitPrice,
  productId: 1,
})

/** A booking of the demo customer done by the technician: two treatments, and `payment` taken on site (or none). */
async function completedBooking(
  payment: Record<string, unknown> | null = null,
  booked: Record<string, unknown> = {},
) {
  const id = await book(customer, booked)
  const treatments = [{ target_pest: 'Cockroaches' }, { target_pest: 'Ants' }]
  await doJob({ admin, tech, techId }, id, { treatments, completion: { payment } })
  return id
}

const customerId = () => findUserId(t.db, CUSTOMER.email)
const blankInvoice = async (lines = [serviceLine(30_000)], c = admin) => {
  const res = await c.post('admins/invoices/', { customerId: await customerId(), lines })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.invoice
}
const send = (id: number) => admin.post(`admins/invoices/${id}/send/`)
const pay = (id: number, amount: number, change: Record<string, unknown> = {}) =>
  admin.post(`admins/invoices/${id}/payments/`, {
    amount,
    method: 'bank_transfer',
    reference: `TRF-${amount}`,
    receivedOn: lagosDay(0),
    ...change,
  })

describe('an invoice from a completed booking', () => {
  it('written before the visit, it receives what the technician takes on site, once however often the completion is sent', async () => {
    const bookingId = await book(customer)
    const draft = await admin.post('admins/invoices/', { bookingId, lines: [serviceLine(30_000)] })
    expect(draft.status).toBe(201)
    const id = draft.body.invoice.id as number
    expect((await send(id)).status).toBe(200)
    expect((await admin.post(`admins/bookings/${bookingId}/assign/`, { staff_id: techId })).status).toBe(200)
    const arrived = { type: 'arrived', occurred_at: at() }
    expect((await tech.post(`staff/jobs/${bookingId}/events/`, arrived, idempotencyKey())).status).toBe(201)
    // The phone sends the completion, loses the answer and sends it again.
    const key = { 'Idempotency-Key': uuid() }
    const done = completion({ payment: { amount: '10,000', method: 'pos', reference: 'POS-55' } })
    expect((await tech.post(`staff/jobs/${bookingId}/complete/`, done, key)).status).toBe(201)
    expect((await tech.post(`staff/jobs/${bookingId}/complete/`, done, key)).status).toBe(201)

    const invoice = (await admin.get(`admins/invoices/${id}/`)).body
    expect(invoice).toMatchObject({ status: 'Part-paid', paid: 10_000 })
    expect(invoice.payments).toEqual([
      expect.objectContaining({
        amount: 10_000,
        method: 'pos',
        source: 'on_site',
        reference: 'POS-55',
        jobId: bookingId,
      }),
    ])
    expect(await countRows(t.db, 'invoice_payments')).toBe(1)
  })

  it('a payment on site larger than what is due stays the job’s own record: the completion still lands', async () => {
    const bookingId = await book(customer)
    const draft = await admin.post('admins/invoices/', { bookingId, lines: [serviceLine(5_000)] })
    const id = draft.body.invoice.id as number
    expect((await admin.post(`admins/bookings/${bookingId}/assign/`, { staff_id: techId })).status).toBe(200)
    const arrived = { type: 'arrived', occurred_at: at() }
    await tech.post(`staff/jobs/${bookingId}/events/`, arrived, idempotencyKey())
    const done = completion({ payment: { amount: 25_000, method: 'cash', reference: '' } })
    expect((await tech.post(`staff/jobs/${bookingId}/complete/`, done, idempotencyKey())).status).toBe(201)
    expect((await admin.get(`admins/invoices/${id}/`)).body).toMatchObject({ paid: 0 })
    expect(await countRows(t.db, 'invoice_payments')).toBe(0)
  })

  it('prices the work as the customer booked it: the kind, its units and the price it had then', async () => {
    const kind = await t.db
      .selectFrom('service_kinds')
      .select(['id', 'name', 'unit', 'price_kobo'])
      .where('service', '=', 'fumigation')
      .where('price_rule', '=', 'per_unit')
      .where('active', '=', 1)
      .executeTakeFirstOrThrow()
    const bookingId = await completedBooking(null, { service_kind_id: kind.id, units: 3 })
    // A later price change does not reach the booked work.
    await t.db
      .updateTable('service_kinds')
      .set({ price_kobo: 999_999_00 })
      .where('id', '=', kind.id)
      .execute()
    const res = await admin.post('admins/invoices/', { bookingId })
    expect(res.status).toBe(201)
    const [work] = res.body.invoice.lines
    expect(work).toMatchObject({
      kind: 'service',
      description: `Fumigation: ${kind.name} (${kind.unit})`,
      quantity: 3,
      unitPrice: kind.price_kobo / 100,
      total: (3 * kind.price_kobo) / 100,
      serviceKindId: kind.id,
    })
    // The customer's first service: the offer comes off the booked work.
    expect(res.body.invoice.totals).toMatchObject({
      firstServicePercent: 20,
      firstServiceDiscount: (3 * kind.price_kobo) / 500,
    })
  })

  it('is prefilled from the job: the price the technician took, the treatments at ₦0, the payment already in', async () => {
    const bookingId = await completedBooking({ amount: 25000, method: 'cash', reference: '' })
    const res = await admin.post('admins/invoices/', { bookingId })
    expect(res.status).toBe(201)
    const inv = res.body.invoice
    expect(inv.number).toBe(`INV-${YEAR()}-0001`)
    expect(inv.status).toBe('Draft')
    expect(inv.billedTo).toMatchObject({ name: expect.any(String), email: CUSTOMER.email })
    expect(inv.customerId).toBe(await customerId())
    expect(inv.lines.map((l: any) => [l.kind, l.unitPrice, l.total])).toEqual([
      ['service', 25000, 25000],
      ['treatment', 0, 0],
      ['treatment', 0, 0],
    ])
    expect(inv.lines[1].description).toContain('Cockroaches')
    expect(inv.payments).toEqual([
      expect.objectContaining({ amount: 25000, method: 'cash', source: 'on_site', jobId: bookingId }),
    ])
    // Paid in full on site before any offer: the offer is not spent on it, so the customer keeps it.
    expect(inv.totals).toMatchObject({ subtotal: 25000, firstServiceDiscount: 0, total: 25000 })
    expect(inv).toMatchObject({ paid: 25000, due: 0 })
    expect(await countRows(t.db, 'first_service_claims')).toBe(0)

    const again = await admin.post('admins/invoices/', { bookingId })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(`This booking already has invoice ${inv.number}.`)

    const sent = await send(inv.id)
    expect(sent.body.invoice).toMatchObject({ status: 'Paid', due: 0 })
    const next = await blankInvoice()
    expect(next.totals).toMatchObject({ firstServiceDiscount: 6000, firstServicePercent: 20, total: 24000 })
  })

  it('is written once when two admins invoice the same booking at the same moment', async () => {
    const bookingId = await completedBooking(null)
    const answers = await Promise.all([1, 2].map(() => admin.post('admins/invoices/', { bookingId })))
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409])
    expect(await countRows(t.db, 'invoices')).toBe(1)
  })

  it('without a payment on site, starts at ₦0 for the admin to fill; sending ₦0 is refused', async () => {
    const bookingId = await completedBooking(null)
    const inv = (await admin.post('admins/invoices/', { bookingId })).body.invoice
    expect(inv.totals.total).toBe(0)
    expect(inv.payments).toEqual([])
    const refused = await send(inv.id)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe('This invoice comes to ₦0: fill in the prices before sending it.')
    const lines = [serviceLine(40000), ...inv.lines.slice(1)]
    const saved = await admin.post(`admins/invoices/${inv.id}/`, { lines, discount: 2000, note: 'Thank you' })
    expect(saved.status).toBe(200)
    // 40,000 − 20% offer (8,000) − 2,000 discount.
    expect(saved.body.invoice.totals).toMatchObject({
      firstServiceDiscount: 8000,
      discount: 2000,
      total: 30000,
    })
    expect(saved.body.invoice.note).toBe('Thank you')
  })

  it('for a caller without an account keeps their name and phone, and gets no offer', async () => {
    const res = await admin.post('appointment/', {
      full_name: 'Chidi Caller',
      phone_number: '0803 555 0000',
      location: '5 Allen Avenue, Ikeja',
      service: 'cleaning',
      date: lagosDay(1),
      time: '11:00',
      info: '',
    })
    expect(res.status).toBe(201)
    const inv = (await admin.post('admins/invoices/', { bookingId: res.body.id })).body.invoice
    expect(inv.customerId).toBeNull()
    expect(inv.billedTo).toMatchObject({
      name: 'Chidi Caller',
      phone: '+2348035550000',
      address: '5 Allen Avenue, Ikeja',
    })
    expect(inv.lines[0].description).toBe('Cleaning service')
    const saved = await admin.post(`admins/invoices/${inv.id}/`, { lines: [serviceLine(20000)] })
    expect(saved.body.invoice.totals).toMatchObject({ firstServiceDiscount: 0, total: 20000 })
    const sent = await send(inv.id)
    expect(sent.status).toBe(200)
    expect(sent.body.message).toContain('has no account, so send them the link')
    expect(sent.body.invoice.link).toMatch(/^\/i\/invoice\./)
  })
})

describe('numbers', () => {
  it('are sequential with no gap or duplicate under 20 creations at once on two instances', async () => {
    // SQLite and PGlite run both apps over one pool: their one writer already serialises, so the test
    // checks the counter itself there.
    const { client: adminB, close } = await onRacingInstance(t, admin)
    const id = await customerId()
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? adminB : admin).post('admins/invoices/', {
            customerId: id,
            lines: [materialLine(1000 + i)],
          }),
        ),
      )
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201))
      const numbers = answers.map((a) => a.body.invoice.number).sort()
      expect(numbers).toEqual(
        Array.from({ length: 20 }, (_, i) => `INV-${YEAR()}-${String(i + 1).padStart(4, '0')}`),
      )
    } finally {
      await close()
    }
  })

  it('a creation that fails gives its number back', async () => {
    const bookingId = await completedBooking({ amount: 25000, method: 'pos', reference: 'POS-1' })
    // Lines below what was already paid on site: refused after the number was taken.
    const refused = await admin.post('admins/invoices/', { bookingId, lines: [serviceLine(10000)] })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe('₦25,000.00 was already paid: the total cannot go below it.')
    expect(await countRows(t.db, 'invoice_payments')).toBe(0)
    const made = await admin.post('admins/invoices/', { bookingId })
    expect(made.body.invoice.number).toBe(`INV-${YEAR()}-0001`)
  })
})

describe('the first-service offer', () => {
  it('is applied to the work, never to products, once per customer', async () => {
    const first = await blankInvoice([serviceLine(30000), materialLine(5000)])
    // 20% of the ₦30,000 of work; the ₦10,000 of products pays full price.
    expect(first.totals).toMatchObject({
      subtotal: 40000,
      firstServiceDiscount: 6000,
      firstServicePercent: 20,
      total: 34000,
    })
    const second = await blankInvoice([serviceLine(30000)])
    expect(second.totals).toMatchObject({ firstServiceDiscount: 0, firstServicePercent: null, total: 30000 })
  })

  it('is not spent on an invoice of products alone', async () => {
    const products = await blankInvoice([materialLine(5000)])
    expect(products.totals.firstServiceDiscount).toBe(0)
    expect((await blankInvoice()).totals.firstServiceDiscount).toBe(6000)
  })

  it('goes to exactly one of two invoices written at the same moment', async () => {
    const { client: other, close } = await onRacingInstance(t, admin)
    const id = await customerId()
    try {
      const answers = await Promise.all(
        [admin, other].map((c) =>
          c.post('admins/invoices/', { customerId: id, lines: [serviceLine(50000)] }),
        ),
      )
      expect(answers.map((a) => a.status)).toEqual([201, 201])
      expect(answers.map((a) => a.body.invoice.totals.firstServiceDiscount).sort()).toEqual([0, 10000])
      expect(await countRows(t.db, 'first_service_claims')).toBe(1)
    } finally {
      await close()
    }
  })

  it('is given back when its invoice is voided unpaid, and follows the admin’s settings', async () => {
    const first = await blankInvoice()
    const voided = await admin.post(`admins/invoices/${first.id}/void/`, { reason: 'Wrong address' })
    expect(voided.body.invoice).toMatchObject({
      status: 'Void',
      voidReason: 'Wrong address',
      number: first.number,
    })
    await admin.post('admins/billing-settings/', {
      vatRatePercent: 7.5,
      firstServiceOffer: true,
      firstServicePercent: 15,
      quoteValidDays: 14,
      invoiceDueDays: 10,
    })
    const next = await blankInvoice([serviceLine(20000)])
    // 15% of 20,000 = 3,000; VAT 7.5% on 17,000 = 1,275.
    expect(next.totals).toMatchObject({
      firstServiceDiscount: 3000,
      vatRatePercent: 7.5,
      vat: 1275,
      total: 18275,
    })
    expect(next.dueDate).toBe(lagosDay(10))
    await admin.post('admins/billing-settings/', {
      vatRatePercent: 0,
      firstServiceOffer: false,
      firstServicePercent: 20,
      quoteValidDays: 14,
      invoiceDueDays: 7,
    })
    await admin.post(`admins/invoices/${next.id}/void/`, { reason: 'Duplicate' })
    expect((await blankInvoice()).totals.firstServiceDiscount).toBe(0)
  })
})

describe('payments', () => {
  it('add up to Paid; more than is due, a draft and a void invoice are refused', async () => {
    const inv = await blankInvoice([serviceLine(50000)]) // 40,000 after the offer
    const onDraft = await pay(inv.id, 1000)
    expect(onDraft.status).toBe(409)
    expect(onDraft.body.message).toBe(`Invoice ${inv.number} is a draft: send it before recording a payment.`)
    expect((await send(inv.id)).body.invoice.status).toBe('Sent')

    const part = await pay(inv.id, 15000)
    expect(part.status).toBe(201)
    expect(part.body.invoice).toMatchObject({ status: 'Part-paid', paid: 15000, due: 25000 })
    const over = await pay(inv.id, 25000.01)
    expect(over.status).toBe(409)
    expect(over.body).toMatchObject({
      message: `That is more than the ₦25,000.00 due on invoice ${inv.number}.`,
      field: 'amount',
    })
    const rest = await pay(inv.id, 25000, { method: 'cash', reference: '' })
    expect(rest.body.invoice).toMatchObject({ status: 'Paid', paid: 40000, due: 0 })
    expect(rest.body.invoice.payments.map((p: any) => [p.amount, p.method, p.source])).toEqual([
      [15000, 'bank_transfer', 'manual'],
      [25000, 'cash', 'manual'],
    ])
    const refusedVoid = await admin.post(`admins/invoices/${inv.id}/void/`, {
      reason: 'Customer disputes it',
    })
    expect(refusedVoid.status).toBe(409)
    expect(refusedVoid.body.message).toBe(
      'Refund the ₦40,000.00 paid first: an invoice with money on it cannot be void.',
    )

    const other = await blankInvoice([serviceLine(1000)])
    await send(other.id)
    await admin.post(`admins/invoices/${other.id}/void/`, { reason: 'Sent by mistake' })
    const onVoid = await pay(other.id, 100)
    expect(onVoid.status).toBe(409)
    expect(onVoid.body.message).toBe(`Invoice ${other.number} is void: it cannot be paid.`)
  })

  it('the same payment sent twice (its client key, or the request’s Idempotency-Key) is recorded once', async () => {
    const inv = await blankInvoice([serviceLine(50000)])
    await send(inv.id)
    const clientKey = uuid()
    expect((await pay(inv.id, 10000, { clientKey })).status).toBe(201)
    const replay = await pay(inv.id, 10000, { clientKey })
    expect(replay.status).toBe(200)
    expect(replay.body.message).toBe('This payment was recorded already.')
    const key = { 'Idempotency-Key': uuid() }
    const body = { amount: 5000, method: 'pos', reference: 'POS-77', receivedOn: lagosDay(-1) }
    expect((await admin.post(`admins/invoices/${inv.id}/payments/`, body, key)).status).toBe(201)
    const repeated = await admin.post(`admins/invoices/${inv.id}/payments/`, body, key)
    expect(repeated.headers.get('Idempotent-Replayed')).toBe('true')
    const now = (await admin.get(`admins/invoices/${inv.id}/`)).body
    expect(now).toMatchObject({ paid: 15000, status: 'Part-paid' })
    expect(now.payments).toHaveLength(2)
  })

  it('refuses a bad payment with a message on its field', async () => {
    const inv = await blankInvoice()
    await send(inv.id)
    const noRef = await pay(inv.id, 1000, { reference: '' })
    expect(noRef.status).toBe(400)
    expect(noRef.body).toMatchObject({ field: 'reference' })
    const future = await pay(inv.id, 1000, { receivedOn: lagosDay(2) })
    expect(future.body).toMatchObject({
      message: 'The date received cannot be in the future.',
      field: 'receivedOn',
    })
    const zero = await pay(inv.id, 0)
    expect(zero.body).toMatchObject({ message: 'Amount must be more than ₦0', field: 'amount' })
  })
})

describe('what the customer sees', () => {
  it('their sent invoices only, in the app and through the link without logging in', async () => {
    const inv = await blankInvoice([serviceLine(30000)])
    expect(await customer.get('invoices/').then((r) => r.body)).toEqual([])
    expect((await customer.get(`invoices/${inv.id}/`)).status).toBe(404)
    const sent = await send(inv.id)
    expect(sent.body.message).toMatch(/^Invoice INV-\d{4}-0001 sent to /)
    const link: string = sent.body.invoice.link
    const token = link.replace('/i/', '')

    const notes = (await customer.get('users/notifications/')).body
    expect(JSON.stringify(notes)).toContain(`/invoices/${inv.id}`)
    const queued = await queuedData(t.db, 'invoice_sent')
    expect(queued.length).toBeGreaterThan(0)
    expect(queued[0]).toMatchObject({ number: inv.number, amount: '₦24,000.00', link })

    const list = (await customer.get('invoices/')).body
    expect(list).toEqual([expect.objectContaining({ id: inv.id, status: 'Sent', due: 24000 })])
    expect((await customer.get(`invoices/${inv.id}/`)).body).toMatchObject({ number: inv.number, due: 24000 })

    const anonymous = new Client(t.app)
    const opened = await anonymous.get(`invoice-links/${token}/`)
    expect(opened.status).toBe(200)
    expect(opened.body).toMatchObject({ number: inv.number, due: 24000, status: 'Sent' })

    // Another customer sees nothing of it.
    const stranger = new Client(t.app)
    await stranger.post('register/', {
      fullName: 'Other Person',
      email: 'other@test.ng',
      password: 'other-password-1',
      phoneNumber: '0803 222 3333',
    })
    await stranger.login({ email: 'other@test.ng', password: 'other-password-1' })
    expect((await stranger.get(`invoices/${inv.id}/`)).status).toBe(404)
    expect((await stranger.get('invoices/')).body).toEqual([])
  })

  it('a link that is not ours is 404, an expired one 410, a draft’s 404', async () => {
    const anonymous = new Client(t.app)
    const inv = await blankInvoice()
    const draftToken = await signLink(t.db, 'invoice', inv.id, t.config.now() + 86_400_000)
    expect((await anonymous.get(`invoice-links/${draftToken}/`)).status).toBe(404)
    await send(inv.id)
    const expired = await signLink(t.db, 'invoice', inv.id, t.config.now() - 1000)
    const gone = await anonymous.get(`invoice-links/${expired}/`)
    expect(gone.status).toBe(410)
    expect(gone.body.message).toBe('This link has expired. Ask us and we will send a new one.')
    expect((await anonymous.get('invoice-links/invoice.1.99999999999.forged/')).status).toBe(404)
    expect((await anonymous.get(`invoice-links/${draftToken.replace(/\.(\d+)\./, '.9.')}/`)).status).toBe(404)
  })

  it('only an admin writes, edits, sends, voids and records payments', async () => {
    const inv = await blankInvoice()
    for (const [path, body] of [
      ['admins/invoices/', { customerId: 1, lines: [serviceLine(1)] }],
      [`admins/invoices/${inv.id}/send/`, undefined],
      [`admins/invoices/${inv.id}/void/`, { reason: 'no reason' }],
    ] as const) {
      expect((await customer.post(path, body)).status).toBe(403)
      expect((await new Client(t.app).post(path, body)).status).toBe(401)
    }
    expect((await customer.get('admins/invoices/')).status).toBe(403)
  })
})

describe('the admin’s list and drafts', () => {
  it('filters by status and finds by number or name; a sent invoice is no longer edited', async () => {
    const a = await blankInvoice()
    const b = await blankInvoice([materialLine(1000)])
    await send(b.id)
    expect((await admin.get('admins/invoices/?status=Draft')).body.map((i: any) => i.id)).toEqual([a.id])
    expect(
      (await admin.get(`admins/invoices/?q=${b.number.toLowerCase()}`)).body.map((i: any) => i.id),
    ).toEqual([b.id])
    const name = a.billedName.split(' ')[0].toUpperCase()
    expect((await admin.get(`admins/invoices/?q=${encodeURIComponent(name)}`)).body).toHaveLength(2)
    const edit = await admin.post(`admins/invoices/${b.id}/`, { lines: [serviceLine(1)] })
    expect(edit.status).toBe(409)
    expect(edit.body.message).toBe(`Invoice ${b.number} is Sent: only a draft can be changed.`)
    const bad = await admin.post(`admins/invoices/${a.id}/`, { lines: [serviceLine(1, { quantity: 0 })] })
    expect(bad).toMatchObject({ status: 400, body: { field: 'lines.0.quantity' } })
    const noCustomer = await admin.post('admins/invoices/', { lines: [serviceLine(1)] })
    expect(noCustomer.body).toMatchObject({
      message: 'Choose a booking or a customer to bill',
      field: 'customerId',
    })
    expect(
      (await admin.post('admins/invoices/', { customerId: 99999, lines: [serviceLine(1)] })).status,
    ).toBe(404)
    expect((await admin.get('admins/invoices/99999/')).status).toBe(404)
  })
})
