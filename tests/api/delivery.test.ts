import { afterEach, describe, expect, it } from 'vitest'
import { ADMIN, Client, signUp, firstProduct, makeTestApp, type TestContext } from './helpers'
import { createGateway } from '../../api/payments'
import { formatNaira } from '../../contract/money'
import { TO_BE_AGREED } from '../../contract/delivery'

let t: TestContext
afterEach(() => t?.close())

const DELIVERY = {
  name: 'Ngozi Okafor',
  phone_number: '0803 555 1234',
  address: '12 Awolowo Road',
  landmark: 'Opposite the First Bank',
  city: 'Ikeja',
  state: 'Lagos',
}

async function setUp() {
  t = await makeTestApp({}, (config, db) => createGateway(config, db))
  const admin = new Client(t.app)
  await admin.login(ADMIN)
  // A customer with an empty profile: before the delivery step the admin saw no phone and no location.
  const { client: c } = await signUp(t, {
    fullName: 'Ngozi',
    email: 'ngozi@test.ng',
    password: 'password-123',
  })
  const product = await firstProduct(t.db)
  return { admin, c, product }
}

/** The newest "Payment Successful" notification's text. */
const lastSuccessNote = async () =>
  (
    await t.db
      .selectFrom('notifications')
      .select('body')
      .where('heading', '=', 'Payment Successful')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
  ).body

/** Pays through the sandbox's own page and settles with verify/, as the browser does. */
async function pay(c: Client, paymentUrl: string) {
  const url = new URL(paymentUrl)
  const txRef = decodeURIComponent(url.pathname.split('/').pop()!)
  const page = await (await t.app.request(url.pathname)).text()
  const signature = /name="signature" value="([^"]+)"/.exec(page)![1]
  const done = await t.app.request(url.pathname, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome: 'success', signature }).toString(),
  })
  expect(done.status).toBe(303)
  expect((await c.post('verify/', { tx_ref: txRef })).status).toBe(201)
  return txRef
}

describe('delivery fees', () => {
  it('lists every state as "to be agreed" until the admin sets a fee; only an admin sets them', async () => {
    const { admin, c } = await setUp()
    const before = await new Client(t.app).get('delivery-fees/')
    expect(before.status).toBe(200)
    expect(before.body).toHaveLength(37)
    expect(before.body.find((f: { state: string }) => f.state === 'Lagos')).toEqual({
      state: 'Lagos',
      fee: null,
    })

    expect((await c.post('admins/delivery-fees/', { fees: [{ state: 'Lagos', fee: 1 }] })).status).toBe(403)
    const bad = await admin.post('admins/delivery-fees/', { fees: [{ state: 'Atlantis', fee: 1 }] })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('Choose a state')

    const saved = await admin.post('admins/delivery-fees/', { fees: [{ state: 'Lagos', fee: 2500 }] })
    expect(saved.status).toBe(200)
    const after = (await c.get('delivery-fees/')).body as { state: string; fee: number | null }[]
    expect(after.find((f) => f.state === 'Lagos')!.fee).toBe(2500)
    expect(after.find((f) => f.state === 'Ogun')!.fee).toBeNull()
  })
})

