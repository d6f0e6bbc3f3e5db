import { afterEach, describe, expect, it } from 'vitest'
import { FlutterwaveGateway, checkPendingPayments, createGateway, type Gateway } from '../../api/payments'
import { signLink } from '../../api/lib/signed-links'
import {
  ADMIN,
  CUSTOMER,
  Client,
  countRows,
  findUserId,
  lagosDay,
  makeTestApp,
  type TestContext,
} from './helpers'
import { queuedData } from './messaging-helpers'
import { racingInstance } from './instances'

let t: TestContext
let gateway: Gateway
let admin: Client
let customer: Client
afterEach(() => t?.close())

/** The sandbox with its ledger in the database, as a real server builds it: every instance sees the same. */
async function start() {
  t = await makeTestApp({}, (config, db) => (gateway = createGateway(config, db)))
  admin = new Client(t.app)
  await admin.login(ADMIN)
  customer = new Client(t.app)
  await customer.login(CUSTOMER)
}

/** A sent invoice of the demo customer for ₦`amount` of products (no first-service offer): id, number, link token. */
async function sentInvoice(amount = 30_000) {
  const made = await admin.post('admins/invoices/', {
    customerId: await findUserId(t.db, CUSTOMER.email),
    lines: [{ kind: 'material', description: 'Gel bait', quantity: 1, unitPrice: amount }],
  })
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  const sent = await admin.post(`admins/invoices/${made.body.invoice.id}/send/`)
  expect(sent.status).toBe(200)
  const link: string = sent.body.invoice.link
  return {
    id: made.body.invoice.id as number,
    number: made.body.invoice.number as string,
    token: link.slice(3),
  }
}

/** Opens a payment through the link and answers the sandbox page it sends the browser to. */
async function openByLink(token: string, body: object = {}, headers: Record<string, string> = {}) {
  const res = await new Client(t.app).post(`invoice-links/${token}/pay/`, body, headers)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  const url = new URL(res.body.payment_url)
  return { url, txRef: decodeURIComponent(url.pathname.split('/').pop()!) }
}

/** Presses "success" (or another outcome) on the sandbox page; answers where the browser is sent back. */
async function paySandbox(url: URL, outcome: 'success' | 'decline' | 'cancel' = 'success') {
  const page = await t.app.request(url.pathname)
  const signature = /name="signature" value="([^"]+)"/.exec(await page.text())![1]
  const res = await t.app.request(url.pathname, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome, signature }).toString(),
  })
  expect(res.status).toBe(303)
  return new URL(res.headers.get('Location')!)
}

/** The browser follows the gateway's redirect to our pay/return: answers the app page it lands on. */
async function comeBack(returnUrl: URL) {
  const res = await t.app.request(returnUrl.pathname + returnUrl.search)
  expect(res.status).toBe(303)
  return new URL(res.headers.get('Location')!)
}

const invoiceRow = (id: number) =>
  t.db.selectFrom('invoices').select(['status', 'paid_kobo']).where('id', '=', id).executeTakeFirstOrThrow()
const ledger = (id: number) =>
  t.db
    .selectFrom('invoice_payments')
    .select(['amount_kobo', 'source', 'method', 'reference', 'payment_id'])
    .where('invoice_id', '=', id)
    .orderBy('id')
    .execute()
/** Payments opened for invoices (the demo data has cart payments of its own). */
const invoicePayments = async () =>
  (await t.db.selectFrom('payments').select('id').where('invoice_id', 'is not', null).execute()).length
const refundsOf = (txRef: string) =>
  t.db
    .selectFrom('refunds as r')
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .select(['r.status', 'r.amount_kobo', 'r.reason'])
    .where('p.tx_ref', '=', txRef)
    .execute()

