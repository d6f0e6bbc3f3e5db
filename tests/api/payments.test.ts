import { afterEach, describe, expect, it, vi } from 'vitest'
import { sql, type RawBuilder } from 'kysely'
import {
  ADMIN,
  CUSTOMER,
  Client,
  expectStopToWaitFor,
  signUp,
  findUserId,
  makeTestApp,
  type TestContext,
  suiteNow,
} from './helpers'
import type { AppConfig } from '../../api/config'
import {
  checkPendingPayments,
  createGateway,
  startPaymentChecks,
  type Gateway,
  type GatewayTransaction,
  type PaymentRequest,
  type RefundRequest,
} from '../../api/payments'
import { formatNaira } from '../../contract/money'

let t: TestContext
afterEach(() => t?.close())

/** The sandbox with its SQLite ledger, as the real server builds it. */
const withSandbox = () => makeTestApp({}, (config, db) => createGateway(config, db))

/** A gateway whose verify() answers whatever the test decides: the "provider says" side of each case. */
class ScriptedGateway implements Gateway {
  readonly name = 'scripted'
  initiated: PaymentRequest[] = []
  verifyCalls = 0
  answers = new Map<string, GatewayTransaction | null | Error>()
  async initiate(request: PaymentRequest) {
    this.initiated.push(request)
    return `https://pay.example.test/${request.txRef}`
  }
  async verify(txRef: string) {
    this.verifyCalls++
    const answer = this.answers.get(txRef)
    if (answer instanceof Error) throw answer
    return answer ?? null
  }
  refunds: RefundRequest[] = []
  /** Set to make refund() fail (the provider refuses or is down). */
  refundError: Error | null = null
  async refund(request: RefundRequest) {
    if (this.refundError) throw this.refundError
    this.refunds.push(request)
    return {
      refundId: `R-${this.refunds.length}`,
      amountKobo: request.amountKobo,
      status: 'completed' as const,
    }
  }
  /** What a real provider reports for a good charge of this payment. */
  paid(txRef: string, amountKobo: number, overrides: Partial<GatewayTransaction> = {}) {
    this.answers.set(txRef, {
      status: 'successful',
      txRef,
      transactionId: '777',
      amountKobo,
      currency: 'NGN',
      ...overrides,
    })
  }
}

async function withScripted(overrides = {}) {
  const gateway = new ScriptedGateway()
  t = await makeTestApp(overrides, () => gateway)
  return gateway
}

interface ProductRow {
  id: number
  name: string
  price_kobo: number
  stock: number
}
const products = async (): Promise<ProductRow[]> =>
  t.db.selectFrom('products').select(['id', 'name', 'price_kobo', 'stock']).orderBy('id').execute()
const product = async (id: number): Promise<ProductRow> =>
  t.db
    .selectFrom('products')
    .select(['id', 'name', 'price_kobo', 'stock'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
/** The one number a query answers (a COUNT(*), an id), written once for either engine. */
const count = async (query: RawBuilder<unknown>) => {
  const { rows } = await query.execute(t.db)
  return Number(Object.values(rows[0] as object)[0])
}
const userId = (email: string) => findUserId(t.db, email)
const payment = async (txRef: string) =>
  (await t.db.selectFrom('payments').selectAll().where('tx_ref', '=', txRef).executeTakeFirstOrThrow()) as {
    amount_kobo: number
    status: string
    lines: string
    message: string
  }
/** Notifications about this test's payments (the seed has its own history). */
const notifications = async (email: string) =>
  t.db
    .selectFrom('notifications')
    .select(['heading', 'body'])
    .where('user_id', '=', await userId(email))
    .where('body', 'like', '%(Reference GS-%')
    .orderBy('id')
    .execute()
/** Rows made by this test's checkouts, apart from the seed's purchase history. */
const NEW_PAYMENTS = sql`SELECT id FROM payments WHERE tx_ref LIKE 'GS-%'`
const NEW_ORDERS = sql`FROM orders WHERE payment_id IN (${NEW_PAYMENTS})`
const setStock = (id: number, stock: number) =>
  t.db.updateTable('products').set({ stock }).where('id', '=', id).execute()

async function customer(account = CUSTOMER) {
  const c = new Client(t.app)
  await c.login(account)
  return c
}

async function newCustomer(email: string) {
  return (await signUp(t, { fullName: 'Bola Ade', email, password: 'password-123' })).client
}

async function addToCart(c: Client, productId: number, times = 1) {
  for (let i = 0; i < times; i++) expect((await c.post(`cart/${productId}/`)).status).toBe(200)
}

async function initiate(c: Client, body?: unknown) {
  const res = await c.post('api/initiate-payment/', body)
  expect(res.status).toBe(200)
  expect(typeof res.body.payment_url).toBe('string')
  const url = new URL(res.body.payment_url)
  const txRef = decodeURIComponent(url.pathname.split('/').pop()!)
  return { url, txRef }
}

/** The customer's cart: two of the first product and one of the second. */
async function cartOfTwoProducts() {
  const [a, b] = await products()
  const c = await customer()
  await addToCart(c, a.id, 2)
  await addToCart(c, b.id)
  return { a, b, c }
}

/** The customer puts the first product in the cart (`times` over) and starts paying for it. */
async function payingForFirst(times = 1) {
  const [a] = await products()
  const c = await customer()
  await addToCart(c, a.id, times)
  return { a, c, ...(await initiate(c)) }
}

/** The first product down to its last unit, in the carts of the customer and of new customers with these emails. */
async function lastUnitWantedBy(...emails: string[]) {
  const [a] = await products()
  await setStock(a.id, 1)
  const buyers = [await customer()]
  for (const email of emails) buyers.push(await newCustomer(email))
  for (const c of buyers) await addToCart(c, a.id)
  return { a, buyers }
}

/** Opens the sandbox page like a browser and presses one of its buttons (no CSRF header: it is a plain form). */
async function sandboxSignature(url: URL) {
  const page = await t.app.request(url.pathname)
  expect(page.status).toBe(200)
  return /name="signature" value="([^"]+)"/.exec(await page.text())![1]
}
type Outcome = 'success' | 'decline' | 'cancel'
async function paySandbox(url: URL, outcome: Outcome, extraHeaders = {}) {
  return postSandbox(url, outcome, await sandboxSignature(url), extraHeaders)
}
function postSandbox(url: URL, outcome: Outcome, signature: string, extraHeaders = {}) {
  return t.app.request(url.pathname, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...extraHeaders },
    body: new URLSearchParams({ outcome, signature }).toString(),
  })
}

