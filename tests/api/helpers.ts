import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect } from 'vitest'
import { createApp } from '../../api/app'
import { loadConfig, type AppConfig } from '../../api/config'
import type { Database, Engine, OpenedDatabase, Tables } from '../../api/db'
import { openTestDatabase } from './test-database'
import { checkAnswersOf } from './contract-check'
import { seedIfEmpty } from '../../api/lib/seed'
import { setScryptCost } from '../../api/lib/password'
import { createGateway, type Gateway } from '../../api/payments'
import { BUSINESS_TIME_ZONE, todayIso } from '../../contract/dates'

export const ADMIN = { email: 'admin@test.ng', password: 'admin-password-1' }
export const CUSTOMER = { email: 'customer@test.ng', password: 'customer-password-1' }

export interface TestContext {
  app: ReturnType<typeof createApp>
  /** The test's database, through the same query layer the routes use. */
  db: Database
  engine: Engine
  /** The database as the server opened it (for migrate()). */
  opened: OpenedDatabase
  /** Another connection to the same database: what a second server instance would open. */
  connectAgain: () => OpenedDatabase
  config: AppConfig
  dir: string
  close: () => Promise<void>
}

/**
 * The suite's clock, which every test app runs on (config.now) and lagosDay() counts from, so no test
 * depends on the day or hour it runs: Monday 23 November 2026, 10:00 in Lagos, unless TEST_NOW (an ISO
 * instant) names another (`npm run test:week` runs the suite on each day of one week). It moves on in
 * real time from there, so leases, throttles and timeouts still see time pass.
 */
const SUITE_START = Date.parse(process.env.TEST_NOW || '2026-11-23T10:00:00+01:00')
if (Number.isNaN(SUITE_START)) throw new Error(`TEST_NOW is not a date: ${process.env.TEST_NOW}`)
const processStart = Date.now()
export const suiteNow = () => SUITE_START + (Date.now() - processStart)

