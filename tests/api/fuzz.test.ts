import { afterAll, beforeAll, expect, it } from 'vitest'
import { ADMIN, Client, signUp, CUSTOMER, makeTestApp, type TestContext } from './helpers'

/**
 * Seeded fuzz over every POST and DELETE route the app registers (read from app.routes, so a new route
 * is fuzzed without editing this file): 1,400 bodies (random JSON of every type, known field names with
 * wrong values, huge strings, unicode, malformed JSON, malformed and odd multipart, url-encoded, no
 * body) sent as admin, customer and anonymous caller. Every answer must be below 500, and every error
 * must be JSON `{ message: string }` (docs/api-conventions.md). Same seed, same requests: a failure reproduces.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20260601)
const REQUESTS = 1_400

/** mulberry32: a tiny seedable PRNG. */
function prng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const FIELDS = [
  'username',
  'password',
  'email',
  'fullName',
  'name',
  'message',
  'phone_number',
  'phoneNumber',
  'location',
  'service',
  'date',
  'time',
  'info',
  'items',
  'id',
  'quantity',
  'status',
  'category',
  'description',
  'price',
  'originalPrice',
  'stock',
  'tx_ref',
  'transaction_id',
  'outcome',
  'amount',
  'bank_name',
  'account_name',
  'account_number',
  'swift_code',
  'auto_withdraw',
  'threshold',
  'role',
  'first_name',
  'last_name',
  'current_password',
  'new_password',
  'confirm_password',
  'sms',
  'marketing',
  'payment',
  'staff_id',
]
const STRINGS = [
  '',
  ' ',
  'a',
  'Ọlá Adébáyọ̀',
  '😀🐜',
  '\u0000',
  '\uD800',
  '<script>alert(1)</script>',
  "'; DROP TABLE users;--",
  'fumigation',
  'cleaning',
  'Pest Control',
  'Shipped',
  'Completed',
  'success',
  'decline',
  '2030-01-01',
  '1999-02-30',
  '09:00',
  '25:61',
  '08031234567',
  '+2348031234567',
  'ada@test.ng',
  'not-an-email',
  '-1',
  '0',
  '1e309',
  'NaN',
  '12.345',
  '9'.repeat(40),
  'x'.repeat(3000),
  '../../etc/passwd',
  'true',
  'null',
]

function generators(rand: () => number) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]
  const value = (depth = 0): unknown => {
    const r = rand()
    if (r < 0.25) return pick(STRINGS)
    if (r < 0.4)
      return pick([0, 1, -1, 2, 3, 1.5, 1e21, -1e21, Number.MAX_SAFE_INTEGER, 2 ** 53 + 1, 10_000_000])
    if (r < 0.5) return pick([true, false, null])
    if (r < 0.6 && depth < 3) return Array.from({ length: Math.floor(rand() * 4) }, () => value(depth + 1))
    if (r < 0.75 && depth < 3) return object(depth + 1)
    if (r < 0.8) return 'ü'.repeat(Math.floor(rand() * 5000))
    return String(Math.floor(rand() * 1e6))
  }
  const object = (depth = 0): Record<string, unknown> => {
    const out: Record<string, unknown> = {}
    const n = Math.floor(rand() * 8)
    for (let i = 0; i < n; i++) out[rand() < 0.85 ? pick(FIELDS) : pick(STRINGS)] = value(depth)
    return out
  }
  return { pick, value, object }
}

type Body = { body?: BodyInit; type?: string }

/** Bodies every route gets: ones the JSON and multipart parsers refuse, and one over the JSON limit. */
const FIXED: Body[] = [
  { body: 'garbage', type: 'multipart/form-data; boundary=zz' },
  { body: '{"username": ', type: 'application/json' },
  { body: JSON.stringify({ name: 'x'.repeat(70_000) }), type: 'application/json' },
]

function bodyFor(rand: () => number, g: ReturnType<typeof generators>): Body {
  const r = rand()
  if (r < 0.45)
    return { body: JSON.stringify(rand() < 0.8 ? g.object() : g.value()), type: 'application/json' }
  if (r < 0.55) {
    const bad = ['{', '{"a":', 'nul', '[1,2', '{"username": "x",}', '\u0000\u0001', 'garbage', '']
    return { body: g.pick(bad), type: 'application/json' }
  }
  if (r < 0.62) return { body: 'garbage', type: 'multipart/form-data; boundary=zz' }
  if (r < 0.66)
    return {
      body: '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
      type: 'multipart/form-data; boundary=zz',
    }
  if (r < 0.75) {
    const form = new FormData()
    for (const [k, v] of Object.entries(g.object()))
      form.append(k, typeof v === 'string' ? v : JSON.stringify(v))
    if (rand() < 0.5) {
      const bytes =
        rand() < 0.5
          ? new Uint8Array([
              0x89,
              0x50,
              0x4e,
              0x47,
              0x0d,
              0x0a,
              0x1a,
              0x0a,
              ...new TextEncoder().encode('<html>'),
            ])
          : new Uint8Array(Array.from({ length: 200 }, () => Math.floor(rand() * 256)))
      form.append('image', new Blob([bytes]), 'x.png')
    }
    return { body: form }
  }
  if (r < 0.82) {
    return {
      body: new URLSearchParams(g.object() as Record<string, string>).toString(),
      type: 'application/x-www-form-urlencoded',
    }
  }
  if (r < 0.86) return { body: JSON.stringify({ name: 'x'.repeat(70_000) }), type: 'application/json' }
  if (r < 0.93) return { body: String(g.value()), type: 'text/plain' }
  return {}
}