describe('POST api/initiate-payment/', () => {
  it('needs a login', async () => {
    t = await withSandbox()
    const c = new Client(t.app)
    expect((await c.post('api/initiate-payment/')).status).toBe(401)
  })

  it('answers 200 with a message and no payment_url when the cart is empty', async () => {
    t = await withSandbox()
    const res = await (await customer()).post('api/initiate-payment/')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'Your cart is empty.' })
    expect(await count(sql`SELECT COUNT(*) FROM payments WHERE tx_ref LIKE 'GS-%'`)).toBe(0)
  })

  it('prices the cart on the server: a client amount is ignored and later price changes do not move it', async () => {
    t = await withSandbox()
    const { a, b, c } = await cartOfTwoProducts()
    const { url, txRef } = await initiate(c, { amount: 1, items: [{ id: a.id, price: 1 }] })
    const expected = 2 * a.price_kobo + b.price_kobo
    const row = await payment(txRef)
    expect(row.amount_kobo).toBe(expected)
    expect(row.status).toBe('pending')
    expect(JSON.parse(row.lines)).toEqual([
      expect.objectContaining({ productId: a.id, name: a.name, quantity: 2, unitPriceKobo: a.price_kobo }),
      expect.objectContaining({ productId: b.id, name: b.name, quantity: 1, unitPriceKobo: b.price_kobo }),
    ])
    expect(url.toString()).toBe(`http://localhost:8080/api/pay/sandbox/${txRef}`)

    // The admin changes the price while the customer is on the payment page.
    await t.db.updateTable('products').set({ price_kobo: 100 }).where('id', '=', a.id).execute()
    expect((await payment(txRef)).amount_kobo).toBe(expected)
    const page = await (await t.app.request(url.pathname)).text()
    expect(page).toContain(formatNaira(expected / 100))

    expect((await paySandbox(url, 'success')).status).toBe(303)
    const res = await c.post('verify/', { tx_ref: txRef, status: 'successful' })
    expect(res.status).toBe(201)
    const orders = (
      await sql`SELECT product_id, quantity, price_kobo ${NEW_ORDERS} ORDER BY id`.execute(t.db)
    ).rows
    expect(orders).toEqual([
      { product_id: a.id, quantity: 2, price_kobo: a.price_kobo },
      { product_id: b.id, quantity: 1, price_kobo: b.price_kobo },
    ])
  })

  it('refuses with 409 when a line asks for more than is in stock', async () => {
    t = await withSandbox()
    const [a] = await products()
    const c = await customer()
    await addToCart(c, a.id, 3)
    await setStock(a.id, 2)
    const res = await c.post('api/initiate-payment/')
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(`Only 2 of ${a.name} left`)
    expect(await count(sql`SELECT COUNT(*) FROM payments WHERE tx_ref LIKE 'GS-%'`)).toBe(0)
  })
})

describe('the sandbox gateway page', () => {
  it('GET shows an HTML page with the merchant, the amount in naira and the three buttons', async () => {
    t = await withSandbox()
    const { a, url } = await payingForFirst()
    const res = await t.app.request(url.pathname)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/text\/html/)
    const html = await res.text()
    expect(html).toContain(formatNaira(a.price_kobo / 100))
    expect(html).toContain('GreenShield')
    expect(html).toContain('name="viewport"')
    for (const outcome of ['success', 'decline', 'cancel']) {
      expect(html).toContain(`name="outcome" value="${outcome}"`)
    }
    expect(html).toMatch(/>Pay ₦/)
    expect(html).toContain('>Decline<')
    expect(html).toContain('>Cancel<')
  })

  it('answers 404 for an unknown reference', async () => {
    t = await withSandbox()
    expect((await t.app.request('/api/pay/sandbox/GS-NOPE')).status).toBe(404)
  })

  it('refuses a POST without the signed field, with a forged one, or from another origin', async () => {
    t = await withSandbox()
    const { url, txRef } = await payingForFirst()
    const post = (body: Record<string, string>, headers: Record<string, string> = {}) =>
      t.app.request(url.pathname, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(body).toString(),
      })
    expect((await post({ outcome: 'success' })).status).toBe(403)
    expect((await post({ outcome: 'success', signature: 'x'.repeat(43) })).status).toBe(403)
    expect((await paySandbox(url, 'success', { Origin: 'https://evil.example' })).status).toBe(403)
    // Nothing was recorded: the gateway still reports the payment pending.
    expect((await payment(txRef)).status).toBe('pending')
    expect(await count(sql`SELECT COUNT(*) FROM sandbox_transactions WHERE status != 'pending'`)).toBe(0)
  })

  it('answers 303 to pay/return on the API, which settles without a session and sends the browser on to /confirm/payment', async () => {
    t = await withSandbox()
    const { url, txRef } = await payingForFirst()
    const signature = await sandboxSignature(url)
    const res = await postSandbox(url, 'success', signature, { Origin: 'http://localhost:8080' })
    expect(res.status).toBe(303)
    const location = new URL(res.headers.get('Location')!)
    const id = await count(sql`SELECT id FROM sandbox_transactions WHERE tx_ref = ${txRef}`)
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:8080/api/pay/return')
    const query = { status: 'successful', tx_ref: txRef, transaction_id: String(id) }
    expect(Object.fromEntries(location.searchParams)).toEqual(query)

    // The browser follows with no cookie at all (another origin, an expired session): still settled.
    const landing = await t.app.request(`${location.pathname}${location.search}`)
    expect(landing.status).toBe(303)
    expect(landing.headers.get('Location')).toBe(
      `http://localhost:8080/confirm/payment?${new URLSearchParams(query)}`,
    )
    expect((await payment(txRef)).status).toBe('successful')
    expect(await count(sql`SELECT COUNT(*) ${NEW_ORDERS}`)).toBe(1)

    // A second press keeps the first choice.
    const again = await postSandbox(url, 'decline', signature)
    expect(new URL(again.headers.get('Location')!).searchParams.get('status')).toBe('successful')
  })

  it('maps Decline to failed and Cancel to cancelled', async () => {
    t = await withSandbox()
    const [a] = await products()
    const c = await customer()
    await addToCart(c, a.id)
    const first = await initiate(c)
    const declined = await paySandbox(first.url, 'decline')
    expect(new URL(declined.headers.get('Location')!).searchParams.get('status')).toBe('failed')
    const second = await initiate(c)
    const cancelled = await paySandbox(second.url, 'cancel')
    expect(new URL(cancelled.headers.get('Location')!).searchParams.get('status')).toBe('cancelled')
  })
})

