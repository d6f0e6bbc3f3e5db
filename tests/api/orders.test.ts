import type { Transaction } from 'kysely'
import { describe, expect, it } from 'vitest'
import { CUSTOMER, Client, signUp, expectLoginNeeded, findUserId } from './helpers'
import { onEachLoggedInApp, t, admin, customer } from './app-per-test'
import { BUSINESS_TIME_ZONE, todayIso } from '../../contract/dates'
import { createApp } from '../../api/app'
import type { Tables } from '../../api/db'
import { createGateway } from '../../api/payments'
import { parseCsv } from '../csv'

onEachLoggedInApp()

const customerId = () => findUserId(t.db, CUSTOMER.email)

interface OrderInput {
  customer_name?: string
  phone_number?: string
  location?: string
  product_name?: string
  quantity?: number
  price_kobo?: number
  status?: string
  created_at?: string
  user_id?: number | null
}
async function orderRow(o: OrderInput) {
  return {
    user_id: o.user_id === undefined ? await customerId() : o.user_id,
    product_name: o.product_name ?? 'Cockroach Gel Bait 30g',
    quantity: o.quantity ?? 1,
    price_kobo: o.price_kobo ?? 450_000,
    customer_name: o.customer_name ?? 'Ada Customer',
    phone_number: o.phone_number ?? '+2348031234567',
    location: o.location ?? 'Surulere, Lagos',
    status: o.status ?? 'Processing',
    created_at: o.created_at ?? new Date().toISOString(),
  }
}
async function addOrder(o: OrderInput = {}): Promise<number> {
  const { id } = await t.db
    .insertInto('orders')
    .values(await orderRow(o))
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

async function exportCsv(query = '') {
  const res = await admin.get(`admins/orders/export.csv${query}`)
  expect(res.status).toBe(200)
  const rows = parseCsv(res.text)
  return { res, header: rows[0], rows: rows.slice(1) }
}

async function expectAdminOnly(method: 'get' | 'post', path: string) {
  const anonymous = await new Client(t.app)[method](path)
  expect(anonymous.status).toBe(401)
  const denied = await customer[method](path)
  expect(denied.status).toBe(403)
  expect(denied.body.message).toBeTruthy()
}

/** An order list answered whole: the four seeded orders, newest first. */
function expectSeededNewestFirst(res: { status: number; body: { created: string }[] }) {
  expect(res.status).toBe(200)
  expect(res.body).toHaveLength(4)
  const created = res.body.map((o) => o.created)
  expect([...created].sort().reverse()).toEqual(created)
}

describe('GET admins/orders', () => {
  it('lists the seeded orders newest first with unit prices in naira', async () => {
    const res = await admin.get('admins/orders/')
    expectSeededNewestFirst(res)
    const gel = res.body.find((o: { product_name: string }) => o.product_name === 'Cockroach Gel Bait 30g')
    expect(gel).toMatchObject({
      user: 'Ada Customer',
      phone_number: '+2348031234567',
      location: '14 Bode Thomas Street, Surulere, Lagos',
      quantity: 3,
      price: 4500,
      status: 'Completed',
    })
    expect(new Set(res.body.map((o: { status: string }) => o.status))).toEqual(
      new Set(['Processing', 'Shipped', 'Completed']),
    )
  })
  it('falls back to the account for orders without a copied name, phone or address', async () => {
    const id = await addOrder({ customer_name: '', phone_number: '', location: '' })
    const order = (await admin.get('admins/orders')).body.find((o: { id: number }) => o.id === id)
    expect(order).toMatchObject({
      user: 'Ada Customer',
      phone_number: '+2348031234567',
      location: '14 Bode Thomas Street, Surulere, Lagos',
    })
  })
  it('reads 10,000 orders in one call', async () => {
    const user_id = await customerId()
    const rows = await Promise.all(
      Array.from({ length: 10_000 }, (_, i) =>
        orderRow({
          user_id,
          product_name: `Item ${i}`,
          created_at: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
        }),
      ),
    )
    // In batches: a statement may bind only so many values.
    for (let i = 0; i < rows.length; i += 1000) {
      await t.db
        .insertInto('orders')
        .values(rows.slice(i, i + 1000))
        .execute()
    }
    const res = await admin.get('admins/orders')
    expect(res.body).toHaveLength(10_004)
    expect(res.body.find((o: { product_name: string }) => o.product_name === 'Item 9999')).toBeTruthy()
  })
  it('is admin-only', () => expectAdminOnly('get', 'admins/orders'))
})

describe('POST admins/order_actions/{id}', () => {
  const processingOrder = async () =>
    (
      await t.db
        .selectFrom('orders')
        .select('id')
        .where('status', '=', 'Processing')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id
  const row = (id: number) =>
    t.db
      .selectFrom('orders')
      .select(['status', 'shipped_at', 'completed_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  const notifications = async () =>
    t.db
      .selectFrom('notifications')
      .select(['heading', 'body'])
      .where('user_id', '=', await customerId())
      .orderBy('id', 'desc')
      .execute()

  it('without a body marks the order delivered, setting shipped_at too, and tells the customer', async () => {
    const id = await processingOrder()
    const res = await admin.post(`admins/order_actions/${id}/`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'Order marked as delivered', status: 'Completed' })
    const after = await row(id)
    expect(after.status).toBe('Completed')
    expect(after.completed_at).toBeTruthy()
    expect(after.shipped_at).toBe(after.completed_at)
    expect((await notifications())[0]).toEqual({
      heading: 'Order Delivered',
      body: 'Your order of 2 × Rat Glue Traps (pack of 4) has been delivered.',
    })
    // The customer sees it in their own list.
    const mine = (await customer.get('users/orders')).body.find((o: { id: number }) => o.id === id)
    expect(mine).toMatchObject({
      status: 'Completed',
      completed: after.completed_at,
      shipped: after.shipped_at,
    })
  })
  it('with { status: "Shipped" } marks shipped, then an empty body completes it and keeps shipped_at', async () => {
    const id = await processingOrder()
    const shipped = await admin.post(`admins/order_actions/${id}`, { status: 'Shipped' })
    expect(shipped.status).toBe(200)
    expect(shipped.body).toEqual({ message: 'Order marked as shipped', status: 'Shipped' })
    const afterShip = await row(id)
    expect(afterShip).toMatchObject({ status: 'Shipped', completed_at: null })
    expect((await notifications())[0].heading).toBe('Order Shipped')

    // A JSON request with an empty body and one with {} both mean Completed.
    const empty = await admin.request('POST', `admins/order_actions/${id}`, undefined, {
      'Content-Type': 'application/json',
    })
    expect(empty.status).toBe(200)
    expect(empty.body.status).toBe('Completed')
    expect((await row(id)).shipped_at).toBe(afterShip.shipped_at)
    expect((await notifications())[0].heading).toBe('Order Delivered')
    const again = await admin.post(`admins/order_actions/${id}`, {})
    expect(again.status).toBe(200)
    expect(again.body.status).toBe('Completed')
    expect((await notifications()).filter((n) => n.heading === 'Order Delivered')).toHaveLength(1)
  })
  it('moves the order once when two clicks arrive together (one 200, one 409, one notification)', async () => {
    const id = await processingOrder()
    // The handler reads the order, then writes it in a transaction. On the same server, each click's
    // transaction waits until both clicks have asked for one, so both have read the order before either
    // writes, as two instances can do for real.
    let bothAsked = () => {}
    const gate = new Promise<void>((resolve) => (bothAsked = resolve))
    let asked = 0
    const gated = new Proxy(t.db, {
      get(db, name) {
        if (name === 'transaction')
          return () => ({
            execute: async <T>(work: (trx: Transaction<Tables>) => Promise<T>) => {
              if (++asked === 2) bothAsked()
              await gate
              return db.transaction().execute(work)
            },
          })
        const value = Reflect.get(db, name, db)
        return typeof value === 'function' ? value.bind(db) : value
      },
    })
    const server = new Client(createApp({ db: gated, config: t.config, gateway: createGateway(t.config) }))
    server.cookies = admin.cookies
    server.csrf = admin.csrf
    const answers = await Promise.all([
      server.post(`admins/order_actions/${id}/`, {}),
      server.post(`admins/order_actions/${id}/`, {}),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    expect(answers.find((a) => a.status === 409)!.body.message).toBe(
      'This order was changed meanwhile. Reload and try again.',
    )
    expect((await row(id)).status).toBe('Completed')
    expect((await notifications()).filter((n) => n.heading === 'Order Delivered')).toHaveLength(1)
  })
  it('answers 400 for an unknown status or a step back, 404 for an unknown order', async () => {
    const id = await processingOrder()
    const bad = await admin.post(`admins/order_actions/${id}`, { status: 'Lost' })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe("Status must be 'Shipped' or 'Completed'")
    await admin.post(`admins/order_actions/${id}`)
    const back = await admin.post(`admins/order_actions/${id}`, { status: 'Shipped' })
    expect(back.status).toBe(400)
    expect(back.body.message).toBe('This order is already completed.')
    expect((await row(id)).status).toBe('Completed')
    const unknown = await admin.post('admins/order_actions/987654')
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('Order not found')
    expect((await admin.post('admins/order_actions/abc')).status).toBe(404)
  })
  it('is admin-only and needs the CSRF header', async () => {
    const id = await processingOrder()
    await expectAdminOnly('post', `admins/order_actions/${id}`)
    const forged = await admin.post(`admins/order_actions/${id}`, undefined, { 'X-CSRFToken': 'nope' })
    expect(forged.status).toBe(403)
    expect((await row(id)).status).toBe('Processing')
  })
})

describe('GET users/orders and GET check_order', () => {
  it("answers the caller's own orders, newest first, with image and tracking dates", async () => {
    const res = await customer.get('users/orders/')
    expectSeededNewestFirst(res)
    const shipped = res.body.find((o: { status: string }) => o.status === 'Shipped')
    expect(shipped).toMatchObject({
      product_name: 'Multi-Surface Disinfectant 5L',
      quantity: 2,
      price: 12_000,
      image: 'media/disinfectant.svg',
      completed: null,
    })
    expect(Date.parse(shipped.shipped)).toBeGreaterThan(Date.parse(shipped.created))
    // The order reference the admin and the emails use: the payment's (GS-…), or #id without one.
    for (const o of res.body) expect(o.reference).toMatch(/^(GS-|SEED-)[\w-]+$|^#\d+$/)
    expect(Object.keys(shipped).sort()).toEqual(
      [
        'completed',
        'created',
        'id',
        'image',
        'price',
        'product_name',
        'quantity',
        'reference',
        'shipped',
        'status',
      ].sort(),
    )
    const delivered = res.body.filter((o: { status: string }) => o.status === 'Completed')
    expect(delivered).toHaveLength(2)
    for (const o of delivered) expect(Date.parse(o.completed)).toBeGreaterThan(Date.parse(o.shipped))

    expect(await customer.get('check_order/')).toMatchObject({
      status: 200,
      body: { message: 'not empty', count: 4 },
    })
  })
  it("shows nobody else's orders", async () => {
    const { client: other } = await signUp(t, {
      fullName: 'Bola Ige',
      email: 'bola@test.ng',
      password: 'password-123',
    })
    expect((await other.get('users/orders')).body).toEqual([])
    expect((await other.get('check_order')).body).toEqual({ message: 'empty', count: 0 })
    // The admin has no orders of its own either.
    expect((await admin.get('users/orders')).body).toEqual([])
  })
  it('needs a login', () => expectLoginNeeded(t.app, 'users/orders', 'check_order'))
})

describe('GET admins/orders/export.csv', () => {
  it('is a dated CSV attachment with a header and one row per order, phones in local form', async () => {
    const { res, header, rows } = await exportCsv()
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="orders-${todayIso(new Date(t.config.now()), BUSINESS_TIME_ZONE)}.csv"`,
    )
    expect(header).toEqual([
      'Order ID',
      'Date',
      'Customer',
      'Phone',
      'Location',
      'Product',
      'Quantity',
      'Unit price (NGN)',
      'Total (NGN)',
      'Status',
      'Order reference',
      'Delivery fee (NGN)',
    ])
    expect(rows).toHaveLength(4)
    const gel = rows.find((r) => r[5] === 'Cockroach Gel Bait 30g')!
    expect(gel[2]).toBe('Ada Customer')
    expect(gel[3]).toBe('08031234567')
    expect(gel[4]).toBe('14 Bode Thomas Street, Surulere, Lagos')
    expect(gel.slice(6, 10)).toEqual(['3', '4500.00', '13500.00', 'Completed'])
    expect(gel[10]).toMatch(/^(GS-|SEED-)[\w-]+$/)
    expect(gel[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
    expect(res.text.endsWith('\r\n')).toBe(true)
  })

  it('quotes commas, quotes and newlines (RFC 4180) and defuses formulas', async () => {
    const tricky = {
      customer_name: 'Okafor, "Chi" & Sons',
      location: 'Block 4,\r\nFlat 2\nIkoyi',
      product_name: '=HYPERLINK("http://evil.example","click")',
    }
    const id = await addOrder({ ...tricky, quantity: 2, price_kobo: 1_050 })
    await addOrder({ customer_name: '@SUM(A1:A2)', product_name: '+1-2', location: '-3' })
    const { res, rows } = await exportCsv()
    expect(res.text).toContain('"Okafor, ""Chi"" & Sons"')
    const row = rows.find((r) => r[0] === String(id))!
    expect(row[2]).toBe(tricky.customer_name)
    expect(row[4]).toBe(tricky.location)
    expect(row[5]).toBe(`'${tricky.product_name}`)
    expect(row.slice(6)).toEqual(['2', '10.50', '21.00', 'Processing', `#${id}`, ''])
    const formulas = rows.find((r) => r[2] === "'@SUM(A1:A2)")!
    expect(formulas[5]).toBe("'+1-2")
    expect(formulas[4]).toBe("'-3")
    expect(rows).toHaveLength(6)
  })

  it('filters by status, name (case-insensitive) and order date (inclusive, Lagos days)', async () => {
    await addOrder({
      customer_name: 'Zainab Musa',
      product_name: 'Degreaser',
      created_at: '2025-03-01T08:00:00.000Z',
    })
    // 23:30 UTC on 9 March is 00:30 on 10 March in Lagos.
    await addOrder({
      customer_name: 'Emeka Obi',
      product_name: 'Fogger',
      created_at: '2025-03-09T23:30:00.000Z',
    })
    await addOrder({
      customer_name: 'Emeka Obi',
      product_name: '50% Off Spray_Can',
      status: 'Shipped',
      created_at: '2025-03-11T12:00:00.000Z',
    })

    const statuses = async (q: string) => (await exportCsv(q)).rows.map((r) => r[9])
    expect(await statuses('?status=Processing')).toEqual(['Processing', 'Processing', 'Processing'])
    expect(await statuses('?status=SHIPPED')).toEqual(['Shipped', 'Shipped'])
    expect(await statuses('?status=completed')).toEqual(['Completed', 'Completed'])
    expect(await statuses('?status=all')).toHaveLength(7)

    const names = async (q: string) => (await exportCsv(q)).rows.map((r) => r[5])
    expect(await names('?q=emeka')).toEqual(['50% Off Spray_Can', 'Fogger'])
    expect(await names('?q=DEGREASER')).toEqual(['Degreaser'])
    expect(await names(`?q=${encodeURIComponent('50%')}`)).toEqual(['50% Off Spray_Can'])
    expect(await names('?q=_')).toEqual(['50% Off Spray_Can'])
    expect(await names('?q=emeka&status=processing')).toEqual(['Fogger'])

    expect(await names('?from=2025-03-01&to=2025-03-09')).toEqual(['Degreaser'])
    expect(await names('?from=2025-03-10&to=2025-03-10')).toEqual(['Fogger'])
    expect(await names('?from=2025-03-02&to=2025-03-11')).toEqual(['50% Off Spray_Can', 'Fogger'])
    expect(await names('?to=2025-02-28')).toEqual([])

    // Case folding covers Yoruba and Igbo letters too, not only ASCII.
    await addOrder({ customer_name: 'Ọlá Adébáyọ̀', product_name: 'Respirator' })
    expect(await names(`?q=${encodeURIComponent('ỌLÁ')}`)).toEqual(['Respirator'])

    // The JSON list takes the same filters.
    const listed = (await admin.get('admins/orders?q=EMEKA&status=shipped')).body
    expect(listed.map((o: { product_name: string }) => o.product_name)).toEqual(['50% Off Spray_Can'])
  })

  it('answers 400 for filters it cannot read', async () => {
    const badStatus = await admin.get('admins/orders/export.csv?status=lost')
    expect(badStatus.status).toBe(400)
    expect(badStatus.body.message).toBe('Status must be all, completed, processing or shipped')
    const badDate = await admin.get('admins/orders/export.csv?from=01-03-2025')
    expect(badDate.status).toBe(400)
    expect(badDate.body.message).toBe("'from' must be a date (YYYY-MM-DD)")
    const noSuchDay = await admin.get('admins/orders?to=2025-02-30')
    expect(noSuchDay.status).toBe(400)
    expect(noSuchDay.body.message).toBe("'to' must be a real date")
    const reversed = await admin.get('admins/orders/export.csv?from=2025-03-10&to=2025-03-01')
    expect(reversed.status).toBe(400)
    expect(reversed.body.message).toBe("'from' must be on or before 'to'")
  })

  it('is admin-only', () => expectAdminOnly('get', 'admins/orders/export.csv'))
})
