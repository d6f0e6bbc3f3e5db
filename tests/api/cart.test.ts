import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  ADMIN,
  CUSTOMER,
  Client,
  signUp,
  expectLoginNeeded,
  firstProduct,
  productsInStock,
  makeTestApp,
  type TestContext,
} from './helpers'

let t: TestContext
let customer: Client
let products: Record<string, { id: number; name: string; price: number; stock: number }>
beforeEach(async () => {
  t = await makeTestApp()
  customer = new Client(t.app)
  await customer.login(CUSTOMER)
  const list = (await customer.get('add/products')).body as any[]
  products = Object.fromEntries(list.map((p) => [p.name, p]))
})
afterEach(() => t.close())

const termite = () => products['Termite Killer Concentrate 1L'] // ₦18,500, stock 34
const gel = () => products['Cockroach Gel Bait 30g'] // ₦4,500, stock 120
const bedBug = () => products['Bed Bug Killer Spray 1L'] // stock 0
const fogger = () => products['ULV Cold Fogger'] // stock 4

async function otherCustomer() {
  return (await signUp(t, { fullName: 'Bola Ade', email: 'bola@test.ng', password: 'bola-password' })).client
}

describe('POST cart/{id}/', () => {
  it('adds one at a time (200) and get/carts shows the line with unit price and quantity', async () => {
    const res = await customer.post(`cart/${termite().id}/`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'Added to cart' })
    await customer.post(`cart/${termite().id}`)
    const cart = await customer.get('get/carts/')
    expect(cart.status).toBe(200)
    expect(cart.body).toEqual([
      {
        id: termite().id,
        name: 'Termite Killer Concentrate 1L',
        description: expect.any(String),
        image: 'media/termite-killer.svg',
        prices: 18500,
        originalPrice: 22000,
        stock: 34,
        quantity: 2,
      },
    ])
  })

  it('answers 409 for an out-of-stock product and when the cart holds all the stock', async () => {
    const none = await customer.post(`cart/${bedBug().id}/`)
    expect(none.status).toBe(409)
    expect(none.body.message).toBe('Bed Bug Killer Spray 1L is out of stock')
    for (let i = 0; i < 4; i++) expect((await customer.post(`cart/${fogger().id}`)).status).toBe(200)
    const more = await customer.post(`cart/${fogger().id}`)
    expect(more.status).toBe(409)
    expect(more.body.message).toBe('Only 4 of ULV Cold Fogger left')
    expect((await customer.get('get/carts')).body[0].quantity).toBe(4)
  })

  it('six taps at once on the last 4 in stock add exactly 4 (the stock check and the add are one statement)', async () => {
    await customer.fetchToken()
    const taps = await Promise.all(Array.from({ length: 6 }, () => customer.post(`cart/${fogger().id}/`)))
    expect(taps.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 409, 409])
    expect((await customer.get('get/carts')).body).toMatchObject([{ id: fogger().id, quantity: 4 }])
  })

  it('answers 404 for an unknown product, 401 logged out, 403 without CSRF', async () => {
    const missing = await customer.post('cart/99999/')
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('Product not found')
    expect((await new Client(t.app).post(`cart/${gel().id}`)).status).toBe(401)
    expect((await customer.post(`cart/${gel().id}`, undefined, { 'X-CSRFToken': '' })).status).toBe(403)
    expect((await customer.get('check_cart')).body.count).toBe(0)
  })
})

describe('GET get/carts/ and GET check_cart/', () => {
  it('counts lines, not units, and each caller sees only their own cart', async () => {
    expect((await customer.get('check_cart/')).body).toEqual({ message: 'empty', count: 0 })
    await customer.post(`cart/${gel().id}`)
    await customer.post(`cart/${gel().id}`)
    await customer.post(`cart/${termite().id}`)
    const check = await customer.get('check_cart')
    expect(check.status).toBe(200)
    expect(check.body).toEqual({ message: 'not empty', count: 2 })
    const other = await otherCustomer()
    expect((await other.get('check_cart')).body).toEqual({ message: 'empty', count: 0 })
    expect((await other.get('get/carts')).body).toEqual([])
    // Oldest line first.
    expect((await customer.get('get/carts')).body.map((l: any) => l.id)).toEqual([gel().id, termite().id])
  })

  it('both need login (401)', () => expectLoginNeeded(t.app, 'get/carts/', 'check_cart/'))
})

describe('DELETE admins/delete/{id}/cart/', () => {
  it("removes the product from the caller's cart only (204) and 404 when it is not there", async () => {
    const other = await otherCustomer()
    await customer.post(`cart/${gel().id}`)
    await other.post(`cart/${gel().id}`)
    const res = await customer.delete(`admins/delete/${gel().id}/cart/`)
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
    expect((await customer.get('check_cart')).body.count).toBe(0)
    expect((await other.get('check_cart')).body.count).toBe(1)
    const again = await customer.delete(`admins/delete/${gel().id}/cart`)
    expect(again.status).toBe(404)
    expect(again.body.message).toBe('That product is not in your cart')
  })

  it('works for an admin on their own cart; 401 logged out; 403 without CSRF', async () => {
    const admin = new Client(t.app)
    await admin.login(ADMIN)
    await admin.post(`cart/${gel().id}`)
    await customer.post(`cart/${gel().id}`)
    expect((await new Client(t.app).delete(`admins/delete/${gel().id}/cart`)).status).toBe(401)
    expect((await customer.delete(`admins/delete/${gel().id}/cart`, { 'X-CSRFToken': 'x' })).status).toBe(403)
    expect((await admin.delete(`admins/delete/${gel().id}/cart`)).status).toBe(204)
    expect((await customer.get('check_cart')).body.count).toBe(1)
  })
})