describe('POST verify/ with the sandbox', () => {
  it('settles a paid cart once: orders, stock, empty cart, notification; a repeat creates nothing', async () => {
    t = await withSandbox()
    const { a, b, c } = await cartOfTwoProducts()
    const { url, txRef } = await initiate(c)
    await paySandbox(url, 'success')

    const res = await c.post('verify/', { tx_ref: txRef, status: 'successful' })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      message: 'Payment successful. Your order has been placed.',
      status: 'successful',
    })
    expect((await product(a.id)).stock).toBe(a.stock - 2)
    expect((await product(b.id)).stock).toBe(b.stock - 1)
    expect((await c.get('get/carts/')).body).toEqual([])
    const uid = await userId(CUSTOMER.email)
    const { rows: orders } =
      await sql`SELECT product_name, product_image, quantity, price_kobo, customer_name,
        phone_number, location, status ${NEW_ORDERS} AND user_id = ${uid} ORDER BY id`.execute(t.db)
    expect(orders).toEqual([
      {
        product_name: a.name,
        product_image: expect.stringMatching(/^media\//),
        quantity: 2,
        price_kobo: a.price_kobo,
        customer_name: 'Ada Customer',
        phone_number: '+2348031234567',
        location: '14 Bode Thomas Street, Surulere, Lagos',
        status: 'Processing',
      },
      expect.objectContaining({ product_name: b.name, quantity: 1, price_kobo: b.price_kobo }),
    ])
    expect(
      (await notifications(CUSTOMER.email)).filter((n) => n.heading === 'Payment Successful'),
    ).toHaveLength(1)
    expect((await payment(txRef)).status).toBe('successful')

    const ordersBefore = await count(sql`SELECT COUNT(*) FROM orders`)
    const notesBefore = await count(sql`SELECT COUNT(*) FROM notifications`)
    const repeat = await c.post('verify/', { tx_ref: txRef, status: 'successful' })
    expect(repeat.status).toBe(201)
    expect(repeat.body).toEqual(res.body)
    expect(await count(sql`SELECT COUNT(*) FROM orders`)).toBe(ordersBefore)
    expect(await count(sql`SELECT COUNT(*) FROM notifications`)).toBe(notesBefore)
    expect((await product(a.id)).stock).toBe(a.stock - 2)
  })

  it('rejects a client that says "successful" when the gateway says declined: 400, nothing settled, cart kept', async () => {
    t = await withSandbox()
    const { a, c, url, txRef } = await payingForFirst(2)
    await paySandbox(url, 'decline')

    const res = await c.post('verify/', { tx_ref: txRef, status: 'successful' })
    expect(res.status).toBe(400)
    expect(res.body.status).toBe('failed')
    expect(res.body.message).toMatch(/not successful/)
    expect((await product(a.id)).stock).toBe(a.stock)
    expect(await count(sql`SELECT COUNT(*) ${NEW_ORDERS}`)).toBe(0)
    expect((await c.get('get/carts/')).body).toEqual([expect.objectContaining({ id: a.id, quantity: 2 })])

    await c.post('verify/', { tx_ref: txRef, status: 'successful' })
    expect((await notifications(CUSTOMER.email)).filter((n) => n.heading === 'Failed Payment')).toHaveLength(
      1,
    )
  })

  it('answers a cancelled payment with status cancelled', async () => {
    t = await withSandbox()
    const { c, url, txRef } = await payingForFirst()
    await paySandbox(url, 'cancel')
    const res = await c.post('verify/', { tx_ref: txRef, status: 'cancelled' })
    expect(res.status).toBe(400)
    expect(res.body.status).toBe('cancelled')
    expect((await payment(txRef)).status).toBe('cancelled')
  })

  it('does not settle a payment still open on the gateway, whatever the client says', async () => {
    t = await withSandbox()
    const { c, txRef } = await payingForFirst()
    const res = await c.post('verify/', { tx_ref: txRef, status: 'successful' })
    expect(res.status).toBe(400)
    expect(res.body.status).toBe('pending')
    expect((await payment(txRef)).status).toBe('pending')
    expect(await count(sql`SELECT COUNT(*) ${NEW_ORDERS}`)).toBe(0)
  })

  it("answers 404 for another customer's payment and for an unknown one", async () => {
    t = await withSandbox()
    const [a] = await products()
    const owner = await customer()
    await addToCart(owner, a.id)
    const { url, txRef } = await initiate(owner)
    await paySandbox(url, 'success')
    const stranger = await newCustomer('stranger@test.ng')
    expect((await stranger.post('verify/', { tx_ref: txRef, status: 'successful' })).status).toBe(404)
    expect((await stranger.post('verify/', { tx_ref: 'GS-NOPE', status: 'successful' })).status).toBe(404)
    expect((await payment(txRef)).status).toBe('pending')
    expect((await owner.post('verify/', {})).status).toBe(400)
  })

  it('never oversells the last item: a buyer whose hold expired pays late and is refunded through the gateway', async () => {
    const clock = new Clock()
    await sandboxAt(clock)
    const {
      a,
      buyers: [first, second],
    } = await lastUnitWantedBy('second@test.ng')
    const p1 = await initiate(first)
    clock.advanceMinutes(31) // the first buyer lingers on the payment page past the hold
    const p2 = await initiate(second)
    await paySandbox(p1.url, 'success')
    await paySandbox(p2.url, 'success')

    const [late, onTime] = await Promise.all([
      first.post('verify/', { tx_ref: p1.txRef, status: 'successful' }),
      second.post('verify/', { tx_ref: p2.txRef, status: 'successful' }),
    ])
    // The live hold wins whatever the order of arrival.
    expect(onTime.status).toBe(201)
    expect(late.status).toBe(400)
    expect(late.body).toEqual({
      message: `Sorry, ${a.name} sold out before your payment completed. You will be refunded.`,
      status: 'failed',
    })
    expect((await product(a.id)).stock).toBe(0)
    expect(await count(sql`SELECT COUNT(*) ${NEW_ORDERS} AND product_id = ${a.id}`)).toBe(1)
    expect(await notifications(CUSTOMER.email)).toContainEqual({
      heading: 'Unable to Process Transaction',
      body: expect.stringContaining('sold out'),
    })
    expect((await notifications(CUSTOMER.email)).some((n) => n.heading === 'Payment Successful')).toBe(false)
    // The charge went back through the gateway, once, and the customer was told.
    expect(await sandboxRefunded(p1.txRef)).toBe(a.price_kobo)
    expect(await sandboxRefunded(p2.txRef)).toBe(0)
    expect(await t.db.selectFrom('refunds').select(['status', 'amount_kobo']).execute()).toEqual([
      { status: 'refunded', amount_kobo: a.price_kobo },
    ])
    expect((await notifications(CUSTOMER.email)).filter((n) => n.heading === 'Payment Refunded')).toEqual([
      { heading: 'Payment Refunded', body: expect.stringContaining(formatNaira(a.price_kobo / 100)) },
    ])
    const again = await first.post('verify/', { tx_ref: p1.txRef, status: 'successful' })
    expect(again.body).toEqual(late.body)
    expect(await count(sql`SELECT COUNT(*) FROM refunds`)).toBe(1)
  })
})