let t: TestContext
beforeAll(async () => {
  t = await makeTestApp()
})
afterAll(() => t.close())

it(`${REQUESTS} seeded bodies over every POST and DELETE route: no 5xx, every error JSON { message }`, async () => {
  const rand = prng(SEED)
  const g = generators(rand)
  const routes = [
    ...new Map(
      t.app.routes
        .filter((r) => r.method === 'POST' || r.method === 'DELETE')
        .map((r) => [`${r.method} ${r.path}`, r] as const),
    ).values(),
  ]
  expect(routes.length).toBeGreaterThan(25)
  // A third account the fuzz may change or delete, so admin and customer stay logged in.
  const { id: spareId } = await signUp(t, {
    fullName: 'Spare',
    email: 'spare@test.ng',
    password: 'spare-password',
  })
  const params = [
    '1',
    '2',
    '3',
    '999999',
    '0',
    '-1',
    'abc',
    '1.5',
    '%20',
    'product',
    'booking',
    'user',
    String(spareId),
  ]

  const admin = new Client(t.app)
  const customer = new Client(t.app)
  const anonymous = new Client(t.app)
  const failures: string[] = []
  const counts: Record<number, number> = {}
  for (let i = 0; i < REQUESTS; i++) {
    if (i % 100 === 0) {
      // Logout or a changed password may have ended a session: start every 100 requests afresh.
      for (const c of [admin, customer, anonymous]) {
        c.cookies.clear()
        c.csrf = ''
      }
      await admin.login(ADMIN)
      await customer.login(CUSTOMER)
      for (const c of [admin, customer, anonymous]) await c.fetchToken()
    }
    // First every route with each body a parser refuses, as admin and as customer; then random ones.
    const fixed = i < routes.length * FIXED.length * 2
    const route = routes[i % routes.length]
    const path = route.path
      .replace(/^\/api\//, '')
      .replace(/:userId/g, () => g.pick([String(spareId), '999999', 'abc', '0']))
      // Routes that change an account never get the ids of the two logged-in callers.
      .replace(/:id\b/g, () =>
        /users|\/user$|:kind/.test(route.path)
          ? g.pick([String(spareId), '999999', 'x'])
          : fixed // an id that exists, so the handler gets as far as reading the body
            ? '1'
            : g.pick(params),
      )
      .replace(/:(\w+)/g, () => g.pick(params))
    const caller = fixed
      ? [admin, customer][Math.floor(i / (routes.length * FIXED.length))]
      : g.pick([admin, admin, customer, anonymous])
    const { body, type } = fixed ? FIXED[Math.floor(i / routes.length) % FIXED.length] : bodyFor(rand, g)
    const headers: Record<string, string> = { 'X-CSRFToken': caller.csrf }
    if (type) headers['Content-Type'] = type
    if (rand() < 0.2) headers['Idempotency-Key'] = rand() < 0.9 ? crypto.randomUUID() : 'bad key!'
    if (caller.cookies.size) headers.Cookie = [...caller.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    const res = await t.app.request(`/api/${path}`, { method: route.method, headers, body })
    counts[res.status] = (counts[res.status] ?? 0) + 1
    const text = await res.text()
    if (caller !== anonymous && (path.startsWith('logout') || res.status === 401)) {
      // Logged out (by the logout route itself): log back in so later requests run past auth.
      caller.cookies.clear()
      caller.csrf = ''
      await caller.login(caller === admin ? ADMIN : CUSTOMER)
      await caller.fetchToken()
    }
    const label = `#${i} ${route.method} /api/${path} (${type ?? 'no body'}) → ${res.status}`
    if (res.status >= 500) failures.push(`${label}: ${text.slice(0, 200)}`)
    // The sandbox gateway's pay page is a page for a browser, so it answers in HTML.
    else if (res.status >= 400 && !path.startsWith('pay/sandbox/')) {
      let json: any
      try {
        json = JSON.parse(text)
      } catch {
        json = undefined
      }
      if (typeof json?.message !== 'string' || !/json/.test(res.headers.get('Content-Type') ?? '')) {
        failures.push(`${label}: not JSON { message }: ${text.slice(0, 200)}`)
      }
    }
  }
  expect(failures).toEqual([])
  // The fuzz reached past auth and validation, not only refusals.
  expect(Object.keys(counts).some((s) => Number(s) < 300)).toBe(true)
  expect(counts[413]).toBeGreaterThan(0)
})