describe('paying an invoice by its link', () => {
  it('settles once when the return, the webhook and the periodic check race on two instances', async () => {
    const HASH = 'hook-hash'
    t = await makeTestApp({ flwSecretHash: HASH }, (config, db) => (gateway = createGateway(config, db)))
    admin = new Client(t.app)
    await admin.login(ADMIN)
    const inv = await sentInvoice(30_000)
    const { url, txRef } = await openByLink(inv.token)
    expect(url.pathname).toBe(`/api/pay/sandbox/${txRef}`)
    const back = await paySandbox(url)

    // PostgreSQL server: a second pool is a second instance. SQLite and PGlite (one session) run both apps
    // over one connection, whose one writer serialises them: the status guard is what is checked there.
    const other = racingInstance(t, (config, db) => createGateway(config, db))
    const webhook = (app: typeof t.app) =>
      app.request('/api/payments/webhook/flutterwave', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'verif-hash': HASH },
        body: JSON.stringify({ event: 'charge.completed', data: { tx_ref: txRef } }),
      })
    try {
      const results = await Promise.all([
        t.app.request(back.pathname + back.search),
        other.app.request(back.pathname + back.search),
        webhook(t.app),
        webhook(other.app),
        checkPendingPayments({ db: t.db, gateway, now: t.config.now }),
        checkPendingPayments({ db: other.db, gateway: createGateway(t.config, other.db), now: t.config.now }),
      ])
      expect(results.map((r) => ('status' in r ? r.status : 'check'))).toEqual([
        303,
        303,
        200,
        200,
        'check',
        'check',
      ])
      // Back on the link's own page, which reads the outcome.
      const landing = new URL((results[0] as Response).headers.get('Location')!)
      expect(landing.pathname).toBe(`/i/${inv.token}`)
      expect(landing.searchParams.get('tx_ref')).toBe(txRef)
      expect(landing.searchParams.get('status')).toBe('successful')
    } finally {
      await other.close()
    }

    expect(await ledger(inv.id)).toEqual([
      expect.objectContaining({
        amount_kobo: 3_000_000,
        source: 'gateway',
        method: 'card',
        reference: txRef,
      }),
    ])
    expect(await invoiceRow(inv.id)).toEqual({ status: 'Paid', paid_kobo: 3_000_000 })
    expect(await countRows(t.db, 'refunds')).toBe(0)
    // One receipt, by the customer's settings (the message queue), and one notification.
    expect(await queuedData(t.db, 'invoice_receipt')).toEqual([
      expect.objectContaining({ number: inv.number, amount: '₦30,000.00', reference: txRef, due: '' }),
    ])
    customer = new Client(t.app)
    await customer.login(CUSTOMER)
    const notes = (await customer.get('users/notifications/')).body as { heading: string; body: string }[]
    const paidNotes = notes.filter((n) => n.body.includes(`for invoice ${inv.number}`))
    expect(paidNotes.map((n) => n.heading)).toEqual(['Payment Successful'])

    // The page the payer comes back to reads the outcome, and the invoice shows nothing more is due.
    const anonymous = new Client(t.app)
    const outcome = await anonymous.get(`invoice-links/${inv.token}/payments/${txRef}/`)
    expect(outcome.body).toEqual({
      tx_ref: txRef,
      status: 'successful',
      message: 'Payment successful. It has been recorded on your invoice.',
      amount: 30000,
      refund: null,
    })
    expect((await anonymous.get(`invoice-links/${inv.token}/`)).body).toMatchObject({
      status: 'Paid',
      due: 0,
    })
    const again = await anonymous.post(`invoice-links/${inv.token}/pay/`, {})
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(`Invoice ${inv.number} is paid in full.`)
  })

  it('part payments add up to Paid; amounts outside ₦1,000 … the amount due are refused', async () => {
    await start()
    const inv = await sentInvoice(30_000)
    const anonymous = new Client(t.app)
    const tooMuch = await anonymous.post(`invoice-links/${inv.token}/pay/`, { amount: 30_000.01 })
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.body).toMatchObject({
      message: 'You can pay at most the ₦30,000.00 due.',
      field: 'amount',
    })
    const tooLittle = await anonymous.post(`invoice-links/${inv.token}/pay/`, { amount: 999 })
    expect(tooLittle.status).toBe(400)
    expect(tooLittle.body).toMatchObject({
      message: 'A part payment is at least ₦1,000.00.',
      field: 'amount',
    })
    const notNumber = await anonymous.post(`invoice-links/${inv.token}/pay/`, { amount: 'lots' })
    expect(notNumber.status).toBe(400)
    expect(notNumber.body.field).toBe('amount')

    const first = await openByLink(inv.token, { amount: '29,500' })
    await comeBack(await paySandbox(first.url))
    expect(await invoiceRow(inv.id)).toEqual({ status: 'Part-paid', paid_kobo: 2_950_000 })
    expect((await anonymous.get(`invoice-links/${inv.token}/`)).body).toMatchObject({ due: 500 })

    // ₦500 left: less than ₦1,000, so it is paid whole.
    const partOfIt = await anonymous.post(`invoice-links/${inv.token}/pay/`, { amount: 200 })
    expect(partOfIt.status).toBe(400)
    expect(partOfIt.body.message).toBe('Pay the whole ₦500.00 due.')
    const rest = await openByLink(inv.token)
    const landing = await comeBack(await paySandbox(rest.url))
    expect(landing.searchParams.get('status')).toBe('successful')
    expect(await invoiceRow(inv.id)).toEqual({ status: 'Paid', paid_kobo: 3_000_000 })
    expect((await ledger(inv.id)).map((p) => p.amount_kobo)).toEqual([2_950_000, 50_000])
  })

  it('a declined payment leaves the invoice as it was, and says so on the way back', async () => {
    await start()
    const inv = await sentInvoice()
    const { url, txRef } = await openByLink(inv.token)
    const landing = await comeBack(await paySandbox(url, 'decline'))
    expect(landing.pathname).toBe(`/i/${inv.token}`)
    expect(landing.searchParams.get('status')).toBe('failed')
    const outcome = await new Client(t.app).get(`invoice-links/${inv.token}/payments/${txRef}/`)
    expect(outcome.body).toMatchObject({
      status: 'failed',
      message: 'Your payment was not successful. Nothing was taken off your invoice, so you can try again.',
    })
    expect(await invoiceRow(inv.id)).toEqual({ status: 'Sent', paid_kobo: 0 })
  })

  it('a double tap with one Idempotency-Key opens one payment', async () => {
    await start()
    const inv = await sentInvoice()
    const key = { 'Idempotency-Key': crypto.randomUUID() }
    const anonymous = new Client(t.app)
    const first = await anonymous.post(`invoice-links/${inv.token}/pay/`, {}, key)
    const second = await anonymous.post(`invoice-links/${inv.token}/pay/`, {}, key)
    expect([first.status, second.status]).toEqual([200, 200])
    expect(second.body).toEqual(first.body)
    expect(await invoicePayments()).toBe(1)
  })

  it('a void invoice cannot be paid, and a charge that lands after it was voided is refunded', async () => {
    await start()
    const inv = await sentInvoice()
    const { url, txRef } = await openByLink(inv.token)
    // The admin voids it while the customer is on the payment page.
    expect((await admin.post(`admins/invoices/${inv.id}/void/`, { reason: 'Billed twice' })).status).toBe(200)
    const refused = await new Client(t.app).post(`invoice-links/${inv.token}/pay/`, {})
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(`Invoice ${inv.number} is void: it cannot be paid.`)

    const landing = await comeBack(await paySandbox(url))
    expect(landing.searchParams.get('status')).toBe('failed')
    expect(await ledger(inv.id)).toEqual([])
    expect(await invoiceRow(inv.id)).toEqual({ status: 'Void', paid_kobo: 0 })
    expect(await refundsOf(txRef)).toEqual([
      {
        status: 'refunded',
        amount_kobo: 3_000_000,
        reason: `Invoice ${inv.number} was void when the payment completed.`,
      },
    ])
    const outcome = await new Client(t.app).get(`invoice-links/${inv.token}/payments/${txRef}/`)
    expect(outcome.body).toMatchObject({
      status: 'failed',
      message: `Invoice ${inv.number} was cancelled before your payment completed. You will be refunded.`,
      refund: { status: 'refunded', amount: 30000 },
    })
    const refunds = (await admin.get('admins/refunds/')).body
    expect(refunds).toEqual([expect.objectContaining({ tx_ref: txRef, products: `Invoice ${inv.number}` })])
  })

  it('two payments of the whole amount racing: the first pays it, the second is refunded', async () => {
    await start()
    const inv = await sentInvoice(20_000)
    const a = await openByLink(inv.token)
    const b = await openByLink(inv.token)
    const backA = await paySandbox(a.url)
    const backB = await paySandbox(b.url)
    const [landA, landB] = await Promise.all([comeBack(backA), comeBack(backB)])
    expect([landA, landB].map((l) => l.searchParams.get('status')).sort()).toEqual(['failed', 'successful'])
    expect(await invoiceRow(inv.id)).toEqual({ status: 'Paid', paid_kobo: 2_000_000 })
    expect(await ledger(inv.id)).toHaveLength(1)
    const loser = landA.searchParams.get('status') === 'failed' ? a.txRef : b.txRef
    expect(await refundsOf(loser)).toEqual([
      {
        status: 'refunded',
        amount_kobo: 2_000_000,
        reason: `Invoice ${inv.number} had less than this payment left to pay.`,
      },
    ])
    expect(await countRows(t.db, 'refunds')).toBe(1)
  })

  it('a link never made answers 404, an expired one 410; a link pays only its own invoice', async () => {
    await start()
    const inv = await sentInvoice()
    const other = await sentInvoice(10_000)
    const anonymous = new Client(t.app)
    const forged = await anonymous.post(`invoice-links/${inv.token.slice(0, -2)}xx/pay/`, {})
    expect(forged.status).toBe(404)
    expect(forged.body.message).toBe(
      'This link is not valid. Check it was copied whole, or ask us for a new one.',
    )
    const expired = await signLink(t.db, 'invoice', inv.id, t.config.now() - 1000)
    const late = await anonymous.post(`invoice-links/${expired}/pay/`, {})
    expect(late.status).toBe(410)
    expect(late.body.message).toBe('This link has expired. Ask us and we will send a new one.')
    expect(await invoicePayments()).toBe(0)

    // A payment of one invoice cannot be read through another's link.
    const { txRef } = await openByLink(other.token)
    expect((await anonymous.get(`invoice-links/${inv.token}/payments/${txRef}/`)).status).toBe(404)
    expect((await anonymous.get(`invoice-links/${other.token}/payments/${txRef}/`)).status).toBe(200)
  })
})