describe('POST /update-cart/', () => {
  beforeEach(async () => {
    await customer.post(`cart/${gel().id}`)
    await customer.post(`cart/${termite().id}`)
  })

  it('sets the listed quantities, keeps the others, and answers the checkout question in naira', async () => {
    const res = await customer.post('update-cart/', { items: [{ id: gel().id, quantity: 2 }] })
    expect(res.status).toBe(200)
    // 2 x 4,500 + 1 x 18,500 = 27,500
    expect(res.body.message).toBe(
      'Your cart has 3 items totalling ₦27,500.00 before delivery. Proceed to payment?',
    )
    const cart = (await customer.get('get/carts')).body
    expect(cart.find((l: any) => l.id === gel().id).quantity).toBe(2)
    expect(cart.find((l: any) => l.id === termite().id).quantity).toBe(1)
  })

  it('says "1 item" for a single unit', async () => {
    await customer.delete(`admins/delete/${termite().id}/cart`)
    const res = await customer.post('update-cart/', { items: [] })
    expect(res.body.message).toBe(
      'Your cart has 1 item totalling ₦4,500.00 before delivery. Proceed to payment?',
    )
  })

  it('answers 400 naming the product above stock, 400 below 1, and changes nothing', async () => {
    await customer.post(`cart/${fogger().id}`)
    const over = await customer.post('update-cart/', {
      items: [
        { id: gel().id, quantity: 5 },
        { id: fogger().id, quantity: 5 },
      ],
    })
    expect(over.status).toBe(400)
    expect(over.body.message).toBe('Only 4 of ULV Cold Fogger left')
    const zero = await customer.post('update-cart/', { items: [{ id: gel().id, quantity: 0 }] })
    expect(zero.status).toBe(400)
    expect(zero.body.message).toBe('Quantity must be at least 1')
    const cart = (await customer.get('get/carts')).body
    expect(cart.find((l: any) => l.id === gel().id).quantity).toBe(1)
  })

  it('answers 400 for a malformed body', async () => {
    const res = await customer.post('update-cart/', { items: [{ id: gel().id, quantity: 'two' }] })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Quantity must be a number')
    expect((await customer.post('update-cart/', { items: 'all' })).status).toBe(400)
  })

  it('answers 404 for a product that is not in the cart', async () => {
    const res = await customer.post('update-cart/', { items: [{ id: fogger().id, quantity: 1 }] })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('That product is not in your cart')
  })

  it('is 401 logged out and 403 without CSRF', async () => {
    const body = { items: [{ id: gel().id, quantity: 2 }] }
    expect((await new Client(t.app).post('update-cart/', body)).status).toBe(401)
    expect((await customer.post('update-cart/', body, { 'X-CSRFToken': '' })).status).toBe(403)
    expect((await customer.get('get/carts')).body.find((l: any) => l.id === gel().id).quantity).toBe(1)
  })
})

describe('POST cart/set/ (the offline cart replay)', () => {
  it('sets a line to an absolute quantity, so replaying it changes nothing; 0 removes it', async () => {
    const [a, b] = await productsInStock(t.db, 2, 3)
    const key = { 'Idempotency-Key': crypto.randomUUID() }
    const first = await customer.post('cart/set/', { id: a.id, quantity: 3 }, key)
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ message: 'Cart updated', id: a.id, quantity: 3 })
    // The same change sent again (a replay after a lost answer), and again under a new key: still 3.
    expect((await customer.post('cart/set/', { id: a.id, quantity: 3 }, key)).body.quantity).toBe(3)
    expect((await customer.post('cart/set/', { id: a.id, quantity: 3 })).body.quantity).toBe(3)
    await customer.post('cart/set/', { id: b.id, quantity: 1 })
    expect((await customer.post('cart/set/', { id: b.id, quantity: 0 })).body.quantity).toBe(0)
    // Removing what is not there is no error: the device's order of changes may repeat a removal.
    expect((await customer.post('cart/set/', { id: b.id, quantity: 0 })).status).toBe(200)
    const cart = (await customer.get('get/carts/')).body as { id: number; quantity: number }[]
    expect(cart.map((l) => [l.id, l.quantity])).toEqual([[a.id, 3]])
  })

  it('keeps what is left when less is in stock, and refuses an unknown product or a bad quantity', async () => {
    const p = await firstProduct(t.db)
    await t.db.updateTable('products').set({ stock: 2 }).where('id', '=', p.id).execute()
    const res = await customer.post('cart/set/', { id: p.id, quantity: 5 })
    expect(res.body).toEqual({ message: `Only 2 of ${p.name} left`, id: p.id, quantity: 2 })
    expect((await customer.post('cart/set/', { id: 999999, quantity: 1 })).status).toBe(404)
    expect((await customer.post('cart/set/', { id: p.id, quantity: -1 })).status).toBe(400)
    expect((await new Client(t.app).post('cart/set/', { id: p.id, quantity: 1 })).status).toBe(401)
  })
})