/** A fresh API over a fresh database (TEST_DB: SQLite, PGlite or a server), seeded with the demo content and two known accounts. */
export async function makeTestApp(
  overrides: Partial<AppConfig> = {},
  gatewayFor?: (config: AppConfig, db: Database) => Gateway,
): Promise<TestContext> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-api-'))
  const config = {
    ...loadConfig({
      DATABASE_PATH: path.join(dir, 'app.db'),
      MEDIA_DIR: path.join(dir, 'media'),
      APP_URL: 'http://localhost:8080',
      // vite.config.ts lowers the hashing cost for the suite, as SCRYPT_N does for a server.
      SCRYPT_N: process.env.SCRYPT_N,
    }),
    now: suiteNow,
    ...overrides,
  }
  setScryptCost(config.scryptN)
  const database = await openTestDatabase(
    dir,
    (db) =>
      seedIfEmpty(db, config, {
        adminEmail: ADMIN.email,
        adminPassword: ADMIN.password,
        demoEmail: CUSTOMER.email,
        demoPassword: CUSTOMER.password,
        imagesDir: path.resolve('public/products'),
      }),
    // The seed reads only the hashing cost and the clock's day from the config: one template each.
    `${config.scryptN}:${todayIso(new Date(config.now()), BUSINESS_TIME_ZONE)}`,
  )
  const { db, engine } = database.opened
  const gateway = gatewayFor ? gatewayFor(config, db) : createGateway(config)
  const app = checkAnswersOf(createApp({ db, config, gateway }))
  return {
    app,
    db,
    engine,
    opened: database.opened,
    connectAgain: database.connectAgain,
    config,
    dir,
    close: async () => {
      await database.dispose()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Ends the lease on an idempotency key, as when the process that claimed it died long ago. */
export const expireLease = (db: Database, key: string) =>
  db
    .updateTable('idempotency_keys')
    .set({ lease_until: Date.now() - 1 })
    .where('key', '=', key)
    .execute()

/** How many rows a table holds; with `where`, those whose column has that value (null: is null). */
export async function countRows<T extends keyof Tables>(
  db: Database,
  table: T,
  where?: [column: keyof Tables[T] & string, value: string | number | null],
) {
  let query = db.selectFrom(table as keyof Tables).select((eb) => eb.fn.countAll<number>().as('n'))
  // The column is checked against the table above; Kysely cannot follow a column name chosen at run time.
  if (where) query = query.where(where[0] as never, where[1] === null ? 'is' : '=', where[1] as never)
  return Number((await query.executeTakeFirstOrThrow()).n)
}

/** The product with the lowest id: the one a test puts in a cart when any will do. */
export const firstProduct = (db: Database) =>
  db
    .selectFrom('products')
    .select(['id', 'name', 'price_kobo'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow()

/** The `count` products with the lowest ids that have more than `moreThan` in stock: ones a test can put in a cart. */
export const productsInStock = (db: Database, count: number, moreThan = 0) =>
  db
    .selectFrom('products')
    .select(['id', 'name', 'stock'])
    .where('stock', '>', moreThan)
    .orderBy('id')
    .limit(count)
    .execute()

/** The id of the account with this email, read through the query layer (either engine). */
export const findUserId = async (db: Database, email: string) =>
  (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id

/** A fresh app with the seeded admin and customer each logged in through their own cookie jar. */
export async function makeLoggedInApp() {
  const t = await makeTestApp()
  const admin = new Client(t.app)
  await admin.login(ADMIN)
  const customer = new Client(t.app)
  await customer.login(CUSTOMER)
  return { t, admin, customer }
}

/**
 * A browser-like caller: keeps cookies between calls and sends the CSRF header on unsafe methods,
 * so tests read like the app's own use of the API.
 */
export class Client {
  cookies = new Map<string, string>()
  csrf = ''

  constructor(private readonly app: TestContext['app']) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { ...headers }
    if (body !== undefined && !(body instanceof FormData)) h['Content-Type'] = 'application/json'
    if (!['GET', 'HEAD'].includes(method) && !('X-CSRFToken' in h)) {
      if (!this.csrf) await this.fetchToken()
      h['X-CSRFToken'] = this.csrf
    }
    if (this.cookies.size) h.Cookie = this.cookieHeader()
    const res = await this.app.request(`/api/${path.replace(/^\//, '')}`, {
      method,
      headers: h,
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    })
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';')
      const [name, ...rest] = pair.split('=')
      const value = rest.join('=')
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim())) || value === ''
      if (expired) this.cookies.delete(name.trim())
      else this.cookies.set(name.trim(), value)
    }
    const text = await res.text()
    let json: unknown = undefined
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = text
    }
    return { status: res.status, body: json as any, headers: res.headers, text }
  }

  private cookieHeader = () => [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')

  /** A POST whose body the test builds itself (malformed, streamed), sent with the session's cookie and token. */
  rawPost(path: string, headers: Record<string, string>, body: BodyInit) {
    return this.app.request(`/api/${path}`, {
      method: 'POST',
      headers: { ...headers, 'X-CSRFToken': this.csrf, Cookie: this.cookieHeader() },
      body,
      duplex: 'half',
    } as RequestInit)
  }

  /** The same browser reaching another instance of the API: its cookies and token go along. */
  onInstance(app: TestContext['app']) {
    const client = new Client(app)
    client.cookies = this.cookies
    client.csrf = this.csrf
    return client
  }

  async fetchToken() {
    const res = await this.request('GET', 'token')
    this.csrf = res.body.token
    return this.csrf
  }

  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers)
  post = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('POST', path, body, headers)
  delete = (path: string, headers?: Record<string, string>) =>
    this.request('DELETE', path, undefined, headers)

  async login(account: { email: string; password: string }) {
    const res = await this.post('login/', { username: account.email, password: account.password })
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`)
    return res
  }
}

/** Someone new signs up through register/ (a customer account) and logs in: their client and account id. */
export async function signUp(t: TestContext, who: { fullName: string; email: string; password: string }) {
  const client = new Client(t.app)
  const res = await client.post('register/', who)
  expect(res.status).toBe(200)
  await client.login(who)
  return { client, id: await findUserId(t.db, who.email) }
}

/**
 * The check that an admin-only call answers 401 logged out and 403 to a customer, each with a message;
 * `current` gives the app and customer of the running test (they are made afresh before each).
 */
export function adminOnlyCheck(current: () => { app: TestContext['app']; customer: Client }) {
  return async (method: 'get' | 'post' | 'delete', path: string, body?: unknown) => {
    const { app, customer } = current()
    const anonymous = new Client(app)
    const call = (c: Client) => (method === 'post' ? c.post(path, body) : c[method](path))
    const out = await call(anonymous)
    expect(out.status).toBe(401)
    expect(out.body.message).toBeTruthy()
    const denied = await call(customer)
    expect(denied.status).toBe(403)
    expect(denied.body.message).toBeTruthy()
  }
}

/** That each of these GETs answers 401 to a caller who is not logged in. */
export async function expectLoginNeeded(app: TestContext['app'], ...paths: string[]) {
  const anonymous = new Client(app)
  for (const path of paths) expect((await anonymous.get(path)).status, path).toBe(401)
}

/**
 * That `again` is `first`'s answer replayed for a repeated Idempotency-Key: the same status and text, marked
 * as a replay.
 */
export function expectReplayOf(
  again: Awaited<ReturnType<Client['request']>>,
  first: Awaited<ReturnType<Client['request']>>,
) {
  expect(again.status).toBe(first.status)
  expect(again.text).toBe(first.text)
  expect(again.headers.get('Idempotent-Replayed')).toBe('true')
}

/** The add/edit product form as the admin's screen sends it: the fields, and a picture when given. */
export function productForm(
  fields: Record<string, string>,
  image?: { bytes: Uint8Array; name: string; type?: string },
) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  if (image)
    form.set(
      'image',
      new File([new Uint8Array(image.bytes)], image.name, { type: image.type ?? 'image/jpeg' }),
    )
  return form
}

/**
 * That `stop()` waits for the work under way: it has not resolved a moment later, and does once `release`
 * lets that work end.
 */
export async function expectStopToWaitFor(stop: () => Promise<unknown>, release: () => void) {
  let stopped = false
  const stopping = stop().then(() => (stopped = true))
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(stopped).toBe(false)
  release()
  await stopping
}

/** The date in Lagos `offsetDays` from the suite's today (negative: past), as a booking's YYYY-MM-DD. */
export const lagosDay = (offsetDays: number) =>
  todayIso(new Date(suiteNow() + offsetDays * 86_400_000), BUSINESS_TIME_ZONE)

/**
 * The first Monday to Friday at least `offsetDays` from the suite's today: a time from 9:00 to 19:00 then is
 * within the default working hours, so a booking there is an ordinary one, not an emergency call-out.
 */
export const lagosWeekday = (offsetDays: number) => {
  let day = lagosDay(offsetDays)
  while ([0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay())) day = lagosDay(++offsetDays)
  return day
}

/** A customer's ordinary booking body: a working day three days on at 10:30, within the working hours. */
export const appointment = (change: Record<string, unknown> = {}) => ({
  phone_number: '0803 123 4567',
  location: '3 Marina Road, Lagos Island',
  service: 'fumigation',
  date: lagosWeekday(3),
  time: '10:30',
  info: 'Cockroaches in the kitchen',
  ...change,
})