describe('paying an invoice as the logged-in customer', () => {
  it('opens a payment of their own invoice and comes back to its page; another’s answers 404', async () => {
    await start()
    const inv = await sentInvoice(30_000)
    expect((await new Client(t.app).post(`invoices/${inv.id}/pay/`, {})).status).toBe(401)

    const res = await customer.post(`invoices/${inv.id}/pay/`, { amount: 10_000 })
    expect(res.status).toBe(200)
    const url = new URL(res.body.payment_url)
    const txRef = decodeURIComponent(url.pathname.split('/').pop()!)
    const landing = await comeBack(await paySandbox(url))
    expect(landing.pathname).toBe(`/invoices/${inv.id}`)
    expect(landing.searchParams.get('status')).toBe('successful')
    expect((await customer.get(`invoices/${inv.id}/payments/${txRef}/`)).body).toMatchObject({
      status: 'successful',
      amount: 10000,
    })
    expect((await customer.get(`invoices/${inv.id}/`)).body).toMatchObject({
      status: 'Part-paid',
      paid: 10000,
      due: 20000,
      payments: [
        expect.objectContaining({ amount: 10000, source: 'gateway', method: 'card', reference: txRef }),
      ],
    })

    // Someone else's invoice, or a draft, is not theirs to pay.
    const stranger = new Client(t.app)
    await stranger.post('register/', {
      fullName: 'Ngozi Eze',
      email: 'ngozi@test.ng',
      password: 'another-password-1',
    })
    await stranger.login({ email: 'ngozi@test.ng', password: 'another-password-1' })
    expect((await stranger.post(`invoices/${inv.id}/pay/`, {})).status).toBe(404)
    expect((await stranger.get(`invoices/${inv.id}/payments/${txRef}/`)).status).toBe(404)
  })
})