/** A clock the test moves: reservations expire without waiting. */
class Clock {
  ms = suiteNow()
  now = () => this.ms
  advanceMinutes(minutes: number) {
    this.ms += minutes * 60_000
  }
}
/** The sandbox gateway with its SQLite ledger, on a clock the test moves. */
async function sandboxAt(clock: Clock, overrides: Partial<AppConfig> = {}) {
  let gateway: Gateway | undefined
  t = await makeTestApp(
    { now: clock.now, ...overrides },
    (config, db) => (gateway = createGateway(config, db)),
  )
  return gateway!
}
const sandboxRefunded = (txRef: string) =>
  count(sql`SELECT refunded_kobo FROM sandbox_transactions WHERE tx_ref = ${txRef}`)
const heldFor = (txRef: string) =>
  count(sql`SELECT COUNT(*) FROM payment_reservations r JOIN payments p ON p.id = r.payment_id
     WHERE p.tx_ref = ${txRef} AND r.status = 'held'`)

describe('stock held while paying', () => {
  it('tells a customer who cannot get the stock before paying, and frees it when the hold expires', async () => {
    const clock = new Clock()
    const gateway = await sandboxAt(clock, { reservationMinutes: 30 })
    const {
      a,
      buyers: [holder, other],
    } = await lastUnitWantedBy('other@test.ng')
    const held = await initiate(holder)
    expect(await heldFor(held.txRef)).toBe(1)

    const refused = await other.post('api/initiate-payment/')
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(
      `${a.name} is held for other customers who are paying for it right now. You have not been charged; please try again in 30 minutes.`,
    )
    // Never sent to the gateway: no payment, no sandbox transaction.
    expect(await count(sql`SELECT COUNT(*) FROM payments WHERE tx_ref LIKE 'GS-%'`)).toBe(1)
    expect(await count(sql`SELECT COUNT(*) FROM sandbox_transactions`)).toBe(1)

    clock.advanceMinutes(29)
    expect((await other.post('api/initiate-payment/')).status).toBe(409)
    clock.advanceMinutes(2)
    // Expired holds stop counting at once; the sweep only labels them.
    await initiate(other)
    const report = await checkPendingPayments({ db: t.db, gateway, now: clock.now })
    expect(report.expired).toBe(1)
    expect(await heldFor(held.txRef)).toBe(0)
    expect((await product(a.id)).stock).toBe(1) // nothing sold yet: holds never touch the shelf count
  })

  it('gives the stock back at once when the payment is declined or cancelled', async () => {
    t = await withSandbox()
    const {
      buyers: [first, second, third],
    } = await lastUnitWantedBy('second@test.ng', 'third@test.ng')

    const p1 = await initiate(first)
    expect((await second.post('api/initiate-payment/')).status).toBe(409)
    const declined = await paySandbox(p1.url, 'decline')
    await t.app.request(
      new URL(declined.headers.get('Location')!).pathname + new URL(declined.headers.get('Location')!).search,
    )
    expect((await payment(p1.txRef)).status).toBe('failed')
    expect(await heldFor(p1.txRef)).toBe(0)

    const p2 = await initiate(second)
    expect((await third.post('api/initiate-payment/')).status).toBe(409)
    // The customer closes the provider's page with Cancel before any charge exists (Flutterwave: no transaction).
    await t.db.deleteFrom('sandbox_transactions').where('tx_ref', '=', p2.txRef).execute()
    const back = await t.app.request(`/api/pay/return?status=cancelled&tx_ref=${p2.txRef}`)
    expect(new URL(back.headers.get('Location')!).searchParams.get('status')).toBe('cancelled')
    expect(await heldFor(p2.txRef)).toBe(0)
    await initiate(third)
  })

  it("does not let a customer's earlier checkout block their new one", async () => {
    t = await withSandbox()
    const [a] = await products()
    await setStock(a.id, 1)
    const c = await customer()
    await addToCart(c, a.id)
    const before = await initiate(c)
    const after = await initiate(c)
    expect(await heldFor(before.txRef)).toBe(0)
    expect(await heldFor(after.txRef)).toBe(1)
  })

  it('20 buyers of the last unit at once: 1 order, every other buyer refused before paying or refunded, stock never negative', async () => {
    const clock = new Clock()
    const gateway = await sandboxAt(clock)
    const [a] = await products()
    await setStock(a.id, 1)
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => newCustomer(`buyer${i}@test.ng`)))
    for (const b of buyers) await addToCart(b, a.id)

    const firstRound = await Promise.all(buyers.map((b) => b.post('api/initiate-payment/')))
    expect(firstRound.filter((r) => r.status === 200)).toHaveLength(1)
    expect(firstRound.filter((r) => r.status === 409)).toHaveLength(19)
    const winner = firstRound.findIndex((r) => r.status === 200)

    // The first winner lingers past the hold; the others try again together: one more gets through.
    clock.advanceMinutes(31)
    const others = buyers.filter((_, i) => i !== winner)
    const secondRound = await Promise.all(others.map((b) => b.post('api/initiate-payment/')))
    expect(secondRound.filter((r) => r.status === 200)).toHaveLength(1)

    // Both pay; every way of settling races for both payments.
    const urls = [firstRound[winner], ...secondRound.filter((r) => r.status === 200)].map(
      (r) => new URL(r.body.payment_url as string),
    )
    const landings = await Promise.all(urls.map((u) => paySandbox(u, 'success')))
    await Promise.all([
      ...landings.map((l) => {
        const to = new URL(l.headers.get('Location')!)
        return t.app.request(to.pathname + to.search)
      }),
      checkPendingPayments({ db: t.db, gateway, now: clock.now }),
    ])

    expect(await count(sql`SELECT COUNT(*) ${NEW_ORDERS}`)).toBe(1)
    expect((await product(a.id)).stock).toBe(0)
    const charged = await t.db
      .selectFrom('sandbox_transactions')
      .select(['tx_ref', 'refunded_kobo', 'amount_kobo'])
      .where('status', '=', 'successful')
      .execute()
    expect(charged).toHaveLength(2)
    for (const charge of charged) {
      const orders = await count(
        sql`SELECT COUNT(*) FROM orders WHERE payment_id = (SELECT id FROM payments WHERE tx_ref = ${charge.tx_ref})`,
      )
      // Every charge became an order or went back in full: never both, never neither.
      expect(orders === 1 ? 0 : charge.amount_kobo).toBe(charge.refunded_kobo)
    }
    expect(await count(sql`SELECT COUNT(*) FROM refunds WHERE status = 'refunded'`)).toBe(1)
    // 38 customers were refused before paying: no payment row, no gateway transaction for them.
    expect(await count(sql`SELECT COUNT(*) FROM payments WHERE tx_ref LIKE 'GS-%'`)).toBe(2)
    expect(await count(sql`SELECT COUNT(*) FROM sandbox_transactions`)).toBe(2)
    expect(await count(sql`SELECT COUNT(*) FROM payment_reservations WHERE status = 'held'`)).toBe(0)
  })
})

