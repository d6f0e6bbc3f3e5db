import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CUSTOMER, Client, firstProduct, makeTestApp, type TestContext } from './helpers'
import { FlutterwaveGateway, createGateway } from '../../api/payments'

const SECRET_KEY = 'FLWSECK_TEST-0123456789abcdef-X'
const SECRET_HASH = 'a-webhook-hash'

interface FakeTransaction {
  id: number
  tx_ref: string
  amount: number
  currency: string
  status: string
}

/** Just enough of Flutterwave's v3 API, on loopback: it checks the key and records what it was sent. */
class FakeFlutterwave {
  server = http.createServer((req, res) => this.handle(req, res))
  baseUrl = ''
  payments: Record<string, any>[] = []
  transactions: FakeTransaction[] = []
  requests: { method: string; url: string; authorization?: string }[] = []
  refunds: { id: number; tx_id: number; body: Record<string, unknown> }[] = []
  /** Makes every call answer 503 (an outage). */
  down = false

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
  reset() {
    this.payments = []
    this.transactions = []
    this.requests = []
    this.refunds = []
    this.down = false
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      this.requests.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization })
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify(body))
      }
      if (this.down) return send(503, { status: 'error', message: 'Service unavailable' })
      if (req.headers.authorization !== `Bearer ${SECRET_KEY}`) {
        return send(401, { status: 'error', message: 'Invalid authorization key', data: null })
      }
      const url = new URL(req.url!, this.baseUrl)
      if (req.method === 'POST' && url.pathname === '/v3/payments') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
        this.payments.push(body)
        return send(200, {
          status: 'success',
          message: 'Hosted Link',
          data: { link: `https://checkout.flutterwave.test/v3/hosted/pay/${body.tx_ref}` },
        })
      }
      const notFound = () => send(400, { status: 'error', message: 'No transaction was found', data: null })
      const found = (tx: FakeTransaction | undefined) =>
        tx
          ? send(200, { status: 'success', message: 'Transaction fetched successfully', data: tx })
          : notFound()
      if (req.method === 'GET' && url.pathname === '/v3/transactions/verify_by_reference') {
        return found(this.transactions.find((t) => t.tx_ref === url.searchParams.get('tx_ref')))
      }
      const refund = /^\/v3\/transactions\/(\d+)\/refund$/.exec(url.pathname)
      if (req.method === 'POST' && refund) {
        // As documented: a successful transaction, refunded once; the answer names the refund.
        const tx = this.transactions.find((t) => t.id === Number(refund[1]))
        if (!tx || tx.status !== 'successful') return notFound()
        if (this.refunds.some((r) => r.tx_id === tx.id)) {
          return send(400, { status: 'error', message: 'Transaction has been fully refunded', data: null })
        }
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}')
        const entry = { id: 75000 + this.refunds.length, tx_id: tx.id, body }
        this.refunds.push(entry)
        return send(200, {
          status: 'success',
          message: 'Transaction refund initiated',
          data: {
            id: entry.id,
            tx_id: tx.id,
            flw_ref: `URF_${entry.id}`,
            amount_refunded: body.amount ?? tx.amount,
            status: 'completed',
            destination: 'payment_source',
            created_at: new Date().toISOString(),
          },
        })
      }
      const byId = /^\/v3\/transactions\/(\d+)\/verify$/.exec(url.pathname)
      if (req.method === 'GET' && byId) return found(this.transactions.find((t) => t.id === Number(byId[1])))
      send(404, { status: 'error', message: 'Not found' })
    })
  }
}

const fake = new FakeFlutterwave()
beforeAll(() => fake.start())
afterAll(() => fake.stop())
beforeEach(() => fake.reset())

const gateway = (key = SECRET_KEY) =>
  new FlutterwaveGateway({
    secretKey: key,
    baseUrl: fake.baseUrl,
    title: 'GreenShield',
    logoUrl: 'http://x/l.png',
  })

const request = {
  txRef: 'GS-TEST-1',
  amountKobo: 1_250_050,
  currency: 'NGN' as const,
  customer: { email: 'ada@test.ng', name: 'Ada Obi', phone: '+2348031234567' },
  redirectUrl: 'http://localhost:8080/confirm/payment',
}