describe('the method recorded', () => {
  it('is the one the gateway reports (bank transfer, USSD), card when it does not say', async () => {
    /** A provider that reports every charge paid, by the method the test names. */
    let method: 'bank_transfer' | 'ussd' | undefined = 'ussd'
    const provider: Gateway = {
      name: 'scripted',
      initiate: async (request) => `https://pay.example.test/${request.txRef}`,
      verify: async (txRef) => {
        const payment = await t.db
          .selectFrom('payments')
          .select('amount_kobo')
          .where('tx_ref', '=', txRef)
          .executeTakeFirstOrThrow()
        const tx = {
          status: 'successful' as const,
          txRef,
          transactionId: '91',
          amountKobo: payment.amount_kobo,
          currency: 'NGN',
        }
        return method ? { ...tx, method } : tx
      },
      refund: async () => {
        throw new Error('not asked')
      },
    }
    t = await makeTestApp({}, () => provider)
    admin = new Client(t.app)
    await admin.login(ADMIN)
    const inv = await sentInvoice(30_000)
    for (const next of ['ussd', 'bank_transfer', undefined] as const) {
      method = next
      const res = await new Client(t.app).post(`invoice-links/${inv.token}/pay/`, { amount: 10_000 })
      const txRef = new URL(res.body.payment_url).pathname.slice(1)
      await comeBack(new URL(`http://localhost:8080/api/pay/return?status=successful&tx_ref=${txRef}`))
    }
    expect((await ledger(inv.id)).map((p) => p.method)).toEqual(['ussd', 'bank_transfer', 'card'])
    expect(await invoiceRow(inv.id)).toEqual({ status: 'Paid', paid_kobo: 3_000_000 })
  })
})