describe('POST verify/ against what the provider reports', () => {
  it('rejects an amount below the order total', async () => {
    const gateway = await withScripted()
    const { a, c, txRef } = await payingForFirst()
    gateway.paid(txRef, a.price_kobo - 1)
    const res = await c.post('verify/', { tx_ref: txRef, status: 'successful' })
    expect(res.status).toBe(400)
    expect(res.body.status).toBe('failed')
    expect((await product(a.id)).stock).toBe(a.stock)
    expect(await count(sql`SELECT COUNT(*) ${NEW_ORDERS}`)).toBe(0)
  })

  it('rejects another currency and another reference', async () => {
    const gateway = await withScripted()
    const [a] = await products()
    const c = await customer()
    await addToCart(c, a.id)
    const usd = await initiate(c)
    gateway.paid(usd.txRef, a.price_kobo, { currency: 'USD' })
    expect((await c.post('verify/', { tx_ref: usd.txRef, status: 'successful' })).status).toBe(400)
    const other = await initiate(c)
    gateway.paid(other.txRef, a.price_kobo, { txRef: 'GS-SOMEONE-ELSE' })
    expect((await c.post('verify/', { tx_ref: other.txRef, status: 'successful' })).status).toBe(400)
    expect(await count(sql`SELECT COUNT(*) ${NEW_ORDERS}`)).toBe(0)
  })

  it('asks the provider every time until settled, and answers 502 when it cannot be reached', async () => {
    const gateway = await withScripted()
    const { a, c, txRef } = await payingForFirst()
    gateway.answers.set(txRef, new Error('connection reset'))
    const res = await c.post('verify/', { tx_ref: txRef, status: 'successful' })
    expect(res.status).toBe(502)
    expect((await payment(txRef)).status).toBe('pending')
    gateway.paid(txRef, a.price_kobo)
    expect((await c.post('verify/', { tx_ref: txRef, status: 'failed' })).status).toBe(201)
    const calls = gateway.verifyCalls
    expect((await c.post('verify/', { tx_ref: txRef })).status).toBe(201)
    expect(gateway.verifyCalls).toBe(calls) // settled: the recorded answer, no new question
  })

  it('asks the provider once when the browser returns and the confirmation page then verifies', async () => {
    const gateway = await withScripted()
    const [a, b] = await products()
    const c = await customer()
    /** The browser's trip: the provider sends it to pay/return, which sends it on to /confirm/payment. */
    const returnThenConfirm = async (txRef: string, status: string) => {
      const back = await t.app.request(`/api/pay/return?status=${status}&tx_ref=${txRef}&transaction_id=777`)
      expect(back.status).toBe(303)
      const confirm = new URL(back.headers.get('Location')!)
      expect(confirm.pathname).toBe('/confirm/payment')
      // What the page posts: the query it was sent to, as it is.
      return c.post('verify/', Object.fromEntries(confirm.searchParams))
    }

    await addToCart(c, a.id)
    const paid = await initiate(c)
    gateway.paid(paid.txRef, a.price_kobo)
    const before = gateway.verifyCalls
    const settled = await returnThenConfirm(paid.txRef, 'successful')
    expect(settled.status).toBe(201)
    expect(settled.body.status).toBe('successful')
    expect(gateway.verifyCalls - before).toBe(1)
    expect(await count(sql`SELECT COUNT(*) ${NEW_ORDERS}`)).toBe(1)

    // A declined card: closed on the return, the page reads that outcome without asking again.
    await addToCart(c, b.id)
    const declined = await initiate(c)
    gateway.answers.set(declined.txRef, {
      status: 'failed',
      txRef: declined.txRef,
      transactionId: '778',
      amountKobo: b.price_kobo,
      currency: 'NGN',
    })
    const between = gateway.verifyCalls
    const failed = await returnThenConfirm(declined.txRef, 'failed')
    expect(failed.status).toBe(400)
    expect(failed.body.status).toBe('failed')
    expect(gateway.verifyCalls - between).toBe(1)
  })

  it('sends the customer and the redirect URL to the provider', async () => {
    const gateway = await withScripted()
    const [a] = await products()
    const c = await customer()
    await addToCart(c, a.id)
    const res = await c.post('api/initiate-payment/')
    expect(res.body.payment_url).toMatch(/^https:\/\/pay\.example\.test\/GS-/)
    expect(gateway.initiated[0]).toMatchObject({
      amountKobo: a.price_kobo,
      currency: 'NGN',
      redirectUrl: 'http://localhost:8080/api/pay/return',
      customer: { email: CUSTOMER.email, name: 'Ada Customer', phone: '+2348031234567' },
    })
  })
})