describe('FlutterwaveGateway against a fake Flutterwave', () => {
  it('initiates with the documented body and the Bearer key, and returns data.link', async () => {
    const link = await gateway().initiate(request)
    expect(link).toBe('https://checkout.flutterwave.test/v3/hosted/pay/GS-TEST-1')
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      url: '/v3/payments',
      authorization: `Bearer ${SECRET_KEY}`,
    })
    expect(fake.payments[0]).toEqual({
      tx_ref: 'GS-TEST-1',
      amount: 12500.5,
      currency: 'NGN',
      redirect_url: 'http://localhost:8080/confirm/payment',
      customer: { email: 'ada@test.ng', name: 'Ada Obi', phonenumber: '+2348031234567' },
      customizations: { title: 'GreenShield', logo: 'http://x/l.png' },
    })
  })

  it('throws when Flutterwave refuses the key', async () => {
    await expect(gateway('FLWSECK_TEST-wrong').initiate(request)).rejects.toThrow(/401/)
  })

  /** What Flutterwave holds for GS-TEST-1 once it is paid: ₦12,500.50 in transaction 4242. */
  const PAID_TEST_1 = {
    id: 4242,
    tx_ref: 'GS-TEST-1',
    amount: 12500.5,
    currency: 'NGN',
    status: 'successful',
  }

  it('verifies by reference and maps status, tx_ref, amount (to kobo), currency and id', async () => {
    fake.transactions.push(PAID_TEST_1)
    expect(await gateway().verify('GS-TEST-1')).toEqual({
      status: 'successful',
      txRef: 'GS-TEST-1',
      transactionId: '4242',
      amountKobo: 1_250_050,
      currency: 'NGN',
    })
    expect(fake.requests.at(-1)!.url).toBe('/v3/transactions/verify_by_reference?tx_ref=GS-TEST-1')
  })

  it('maps failed and cancelled, treats other words as pending, and an unknown reference as null', async () => {
    fake.transactions.push(
      { id: 1, tx_ref: 'A', amount: 10, currency: 'NGN', status: 'failed' },
      { id: 2, tx_ref: 'B', amount: 10, currency: 'NGN', status: 'cancelled' },
      { id: 3, tx_ref: 'C', amount: 10, currency: 'NGN', status: 'pending' },
    )
    expect((await gateway().verify('A'))!.status).toBe('failed')
    expect((await gateway().verify('B'))!.status).toBe('cancelled')
    expect((await gateway().verify('C'))!.status).toBe('pending')
    expect(await gateway().verify('NOPE')).toBeNull()
  })

  it('uses the transaction id when it names our reference, and falls back to the reference otherwise', async () => {
    fake.transactions.push(
      { id: 10, tx_ref: 'MINE', amount: 50, currency: 'NGN', status: 'successful' },
      { id: 11, tx_ref: 'SOMEONE-ELSE', amount: 50, currency: 'NGN', status: 'successful' },
    )
    expect((await gateway().verify('MINE', '10'))!.transactionId).toBe('10')
    expect(fake.requests.map((r) => r.url)).toEqual(['/v3/transactions/10/verify'])
    fake.requests = []
    expect((await gateway().verify('MINE', '11'))!.transactionId).toBe('10')
    expect(fake.requests.map((r) => r.url)).toEqual([
      '/v3/transactions/11/verify',
      '/v3/transactions/verify_by_reference?tx_ref=MINE',
    ])
  })

  it('refunds with POST /v3/transactions/{id}/refund, the amount in naira and the reason as comments', async () => {
    fake.transactions.push(PAID_TEST_1)
    const refund = {
      txRef: 'GS-TEST-1',
      transactionId: '4242',
      amountKobo: 1_250_050,
      reason: 'Sold out before the payment completed.',
    }
    expect(await gateway().refund(refund)).toEqual({
      refundId: '75000',
      amountKobo: 1_250_050,
      status: 'completed',
    })
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      url: '/v3/transactions/4242/refund',
      authorization: `Bearer ${SECRET_KEY}`,
    })
    expect(fake.refunds[0].body).toEqual({
      amount: 12500.5,
      comments: 'Sold out before the payment completed.',
    })
    // Refused (already refunded, unknown, outage): an error, never a pretend success.
    await expect(gateway().refund(refund)).rejects.toThrow(/400.*fully refunded/)
    await expect(gateway().refund({ ...refund, transactionId: '999' })).rejects.toThrow(/400/)
    await expect(gateway().refund({ ...refund, transactionId: '../x' })).rejects.toThrow(/numeric/)
    fake.down = true
    await expect(gateway().refund(refund)).rejects.toThrow(/503/)
  })

  it('throws on an outage or a bad key instead of reporting "no transaction"', async () => {
    fake.down = true
    await expect(gateway().verify('GS-TEST-1')).rejects.toThrow(/503/)
    fake.down = false
    await expect(gateway('bad').verify('GS-TEST-1')).rejects.toThrow(/401/)
  })
})