describe("Flutterwave's payment_type", () => {
  it('becomes the method for card, bank transfer and USSD; any other way is not named', async () => {
    let paymentType: string | undefined
    const flutterwave = new FlutterwaveGateway({
      secretKey: 'FLWSECK_TEST-x',
      baseUrl: 'https://api.flutterwave.test',
      title: 'GreenShield',
      logoUrl: '',
      fetch: async () =>
        Response.json({
          status: 'success',
          data: {
            id: 5,
            tx_ref: 'GS-1',
            amount: 100,
            currency: 'NGN',
            status: 'successful',
            payment_type: paymentType,
          },
        }),
    })
    const methods = []
    for (const type of ['card', 'bank_transfer', 'ussd', 'account', undefined]) {
      paymentType = type
      methods.push((await flutterwave.verify('GS-1'))?.method)
    }
    expect(methods).toEqual(['card', 'bank_transfer', 'ussd', undefined, undefined])
  })
})

describe('giving an invoice payment back', () => {
  it('refunds a gateway payment through the gateway once; the invoice owes it again and can then be voided', async () => {
    await start()
    const inv = await sentInvoice(20_000)
    const paid = await openByLink(inv.token)
    await comeBack(await paySandbox(paid.url))
    expect(await invoiceRow(inv.id)).toEqual({ status: 'Paid', paid_kobo: 2_000_000 })
    const { payments } = (await admin.get(`admins/invoices/${inv.id}/`)).body
    const [payment] = payments as { id: number; refund: unknown }[]
    expect(payment.refund).toBeNull()

    // Only an admin; a reason is needed; a double click (one Idempotency-Key) refunds once.
    const path = `admins/invoices/${inv.id}/payments/${payment.id}/refund/`
    expect((await customer.post(path, { reason: 'Job cancelled' })).status).toBe(403)
    expect((await admin.post(path, { reason: '' })).body).toMatchObject({ field: 'reason' })
    const key = { 'Idempotency-Key': crypto.randomUUID() }
    const [first, again] = await Promise.all([
      admin.post(path, { reason: 'Job cancelled by the customer' }, key),
      admin.post(path, { reason: 'Job cancelled by the customer' }, key),
    ])
    expect([first.status, again.status].filter((s) => s === 200).length).toBeGreaterThanOrEqual(1)
    expect(await refundsOf(paid.txRef)).toEqual([
      { status: 'refunded', amount_kobo: 2_000_000, reason: 'Job cancelled by the customer' },
    ])
    expect(await invoiceRow(inv.id)).toEqual({ status: 'Sent', paid_kobo: 0 })
    const refunded = (await admin.get(`admins/invoices/${inv.id}/`)).body.payments[0]
    expect(refunded.refund).toMatchObject({ status: 'refunded', reason: 'Job cancelled by the customer' })

    const twice = await admin.post(path, { reason: 'Again' })
    expect(twice.status).toBe(409)
    expect(twice.body.message).toBe('This payment was refunded already.')
    expect((await admin.post(`admins/invoices/${inv.id}/void/`, { reason: 'Job cancelled' })).status).toBe(
      200,
    )
  })

  it('money taken by hand is not refunded through the gateway', async () => {
    await start()
    const inv = await sentInvoice(20_000)
    const byHand = await admin.post(`admins/invoices/${inv.id}/payments/`, {
      amount: 5_000,
      method: 'bank_transfer',
      reference: 'TRF-9',
      receivedOn: lagosDay(0),
    })
    expect(byHand.status).toBe(201)
    const [payment] = byHand.body.invoice.payments as { id: number }[]
    const res = await admin.post(`admins/invoices/${inv.id}/payments/${payment.id}/refund/`, {
      reason: 'Mistake',
    })
    expect(res.status).toBe(409)
    expect(res.body.message).toMatch(/^Only a payment made through the payment gateway/)
    expect(await invoiceRow(inv.id)).toEqual({ status: 'Part-paid', paid_kobo: 500_000 })
    const other = await admin.post(`admins/invoices/${inv.id}/payments/99999/refund/`, { reason: 'Mistake' })
    expect(other.status).toBe(404)
  })
})