describe('POST payments/webhook/flutterwave', () => {
  const HASH = 'webhook-secret-hash'
  const hook = (body: unknown, hash?: string) =>
    t.app.request('/api/payments/webhook/flutterwave', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(hash === undefined ? {} : { 'verif-hash': hash }) },
      body: JSON.stringify(body),
    })

  it('answers 401 to a missing or wrong verif-hash and settles nothing', async () => {
    const gateway = await withScripted({ flwSecretHash: HASH })
    const { a, txRef } = await payingForFirst()
    gateway.paid(txRef, a.price_kobo)
    const event = { event: 'charge.completed', data: { id: 777, tx_ref: txRef, status: 'successful' } }
    expect((await hook(event)).status).toBe(401)
    expect((await hook(event, 'wrong-hash')).status).toBe(401)
    expect((await payment(txRef)).status).toBe('pending')
  })

  it('re-verifies with the provider and settles once; a verify afterwards gives the same answer', async () => {
    const gateway = await withScripted({ flwSecretHash: HASH })
    const { a, c, txRef } = await payingForFirst()
    const event = { event: 'charge.completed', data: { id: 777, tx_ref: txRef, status: 'successful' } }

    // The event says successful but the provider does not: nothing happens.
    gateway.answers.set(txRef, {
      status: 'pending',
      txRef,
      transactionId: '777',
      amountKobo: 0,
      currency: 'NGN',
    })
    expect((await hook(event, HASH)).status).toBe(200)
    expect((await payment(txRef)).status).toBe('pending')

    gateway.paid(txRef, a.price_kobo)
    expect((await hook(event, HASH)).status).toBe(200)
    expect((await hook(event, HASH)).status).toBe(200)
    expect((await payment(txRef)).status).toBe('successful')
    expect(await count(sql`SELECT COUNT(*) ${NEW_ORDERS}`)).toBe(1)
    const verify = await c.post('verify/', { tx_ref: txRef, status: 'successful' })
    expect(verify.status).toBe(201)
    expect(await count(sql`SELECT COUNT(*) ${NEW_ORDERS}`)).toBe(1)
    expect(
      (await notifications(CUSTOMER.email)).filter((n) => n.heading === 'Payment Successful'),
    ).toHaveLength(1)
  })

  it('acknowledges an event for a reference that is not ours', async () => {
    await withScripted({ flwSecretHash: HASH })
    const res = await hook({ event: 'charge.completed', data: { id: 1, tx_ref: 'NOT-OURS' } }, HASH)
    expect(res.status).toBe(200)
  })
})

