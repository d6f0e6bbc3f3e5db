import { describe, expect, it } from 'vitest'
import { Client } from './helpers'
import { onEachLoggedInApp, t, admin, customer } from './app-per-test'

onEachLoggedInApp()

/**
 * Every API call this server implements, with ids that match nothing so nothing
 * changes. Routers are mounted under prefixes; a call that no router answers gets app.ts's catch-all.
 */
const CALLS: [method: 'GET' | 'POST' | 'DELETE', path: string][] = [
  ['GET', 'token'],
  ['GET', 'auth_check'],
  ['GET', 'get/balance'],
  ['GET', 'check_cart'],
  ['GET', 'get/carts'],
  ['GET', 'check_order'],
  ['GET', 'users/notifications'],
  ['POST', 'users/notifications/424242/read'],
  ['POST', 'quick/message'],
  ['POST', 'login'],
  ['POST', 'register'],
  ['POST', 'register/admin'],
  ['POST', 'appointment'],
  ['GET', 'appointment'],
  ['GET', 'add/products'],
  ['POST', 'add/products'],
  ['POST', 'add/produts/424242'],
  ['POST', 'add/products/424242'],
  ['GET', 'add/produts/424242'],
  ['GET', 'add/products/424242'],
  ['GET', 'media/none.png'],
  ['POST', 'cart/424242'],
  ['DELETE', 'admins/delete/424242/cart'],
  ['DELETE', 'admins/delete/424242/user'],
  ['DELETE', 'admins/delete/424242/product'],
  ['DELETE', 'admins/delete/424242/booking'],
  ['POST', 'update-cart'],
  ['POST', 'api/initiate-payment'],
  ['POST', 'verify'],
  ['POST', 'payments/webhook/flutterwave'],
  ['GET', 'pay/sandbox/GS-NONE'],
  ['POST', 'pay/sandbox/GS-NONE'],
  ['GET', 'get/stat'],
  ['GET', 'get/users'],
  ['POST', 'admins/users/424242'],
  ['POST', 'admins/actions/424242'],
  ['GET', 'admins/messages'],
  ['GET', 'admins/orders'],
  ['GET', 'admins/orders/export.csv'],
  ['POST', 'admins/order_actions/424242'],
  ['GET', 'users/orders'],
  ['GET', 'admins/settings/424242'],
  ['POST', 'admins/settings/424242'],
  ['POST', 'admins/password/424242'],
  ['GET', 'admins/notification-settings/424242'],
  ['POST', 'admins/notification-settings/424242'],
  ['POST', 'newsletter'],
  ['GET', 'admins/withdrawals'],
  ['POST', 'admins/withdrawals'],
  ['GET', 'admins/payment-settings'],
  ['POST', 'admins/payment-settings'],
]

describe('every API path reaches its router', () => {
  it.each(CALLS)('%s %s, with and without the trailing slash', async (method, path) => {
    for (const p of [path, `${path}/`]) {
      const res = await admin.request(method, p, method === 'POST' ? {} : undefined)
      expect(res.text, `${method} ${p}`).not.toContain('No such API call')
    }
  })

  it('answers logout on GET and POST, and a path no router has with the JSON 404', async () => {
    expect((await customer.get('logout/')).status).toBe(200)
    expect((await admin.post('logout')).status).toBe(200)
    const none = await admin.get('admins/ordersx')
    expect(none.status).toBe(404)
    expect(none.body).toEqual({ message: 'No such API call: GET /api/admins/ordersx' })
  })
})

describe('DELETE admins/delete/{id}/{kind}/ (one dispatcher, each kind to its feature)', () => {
  it('answers 400 for an unknown kind', async () => {
    const res = await admin.delete('admins/delete/1/order/')
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: 'Unknown kind: order. Use user, product, booking or cart.' })
    expect((await new Client(t.app).delete('admins/delete/1/order')).status).toBe(401)
  })

  it('does not take a kind from the object prototype for a handler', async () => {
    for (const kind of ['constructor', '__proto__', 'toString']) {
      const res = await admin.delete(`admins/delete/1/${kind}/`)
      expect(res.status, kind).toBe(400)
      expect(res.body.message).toBe(`Unknown kind: ${kind}. Use user, product, booking or cart.`)
    }
  })

  it('asks the kind its own permission: a customer may remove a cart line, not a product', async () => {
    const product = await customer.delete('admins/delete/1/product/')
    expect(product.status).toBe(403)
    expect(product.body.message).toBe('You do not have permission to do that.')
    expect(await t.db.selectFrom('products').select('id').where('id', '=', 1).executeTakeFirst()).toBeTruthy()
    expect((await customer.delete('admins/delete/1/user')).status).toBe(403)
    expect((await customer.delete('admins/delete/1/booking')).status).toBe(403)
    expect((await customer.post('cart/1/')).status).toBe(200)
    expect((await customer.delete('admins/delete/1/cart/')).status).toBe(204)
  })
})
