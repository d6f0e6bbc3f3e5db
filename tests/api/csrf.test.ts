import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { Client, CUSTOMER, makeTestApp, type TestContext } from './helpers'
import { secondInstance } from './instances'

let t: TestContext
afterEach(() => t.close())

const message = { name: 'Ada', email: 'ada@test.ng', message: 'Hello' }

describe('CSRF tokens are signed by the server for one browser', () => {
  it('refuses a cookie/header pair the server never issued, even when both match', async () => {
    t = await makeTestApp()
    const forger = new Client(t.app)
    // Both token shapes: an old-style random token, and one shaped like ours (nonce + 43 characters).
    for (const forged of [
      randomBytes(32).toString('base64url'),
      randomBytes(51).toString('base64url').slice(0, 67),
    ]) {
      forger.cookies.set('csrftoken', forged)
      forger.cookies.set('csrfbind', randomBytes(32).toString('base64url'))
      const res = await forger.post('quick/message/', message, { 'X-CSRFToken': forged })
      expect(res.status).toBe(403)
      expect(res.body.message).toMatch(/CSRF token/)
    }
  })

  it("refuses one browser's issued token planted in another browser", async () => {
    t = await makeTestApp()
    const attacker = new Client(t.app)
    const token = await attacker.fetchToken()
    const victim = new Client(t.app)
    await victim.fetchToken()
    victim.cookies.set('csrftoken', token) // planted cookie; the victim's own binding stays
    const res = await victim.post('quick/message/', message, { 'X-CSRFToken': token })
    expect(res.status).toBe(403)
  })

  it('keeps working across login and logout with the token fetched before (the app caches it)', async () => {
    t = await makeTestApp()
    const c = new Client(t.app)
    const token = await c.fetchToken()
    await c.login(CUSTOMER)
    expect(c.csrf).toBe(token)
    expect((await c.post('cart/1/')).status).toBe(200)
    expect((await c.post('logout/')).status).toBe(200)
    expect((await c.post('quick/message/', message)).status).toBe(201)
    expect((await c.get('token')).body.token).toBe(token)
  })

  it('a second server process over the same database accepts the tokens of the first (secret kept in the database)', async () => {
    t = await makeTestApp()
    const c = new Client(t.app)
    await c.fetchToken()
    const again = c.onInstance(secondInstance(t))
    expect((await again.post('quick/message/', message)).status).toBe(201)
  })
})