describe('a payment never ends on a dead end', () => {
  /** Initiates from a page on `origin`, reached through the Host `host`. */
  async function initiateFrom(c: Client, origin: string | null, host?: string) {
    const headers: Record<string, string> = {}
    if (origin) headers.Origin = origin
    if (host) headers.Host = host
    const res = await c.post('api/initiate-payment/', undefined, headers)
    expect(res.status).toBe(200)
    return decodeURIComponent(new URL(res.body.payment_url).pathname.split('/').pop()!)
  }
  const landOn = async (txRef: string, query = 'status=successful') => {
    const res = await t.app.request(`/api/pay/return?${query}&tx_ref=${encodeURIComponent(txRef)}`)
    expect(res.status).toBe(303)
    return new URL(res.headers.get('Location')!)
  }

  it('sends the customer back to the origin they started from when it is ours, else to APP_URL', async () => {
    const gateway = await withScripted({
      publicOrigins: ['http://192.168.1.20:5173', 'http://127.0.0.1:8080'],
      corsOrigin: 'https://shop.example.ng',
    })
    const [a] = await products()
    const c = await customer()
    const cases: [string | null, string | undefined, string][] = [
      // Opened at 127.0.0.1 while APP_URL says localhost: listed in PUBLIC_ORIGINS.
      ['http://127.0.0.1:8080', '127.0.0.1:8080', 'http://127.0.0.1:8080'],
      // A phone on the LAN, listed in PUBLIC_ORIGINS (through the Vite proxy, say).
      ['http://192.168.1.20:5173', 'localhost:8787', 'http://192.168.1.20:5173'],
      // The web app served apart from the API (CORS_ORIGIN).
      ['https://shop.example.ng', 'localhost:8080', 'https://shop.example.ng'],
      // Never an open redirect: a stranger's page is ignored.
      ['https://evil.example', '127.0.0.1:8080', 'http://localhost:8080'],
      // A LAN address nobody listed is not trusted just because the request came to it.
      ['http://192.168.1.30:8080', '192.168.1.30:8080', 'http://localhost:8080'],
      ['javascript:alert(1)', undefined, 'http://localhost:8080'],
      [null, undefined, 'http://localhost:8080'],
    ]
    for (const [origin, host, expected] of cases) {
      await addToCart(c, a.id) // each settled payment empties the cart
      const txRef = await initiateFrom(c, origin, host)
      expect(gateway.initiated.at(-1)!.redirectUrl).toBe(`${expected}/api/pay/return`)
      gateway.paid(txRef, a.price_kobo)
      const to = await landOn(txRef)
      expect(`${to.origin}${to.pathname}`).toBe(`${expected}/confirm/payment`)
      expect(to.searchParams.get('status')).toBe('successful')
    }
    // An unknown reference goes to APP_URL, whatever the query says.
    const unknown = await landOn('GS-NOPE', 'status=successful&redirect=https://evil.example')
    expect(unknown.origin).toBe('http://localhost:8080')
    expect(unknown.searchParams.get('status')).toBe('failed')
  })

  it('a phone on the LAN pays on a sandbox page at its own address and comes back there', async () => {
    t = await makeTestApp({ publicOrigins: ['http://192.168.1.20:8080'] }, (config, db) =>
      createGateway(config, db),
    )
    const [a] = await products()
    const c = await customer()
    await addToCart(c, a.id)
    const lan = 'http://192.168.1.20:8080'
    const res = await c.post('api/initiate-payment/', undefined, { Origin: lan, Host: '192.168.1.20:8080' })
    const url = new URL(res.body.payment_url)
    expect(url.origin).toBe(lan)
    const signature = await sandboxSignature(url)
    const paid = await postSandbox(url, 'success', signature, { Origin: lan, Host: '192.168.1.20:8080' })
    const landing = new URL(paid.headers.get('Location')!)
    expect(landing.origin).toBe(lan)
    const confirm = await t.app.request(landing.pathname + landing.search)
    expect(new URL(confirm.headers.get('Location')!).origin).toBe(lan)
    expect(await count(sql`SELECT COUNT(*) ${NEW_ORDERS}`)).toBe(1)
  })

  it('a Referer names the origin when there is no Origin header', async () => {
    const gateway = await withScripted({ publicOrigins: ['http://127.0.0.1:8080'] })
    const [a] = await products()
    const c = await customer()
    await addToCart(c, a.id)
    const res = await c.post('api/initiate-payment/', undefined, {
      Referer: 'http://127.0.0.1:8080/products',
      Host: '127.0.0.1:8080',
    })
    expect(res.status).toBe(200)
    expect(gateway.initiated[0].redirectUrl).toBe('http://127.0.0.1:8080/api/pay/return')
  })

  it('a checkout sent with Host: evil.example still pays and returns on APP_URL', async () => {
    t = await withSandbox()
    const [a] = await products()
    const c = await customer()
    const evil = { Host: 'evil.example' }
    const sources: Record<string, string>[] = [
      { Origin: 'http://evil.example' },
      { Referer: 'http://evil.example/products' },
      {},
    ]
    for (const from of sources) {
      await addToCart(c, a.id)
      const res = await c.post('api/initiate-payment/', undefined, { ...evil, ...from })
      expect(res.status).toBe(200)
      // The gateway's page and its return are both on APP_URL, not on the host the request named.
      const url = new URL(res.body.payment_url)
      expect(url.origin).toBe('http://localhost:8080')
      const paid = await paySandbox(url, 'success')
      const landing = new URL(paid.headers.get('Location')!)
      expect(landing.origin).toBe('http://localhost:8080')
      const confirm = await t.app.request(landing.pathname + landing.search, { headers: evil })
      expect(confirm.status).toBe(303)
      const to = new URL(confirm.headers.get('Location')!)
      expect(`${to.origin}${to.pathname}`).toBe('http://localhost:8080/confirm/payment')
      expect(to.searchParams.get('status')).toBe('successful')
    }
  })

  it('a web app built for a separate API host gets the gateway back on that host', async () => {
    const gateway = await withScripted({
      corsOrigin: 'https://shop.example.ng',
      apiOrigin: 'https://api.example.ng',
    })
    const [a] = await products()
    const c = await customer()
    await addToCart(c, a.id)
    await c.post('api/initiate-payment/', undefined, {
      Origin: 'https://shop.example.ng',
      Host: 'evil.example',
    })
    expect(gateway.initiated[0].redirectUrl).toBe('https://api.example.ng/api/pay/return')
  })

  it('settles exactly once when the redirect, the webhook, the periodic check and the page all race', async () => {
    const HASH = 'hook-hash'
    const clock = new Clock()
    const gateway = await sandboxAt(clock, { flwSecretHash: HASH })
    const { a, c, url, txRef } = await payingForFirst(2)
    const landing = new URL((await paySandbox(url, 'success')).headers.get('Location')!)
    const results = await Promise.all([
      t.app.request(landing.pathname + landing.search),
      t.app.request(landing.pathname + landing.search), // a double load of the landing
      t.app.request('/api/payments/webhook/flutterwave', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'verif-hash': HASH },
        body: JSON.stringify({ event: 'charge.completed', data: { tx_ref: txRef } }),
      }),
      checkPendingPayments({ db: t.db, gateway, now: clock.now }),
      c.post('verify/', { tx_ref: txRef, status: 'successful' }),
      c.post('verify/', { tx_ref: txRef }),
    ])
    expect(results.map((r) => ('status' in r ? r.status : 'check'))).toEqual([
      303,
      303,
      200,
      'check',
      201,
      201,
    ])
    expect(await count(sql`SELECT COUNT(*) ${NEW_ORDERS}`)).toBe(1)
    expect((await product(a.id)).stock).toBe(a.stock - 2)
    expect(
      (await notifications(CUSTOMER.email)).filter((n) => n.heading === 'Payment Successful'),
    ).toHaveLength(1)
    expect(await count(sql`SELECT COUNT(*) FROM refunds`)).toBe(0)
    expect(await count(sql`SELECT COUNT(*) FROM payment_reservations WHERE status = 'converted'`)).toBe(1)
  })

  it('GET payments/{tx_ref}/ shows the owner the outcome after logging in again; nobody else', async () => {
    t = await withSandbox()
    const { a, c, url, txRef } = await payingForFirst(2)
    const open = await c.get(`payments/${txRef}/`)
    expect(open.status).toBe(200)
    expect(open.body).toMatchObject({ tx_ref: txRef, status: 'pending', orders: [], refund: null })
    expect(typeof open.body.held_until).toBe('string')

    // The session ends while paying; the gateway's return still settles.
    await c.post('logout/')
    const landing = new URL((await paySandbox(url, 'success')).headers.get('Location')!)
    await t.app.request(landing.pathname + landing.search)
    expect((await c.get(`payments/${txRef}/`)).status).toBe(401)

    await c.login(CUSTOMER)
    const done = await c.get(`payments/${txRef}/`)
    expect(done.status).toBe(200)
    expect(done.body).toEqual({
      tx_ref: txRef,
      status: 'successful',
      message: 'Payment successful. Your order has been placed.',
      amount: (2 * a.price_kobo) / 100,
      // Issue 12: the goods, the delivery fee (none without the delivery step) and where it goes.
      items_total: (2 * a.price_kobo) / 100,
      delivery_fee: null,
      delivery: null,
      created: expect.any(String),
      settled: expect.any(String),
      held_until: null,
      lines: [
        { product_id: a.id, name: a.name, image: expect.any(String), quantity: 2, price: a.price_kobo / 100 },
      ],
      orders: [
        {
          id: expect.any(Number),
          status: 'Processing',
          product_name: a.name,
          quantity: 2,
          price: a.price_kobo / 100,
        },
      ],
      refund: null,
    })
    const stranger = await newCustomer('stranger@test.ng')
    expect((await stranger.get(`payments/${txRef}/`)).status).toBe(404)
    expect((await c.get('payments/GS-NOPE/')).status).toBe(404)
  })
})

