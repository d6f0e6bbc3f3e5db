import { afterEach, describe, expect, it, vi } from 'vitest'
import { ADMIN, Client, CUSTOMER, makeTestApp, type TestContext } from './helpers'
import { secondInstance } from './instances'

let t: TestContext
afterEach(() => {
  vi.useRealTimers()
  t.close()
})

const tryLogin = (c: Client, ip: string, username: string, password: string) =>
  c.post('login/', { username, password }, { 'X-Forwarded-For': `10.0.0.9, ${ip}` })

describe('login throttling behind one address (carrier NAT, reverse proxy)', () => {
  it('10 wrong tries on one account lock that account only: another account still logs in from the same IP', async () => {
    t = await makeTestApp({ trustProxyHops: 1 })
    const neighbour = new Client(t.app)
    for (let i = 0; i < 10; i++) {
      expect((await tryLogin(neighbour, '102.89.1.1', CUSTOMER.email, 'wrong-password')).status).toBe(401)
    }
    // The account itself is locked for the window (as before)...
    const locked = await tryLogin(neighbour, '102.89.1.1', CUSTOMER.email, CUSTOMER.password)
    expect(locked.status).toBe(429)
    // ...but a different phone behind the same carrier address is not.
    const other = await tryLogin(new Client(t.app), '102.89.1.1', ADMIN.email, ADMIN.password)
    expect(other.status).toBe(200)
  })

  it('an address spraying many accounts is slowed down with growing delays, other addresses are not', async () => {
    t = await makeTestApp({ trustProxyHops: 1, loginIpFreeAttempts: 20 })
    vi.useFakeTimers({ toFake: ['Date'] })
    const attacker = new Client(t.app)
    for (let i = 0; i < 20; i++) {
      expect((await tryLogin(attacker, '102.89.6.6', `victim${i}@test.ng`, 'password1')).status).toBe(401)
    }
    const waits: number[] = []
    for (let i = 20; i < 25; i++) {
      expect((await tryLogin(attacker, '102.89.6.6', `victim${i}@test.ng`, 'password1')).status).toBe(401)
      const refused = await tryLogin(attacker, '102.89.6.6', `victim${i + 100}@test.ng`, 'password1')
      expect(refused.status).toBe(429)
      expect(refused.body.message).toMatch(/Too many login attempts/)
      const wait = Number(refused.headers.get('Retry-After'))
      waits.push(wait)
      vi.setSystemTime(Date.now() + wait * 1000)
    }
    expect(waits).toEqual([1, 2, 4, 8, 16])
    // A customer elsewhere logs in as usual.
    expect((await tryLogin(new Client(t.app), '197.210.2.2', CUSTOMER.email, CUSTOMER.password)).status).toBe(
      200,
    )
  })

  it('without TRUST_PROXY, X-Forwarded-For is ignored: a new made-up address per guess does not escape the delay', async () => {
    t = await makeTestApp({ trustProxyHops: 0, loginIpFreeAttempts: 5 })
    const attacker = new Client(t.app)
    for (let i = 0; i < 6; i++) {
      expect((await tryLogin(attacker, `1.1.1.${i}`, `victim${i}@test.ng`, 'password1')).status).toBe(401)
    }
    expect((await tryLogin(attacker, '1.1.1.99', 'victim99@test.ng', 'password1')).status).toBe(429)
  })
})

describe('several instances over one database count the same tries', () => {
  it('tries on instance A then instance B reach the per-account limit together', async () => {
    t = await makeTestApp({ trustProxyHops: 1 })
    const a = new Client(t.app)
    const b = new Client(secondInstance(t))
    // 10 wrong tries, alternating: each instance alone has seen only 5.
    for (let i = 0; i < 10; i++) {
      const res = await tryLogin(i % 2 ? b : a, `102.89.3.${i}`, CUSTOMER.email, 'wrong-password')
      expect(res.status).toBe(401)
    }
    for (const instance of [a, b]) {
      const locked = await tryLogin(instance, '102.89.3.99', CUSTOMER.email, CUSTOMER.password)
      expect(locked.status).toBe(429)
      expect(locked.body.message).toMatch(/Too many login attempts/)
    }
  })

  it('the per-address delay starts after the free tries of both instances together', async () => {
    t = await makeTestApp({ trustProxyHops: 1, loginIpFreeAttempts: 6 })
    const a = new Client(t.app)
    const b = new Client(secondInstance(t))
    for (let i = 0; i < 7; i++) {
      const res = await tryLogin(i < 4 ? a : b, '102.89.7.7', `victim${i}@test.ng`, 'password1')
      expect(res.status).toBe(401)
    }
    const refused = await tryLogin(a, '102.89.7.7', 'victim50@test.ng', 'password1')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toBe('1')
  })

  it('failures counted at the same moment on two instances are all counted', async () => {
    t = await makeTestApp({ trustProxyHops: 1 })
    const other = secondInstance(t)
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        tryLogin(new Client(i % 2 ? other : t.app), `102.89.4.${i}`, CUSTOMER.email, 'wrong-password'),
      ),
    )
    const locked = await tryLogin(new Client(t.app), '102.89.4.99', CUSTOMER.email, CUSTOMER.password)
    expect(locked.status).toBe(429)
  })

  it('expired counters are deleted as new failures come in', async () => {
    t = await makeTestApp({ trustProxyHops: 1 })
    vi.useFakeTimers({ toFake: ['Date'] })
    await tryLogin(new Client(t.app), '102.89.5.5', CUSTOMER.email, 'wrong-password')
    const keys = async () =>
      (await t.db.selectFrom('rate_limits').select(['bucket', 'key']).orderBy('bucket').execute()).map(
        (r) => `${r.bucket} ${r.key}`,
      )
    expect(await keys()).toEqual(['login-account customer@test.ng', 'login-ip 102.89.5.5'])
    vi.setSystemTime(Date.now() + t.config.loginWindowMs + 1000)
    await tryLogin(new Client(t.app), '102.89.5.6', 'someone@test.ng', 'wrong-password')
    expect(await keys()).toEqual(['login-account someone@test.ng', 'login-ip 102.89.5.6'])
  })
})