describe('checkout with the delivery step', () => {
  it('charges the items plus the state fee, and the admin sees who, where and the reference', async () => {
    const { admin, c, product } = await setUp()
    await admin.post('admins/delivery-fees/', { fees: [{ state: 'Lagos', fee: 2500 }] })
    expect((await c.post(`cart/${product.id}/`)).status).toBe(200)
    expect((await c.post(`cart/${product.id}/`)).status).toBe(200)

    const refused = await c.post('api/initiate-payment/', { delivery: { ...DELIVERY, phone_number: '123' } })
    expect(refused.status).toBe(400)
    expect(refused.body.field).toBe('delivery.phone_number')

    const started = await c.post('api/initiate-payment/', { delivery: DELIVERY, save_to_profile: true })
    expect(started.status).toBe(200)
    const txRef = await pay(c, started.body.payment_url)

    const outcome = (await c.get(`payments/${encodeURIComponent(txRef)}/`)).body
    expect(outcome.items_total).toBe((2 * product.price_kobo) / 100)
    expect(outcome.delivery_fee).toBe(2500)
    expect(outcome.amount).toBe((2 * product.price_kobo) / 100 + 2500)
    expect(outcome.delivery).toMatchObject({
      name: 'Ngozi Okafor',
      phone_number: '+2348035551234',
      state: 'Lagos',
    })

    // The notification carries the reference, what was bought and the fee.
    const note = await lastSuccessNote()
    expect(note).toContain(`Reference ${txRef}`)
    expect(note).toContain(`2 × ${product.name}`)
    expect(note).toContain(`Delivery fee: ${formatNaira(2500)}`)
    expect(note).toContain('12 Awolowo Road (Opposite the First Bank), Ikeja, Lagos')

    // The admin's list: one row per line, grouped by reference, with date and email.
    const list = (await admin.get('admins/orders/')).body
    expect(list[0]).toMatchObject({
      reference: txRef,
      email: 'ngozi@test.ng',
      user: 'Ngozi Okafor',
      phone_number: '+2348035551234',
      location: '12 Awolowo Road (Opposite the First Bank), Ikeja, Lagos',
    })
    expect((await admin.get(`admins/orders/?q=${encodeURIComponent(txRef)}`)).body).toHaveLength(1)
    const detail = await admin.get(`admins/orders/${encodeURIComponent(txRef)}/`)
    expect(detail.status).toBe(200)
    expect(detail.body).toMatchObject({
      reference: txRef,
      email: 'ngozi@test.ng',
      delivery_fee: 2500,
      delivery: { landmark: 'Opposite the First Bank', city: 'Ikeja' },
    })
    expect(detail.body.lines).toHaveLength(1)
    // The CSV names the order reference and its delivery fee.
    const csv = (await admin.get('admins/orders/export.csv')).text
    const row = csv.split('\r\n').find((line) => line.includes(txRef))!
    expect(row.endsWith(`,${txRef},2500.00`)).toBe(true)
    expect((await admin.get('admins/orders/GS-NOPE/')).status).toBe(404)
    expect((await c.get(`admins/orders/${encodeURIComponent(txRef)}/`)).status).toBe(403)

    // "Save to my profile" filled the empty profile.
    const profile = await t.db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'phone_number', 'location', 'landmark', 'city', 'state'])
      .where('email', '=', 'ngozi@test.ng')
      .executeTakeFirst()
    expect(profile).toEqual({
      first_name: 'Ngozi',
      last_name: 'Okafor',
      phone_number: '+2348035551234',
      location: '12 Awolowo Road',
      landmark: 'Opposite the First Bank',
      city: 'Ikeja',
      state: 'Lagos',
    })
    // The next checkout starts from each part in its own box: the profile reads them apart.
    const mine = (await c.get('auth_check')).body
    expect((await c.get(`admins/settings/${mine.id}/`)).body).toMatchObject({
      location: '12 Awolowo Road',
      landmark: 'Opposite the First Bank',
      city: 'Ikeja',
      state: 'Lagos',
    })
  })

  it('adds nothing for a state whose fee is to be agreed, and says so', async () => {
    const { c, product } = await setUp()
    await c.post(`cart/${product.id}/`)
    const started = await c.post('api/initiate-payment/', { delivery: { ...DELIVERY, state: 'Kano' } })
    const txRef = await pay(c, started.body.payment_url)
    const outcome = (await c.get(`payments/${encodeURIComponent(txRef)}/`)).body
    expect(outcome.amount).toBe(product.price_kobo / 100)
    expect(outcome.delivery_fee).toBeNull()
    const note = await lastSuccessNote()
    expect(note).toContain(TO_BE_AGREED)
    // Not saved to the profile unless asked.
    expect(
      (
        await t.db
          .selectFrom('users')
          .select('phone_number')
          .where('email', '=', 'ngozi@test.ng')
          .executeTakeFirst()
      )?.phone_number,
    ).toBe('')
  })

  it('a payment that takes the balance past the threshold requests an automatic withdrawal', async () => {
    const { admin, c, product } = await setUp()
    const balance = (await admin.get('get/balance')).body.balance as number
    await admin.post('admins/payment-settings/', {
      bank_name: 'GTBank',
      account_name: 'GreenShield Ltd',
      account_number: '0123456789',
      auto_withdraw: true,
      threshold: balance + 1,
    })
    expect((await admin.get('admins/withdrawals/')).body).toHaveLength(0)
    await c.post(`cart/${product.id}/`)
    const started = await c.post('api/initiate-payment/', { delivery: DELIVERY })
    await pay(c, started.body.payment_url)
    const [auto] = (await admin.get('admins/withdrawals/')).body
    expect(auto).toMatchObject({
      automatic: true,
      status: 'Pending',
      amount: balance + product.price_kobo / 100,
    })
  })
})