describe('the app with FLW_SECRET_KEY set', () => {
  let t: TestContext
  beforeEach(async () => {
    t = await makeTestApp(
      { flwSecretKey: SECRET_KEY, flwBaseUrl: fake.baseUrl, flwSecretHash: SECRET_HASH },
      (config, db) => createGateway(config, db),
    )
  })
  afterEach(() => t.close())

  async function checkout() {
    const c = new Client(t.app)
    await c.login(CUSTOMER)
    const p = await firstProduct(t.db)
    expect((await c.post(`cart/${p.id}/`)).status).toBe(200)
    expect((await c.post(`cart/${p.id}/`)).status).toBe(200)
    const res = await c.post('api/initiate-payment/')
    expect(res.status).toBe(200)
    const txRef = fake.payments[0].tx_ref as string
    expect(res.body.payment_url).toBe(`https://checkout.flutterwave.test/v3/hosted/pay/${txRef}`)
    expect(fake.payments[0].amount).toBe((2 * p.price_kobo) / 100)
    return { c, txRef, amount: (2 * p.price_kobo) / 100 }
  }
  const settledOrders = async (txRef: string) =>
    Number(
      (
        await t.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('payment_id', '=', (eb) =>
            eb.selectFrom('payments').select('id').where('tx_ref', '=', txRef),
          )
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('initiates through Flutterwave and settles when Flutterwave reports the charge', async () => {
    const { c, txRef, amount } = await checkout()
    fake.transactions.push({ id: 9001, tx_ref: txRef, amount, currency: 'NGN', status: 'successful' })
    const res = await c.post('verify/', { tx_ref: txRef, status: 'successful', transaction_id: '9001' })
    expect(res.status).toBe(201)
    expect(await settledOrders(txRef)).toBe(1)
    const row = await t.db
      .selectFrom('payments')
      .select(['status', 'transaction_id'])
      .where('tx_ref', '=', txRef)
      .executeTakeFirst()
    expect(row).toEqual({ status: 'successful', transaction_id: '9001' })
  })

  it('sends Flutterwave back to pay/return on the API, which settles without a session', async () => {
    const { txRef, amount } = await checkout()
    expect(fake.payments[0].redirect_url).toBe('http://localhost:8080/api/pay/return')
    fake.transactions.push({ id: 9010, tx_ref: txRef, amount, currency: 'NGN', status: 'successful' })
    // Flutterwave's redirect: status, tx_ref, transaction_id; no cookie.
    const res = await t.app.request(`/api/pay/return?status=completed&tx_ref=${txRef}&transaction_id=9010`)
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe(
      `http://localhost:8080/confirm/payment?status=successful&tx_ref=${txRef}&transaction_id=9010`,
    )
    expect(await settledOrders(txRef)).toBe(1)
  })

  it('refunds through Flutterwave a charge whose stock was sold meanwhile', async () => {
    const { c, txRef, amount } = await checkout()
    await t.db.updateTable('products').set({ stock: 0 }).execute()
    fake.transactions.push({ id: 9011, tx_ref: txRef, amount, currency: 'NGN', status: 'successful' })
    const res = await c.post('verify/', { tx_ref: txRef, transaction_id: 9011 })
    expect(res.status).toBe(400)
    expect(await settledOrders(txRef)).toBe(0)
    expect(fake.refunds).toEqual([{ id: 75000, tx_id: 9011, body: expect.objectContaining({ amount }) }])
    expect(
      await t.db.selectFrom('refunds').select(['status', 'gateway_refund_id']).executeTakeFirst(),
    ).toEqual({
      status: 'refunded',
      gateway_refund_id: '75000',
    })
  })

  it('fails a charge of the wrong amount', async () => {
    const { c, txRef, amount } = await checkout()
    fake.transactions.push({
      id: 9002,
      tx_ref: txRef,
      amount: amount - 1,
      currency: 'NGN',
      status: 'successful',
    })
    const res = await c.post('verify/', { tx_ref: txRef, status: 'successful' })
    expect(res.status).toBe(400)
    expect(await settledOrders(txRef)).toBe(0)
  })

  it('answers 502 and keeps the payment open while Flutterwave is down', async () => {
    const { c, txRef } = await checkout()
    fake.down = true
    const res = await c.post('verify/', { tx_ref: txRef, status: 'successful' })
    expect(res.status).toBe(502)
    const row = await t.db
      .selectFrom('payments')
      .select('status')
      .where('tx_ref', '=', txRef)
      .executeTakeFirst()
    expect(row?.status).toBe('pending')
  })

  it('settles once from the webhook after re-verifying with Flutterwave', async () => {
    const { c, txRef, amount } = await checkout()
    fake.transactions.push({ id: 9003, tx_ref: txRef, amount, currency: 'NGN', status: 'successful' })
    const event = JSON.stringify({
      event: 'charge.completed',
      data: { id: 9003, tx_ref: txRef, status: 'successful' },
    })
    const hook = (hash: string) =>
      t.app.request('/api/payments/webhook/flutterwave', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'verif-hash': hash },
        body: event,
      })
    expect((await hook('wrong')).status).toBe(401)
    expect(await settledOrders(txRef)).toBe(0)
    expect((await hook(SECRET_HASH)).status).toBe(200)
    expect(fake.requests.some((r) => r.url === '/v3/transactions/9003/verify')).toBe(true)
    expect((await hook(SECRET_HASH)).status).toBe(200)
    expect((await c.post('verify/', { tx_ref: txRef, status: 'successful' })).status).toBe(201)
    expect(await settledOrders(txRef)).toBe(1)
  })
})