describe('refunds', () => {
  it('refunds a charge below the order total through the gateway', async () => {
    const gateway = await withScripted()
    const { a, c, txRef } = await payingForFirst()
    gateway.paid(txRef, a.price_kobo - 100, { transactionId: '4321' })
    expect((await c.post('verify/', { tx_ref: txRef })).status).toBe(400)
    expect(gateway.refunds).toEqual([
      { txRef, transactionId: '4321', amountKobo: a.price_kobo - 100, reason: expect.any(String) },
    ])
  })

  it('a refund the gateway refuses is retried by the periodic check, and the admin sees it', async () => {
    const gateway = await withScripted()
    const [a] = await products()
    await setStock(a.id, 1)
    const c = await customer()
    await addToCart(c, a.id)
    const { txRef } = await initiate(c)
    await setStock(a.id, 0) // sold in the shop meanwhile
    gateway.paid(txRef, a.price_kobo)
    gateway.refundError = new Error('Flutterwave refused the refund (503)')
    expect((await c.post('verify/', { tx_ref: txRef })).body.status).toBe('failed')
    expect(
      await t.db.selectFrom('refunds').select(['status', 'attempts', 'error']).executeTakeFirst(),
    ).toEqual({
      status: 'failed',
      attempts: 1,
      error: 'Flutterwave refused the refund (503)',
    })
    expect((await notifications(CUSTOMER.email)).some((n) => n.heading === 'Payment Refunded')).toBe(false)

    const admin = new Client(t.app)
    await admin.login(ADMIN)
    const listed = await admin.get('admins/refunds/')
    expect(listed.status).toBe(200)
    expect(listed.body).toEqual([
      {
        id: expect.any(Number),
        tx_ref: txRef,
        customer: 'Ada Customer',
        email: CUSTOMER.email,
        amount: a.price_kobo / 100,
        status: 'failed',
        reason: `${a.name} sold out before the payment completed.`,
        error: 'Flutterwave refused the refund (503)',
        attempts: 1,
        products: `1 × ${a.name}`,
        created: expect.any(String),
        refunded: null,
      },
    ])
    expect((await c.get('admins/refunds/')).status).toBe(403)

    gateway.refundError = null
    const report = await checkPendingPayments({ db: t.db, gateway })
    expect(report).toMatchObject({ refundsTried: 1, refunded: 1 })
    expect(gateway.refunds).toHaveLength(1)
    expect((await admin.get('admins/refunds/')).body[0]).toMatchObject({
      status: 'refunded',
      refunded: expect.any(String),
    })
    expect((await c.get(`payments/${txRef}/`)).body.refund).toMatchObject({
      status: 'refunded',
      amount: a.price_kobo / 100,
    })
    await checkPendingPayments({ db: t.db, gateway })
    expect(gateway.refunds).toHaveLength(1)
    expect(
      (await notifications(CUSTOMER.email)).filter((n) => n.heading === 'Payment Refunded'),
    ).toHaveLength(1)
  })

  it('refunds a charge that arrives for a payment already closed as declined', async () => {
    const gateway = await withScripted({ flwSecretHash: 'h' })
    const { a, c, txRef } = await payingForFirst()
    gateway.paid(txRef, a.price_kobo, { status: 'failed' })
    expect((await c.post('verify/', { tx_ref: txRef })).body.status).toBe('failed')
    // The payer retries on the provider's page and this time the card goes through.
    gateway.paid(txRef, a.price_kobo, { transactionId: '888' })
    await checkPendingPayments({ db: t.db, gateway })
    expect(gateway.refunds).toEqual([
      expect.objectContaining({ transactionId: '888', amountKobo: a.price_kobo }),
    ])
    await checkPendingPayments({ db: t.db, gateway })
    expect(gateway.refunds).toHaveLength(1)
  })
})

describe('checkPendingPayments', () => {
  it('settles a paid payment whose browser never came back and no webhook arrived', async () => {
    const gateway = await withScripted()
    const { a, txRef } = await payingForFirst()
    expect(await checkPendingPayments({ db: t.db, gateway })).toMatchObject({ checked: 1, settled: 0 })
    gateway.paid(txRef, a.price_kobo)
    expect(await checkPendingPayments({ db: t.db, gateway })).toMatchObject({ checked: 1, settled: 1 })
    expect((await payment(txRef)).status).toBe('successful')
    expect(await count(sql`SELECT COUNT(*) ${NEW_ORDERS}`)).toBe(1)
    expect(await checkPendingPayments({ db: t.db, gateway })).toMatchObject({ checked: 0 })
  })

  it('keeps asking while the gateway is down, and closes quietly a payment nobody paid a day on', async () => {
    const gateway = await withScripted()
    const { txRef } = await payingForFirst()
    gateway.answers.set(txRef, new Error('down'))
    expect(await checkPendingPayments({ db: t.db, gateway })).toMatchObject({ errors: 1, abandoned: 0 })
    gateway.answers.delete(txRef)
    const later = () => Date.now() + 25 * 3600_000
    expect(await checkPendingPayments({ db: t.db, gateway, now: later })).toMatchObject({ abandoned: 1 })
    expect((await payment(txRef)).status).toBe('cancelled')
    expect(await notifications(CUSTOMER.email)).toEqual([])
  })

  it('stopping the periodic checks (shutdown) waits for the payment being asked about and asks about no other', async () => {
    const gateway = await withScripted()
    const [a] = await products()
    const first = await customer()
    const second = await newCustomer('second@test.ng')
    for (const c of [first, second]) await addToCart(c, a.id)
    const p1 = await initiate(first)
    const p2 = await initiate(second)
    gateway.paid(p1.txRef, a.price_kobo)
    gateway.paid(p2.txRef, a.price_kobo)
    // A slow gateway: the first answer comes only when the test lets it.
    let answer = () => {}
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const asked: string[] = []
    const slow: Gateway = {
      name: gateway.name,
      initiate: (request) => gateway.initiate(request),
      refund: (request) => gateway.refund(request),
      verify: async (txRef) => {
        asked.push(txRef)
        await answered
        return gateway.verify(txRef)
      },
    }
    const checks = startPaymentChecks({ db: t.db, gateway: slow }, 10)
    await vi.waitFor(() => expect(asked).toHaveLength(1))
    await expectStopToWaitFor(() => checks.stop(), answer)
    // The database may close now: the payment under way is settled, the other waits for the next start.
    expect(asked).toEqual([p1.txRef])
    expect((await payment(p1.txRef)).status).toBe('successful')
    expect((await payment(p2.txRef)).status).toBe('pending')
  })
})
