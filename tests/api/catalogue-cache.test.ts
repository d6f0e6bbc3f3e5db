/**
 * GET add/products/ from memory: an ETag and a 304 for an unchanged catalogue, compressed
 * bytes for browsers that take them, and a new answer after any write to products. On PostgreSQL with
 * a listener (api/lib/catalogue-cache.ts), no query at all until a write here or a NOTIFY says so.
 */
import zlib from 'node:zlib'
import { sql, type KyselyPlugin } from 'kysely'
import pg from 'pg'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createApp } from '../../api/app'
import type { Database } from '../../api/db'
import { listen, type ListenTimings } from '../../api/db/listen'
import { watchCatalogue } from '../../api/lib/catalogue-cache'
import { createGateway, type Gateway } from '../../api/payments'
import { Client, makeLoggedInApp, productForm, type TestContext } from './helpers'
import { freePort } from './live-server'

let t: TestContext
let admin: Client
let customer: Client
beforeEach(async () => {
  ;({ t, admin, customer } = await makeLoggedInApp())
})
afterEach(() => t.close())

const list = (headers: Record<string, string> = {}) => t.app.request('/api/add/products/', { headers })
const etagOf = async () => (await list()).headers.get('ETag')!

describe('GET add/products/ caching', () => {
  it('carries an ETag and answers 304 with no body when the browser already has this catalogue', async () => {
    const first = await list()
    expect(first.status).toBe(200)
    const etag = first.headers.get('ETag')
    expect(etag).toMatch(/^W\/".+"$/)
    expect(first.headers.get('Cache-Control')).toBe('no-cache')

    const again = await list({ 'If-None-Match': etag! })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('ETag')).toBe(etag)
    // Strong form and lists match too (weak comparison); another tag does not.
    expect((await list({ 'If-None-Match': `"x", ${etag!.slice(2)}` })).status).toBe(304)
    expect((await list({ 'If-None-Match': 'W/"stale"' })).status).toBe(200)
  })

  it('sends brotli or gzip to browsers that accept them, the same list once decoded', async () => {
    const plain = await (await list()).text()
    const br = await list({ 'Accept-Encoding': 'gzip, deflate, br' })
    expect(br.headers.get('Content-Encoding')).toBe('br')
    expect(br.headers.get('Vary')).toBe('Accept-Encoding')
    const brBytes = Buffer.from(await br.arrayBuffer())
    expect(brBytes.length).toBeLessThan(plain.length)
    expect(zlib.brotliDecompressSync(brBytes).toString()).toBe(plain)
    const gz = await list({ 'Accept-Encoding': 'gzip' })
    expect(gz.headers.get('Content-Encoding')).toBe('gzip')
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain)
    expect(JSON.parse(plain).length).toBeGreaterThan(0)
  })

  it('answers the edited catalogue, with a new ETag, right after an admin edit, a new product and a delete', async () => {
    const before = await etagOf()
    const [first] = (await admin.get('add/products/')).body
    const form = new FormData()
    form.set('price', '999')
    expect((await admin.post(`add/produts/${first.id}/`, form)).status).toBe(201)
    const edited = await list({ 'If-None-Match': before })
    expect(edited.status).toBe(200)
    expect((await edited.json()).find((p: { id: number }) => p.id === first.id).price).toBe(999)
    const afterEdit = edited.headers.get('ETag')!
    expect(afterEdit).not.toBe(before)

    const add = productForm({
      name: 'Rat Bait',
      category: 'Pest Control',
      description: 'Bait.',
      price: '500',
      stock: '3',
    })
    const created = await admin.post('add/products/', add)
    expect(created.status).toBe(201)
    const afterAdd = await etagOf()
    expect(afterAdd).not.toBe(afterEdit)
    expect((await (await list()).json()).map((p: { id: number }) => p.id)).toContain(created.body.id)

    expect((await admin.request('DELETE', `admins/delete/${created.body.id}/product/`)).status).toBe(204)
    expect(await etagOf()).not.toBe(afterAdd)
    expect((await (await list()).json()).map((p: { id: number }) => p.id)).not.toContain(created.body.id)
  })

  it('requests arriving together share one rebuild, and each sees the edit made before it', async () => {
    const [first] = (await admin.get('add/products/')).body
    const before = await etagOf()
    const edit = async (price: string) => {
      const form = new FormData()
      form.set('price', price)
      expect((await admin.post(`add/produts/${first.id}/`, form)).status).toBe(201)
    }
    await edit('111')
    const together = await Promise.all(Array.from({ length: 5 }, () => list()))
    const tags = new Set(together.map((r) => r.headers.get('ETag')))
    expect(tags.size).toBe(1)
    expect(tags.has(before)).toBe(false)
    // A list already being rebuilt for the old version is not what a later edit's caller gets.
    const inFlight = list()
    await edit('222')
    const after = await (await list()).json()
    expect(after.find((p: { id: number }) => p.id === first.id).price).toBe(222)
    await inFlight
  })

  it('sees stock taken by any writer (settlement updates products directly)', async () => {
    const before = await etagOf()
    const [first] = (await admin.get('add/products/')).body
    await t.db
      .updateTable('products')
      .set((eb) => ({ stock: eb('stock', '-', 1) }))
      .where('id', '=', first.id)
      .execute()
    const res = await list({ 'If-None-Match': before })
    expect(res.status).toBe(200)
    expect((await res.json()).find((p: { id: number }) => p.id === first.id).stock).toBe(first.stock - 1)
  })
})

/** A handle on `db` that counts every query sent through it (Kysely gives each result to the plugin). */
function counting(db: Database) {
  const sent = { queries: 0 }
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      sent.queries++
      return args.result
    },
  }
  return { db: db.withPlugin(plugin), sent }
}

/** A server instance over `db` (as start-server.ts makes it), its catalogue heard through `connectAlone`. */
function instance(
  db: Database,
  connectAlone: ((config: pg.ClientConfig) => pg.Client) | null,
  timings: Partial<ListenTimings> = {},
  gateway: Gateway = createGateway(t.config),
) {
  const app = createApp({ db, config: { ...t.config }, gateway })
  const watch = connectAlone ? watchCatalogue(db, connectAlone, timings) : null
  const products = async () => (await (await app.request('/api/add/products/')).json()) as Listed[]
  return { app, watch, products }
}

const until = async (done: () => boolean | Promise<boolean>, what: string, ms = 5000) => {
  const deadline = Date.now() + ms
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

type Listed = { id: number; price: number; stock: number }
const priceOf = (list: Listed[], id: number) => list.find((p) => p.id === id)!.price

/** Every 'notification' event of the clients `connect` makes, handed over `ms` late (a slow link). */
const lateNotifications =
  (connect: (config: pg.ClientConfig) => pg.Client, ms: number) => (config: pg.ClientConfig) => {
    const client = connect(config)
    const emit = client.emit.bind(client)
    client.emit = (event: string | symbol, ...args: unknown[]) => {
      if (event !== 'notification') return emit(event, ...args)
      setTimeout(() => emit(event, ...args), ms)
      return true
    }
    return client
  }

describe('the listener that keeps the catalogue from reading its counter (LISTEN, listen.ts)', () => {
  it('retries a server it cannot reach, waiting longer each time, and stops without hanging', async () => {
    const port = await freePort() // free a moment ago: nothing answers there
    const attempts: number[] = []
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const listener = listen(
      (config) => {
        attempts.push(Date.now())
        return new pg.Client({ ...config, host: '127.0.0.1', port, connectionTimeoutMillis: 1000 })
      },
      'catalogue_changed',
      { onListening: () => {}, onNotification: () => {}, onLost: () => {} },
      { firstRetryMs: 20, maxRetryMs: 160 },
    )
    try {
      await until(() => attempts.length >= 5, 'five attempts')
      expect(listener.listening).toBe(false)
      const gaps = attempts.slice(1).map((at, i) => at - attempts[i])
      // 20, 40, 80, 160 ms apart, give or take the refused connection's own time.
      expect(gaps[3]).toBeGreaterThan(gaps[0])
      expect(gaps[3]).toBeGreaterThanOrEqual(150)
      expect(warn.mock.calls[0][0]).toMatch(/LISTEN catalogue_changed: connection lost .*trying again/)
    } finally {
      await listener.stop()
      warn.mockRestore()
    }
    const made = attempts.length
    await new Promise((r) => setTimeout(r, 400))
    expect(attempts.length).toBe(made)
  })
})

// PGlite is one session in this process (no connection of its own to LISTEN on): the tests above run its
// apps without a listener, reading the counter on each request; a real server runs these.
describe.skipIf(process.env.TEST_DB !== 'postgres')('on PostgreSQL, two instances listening', () => {
  let stops: (() => Promise<unknown>)[] = []
  afterEach(async () => {
    await Promise.all(stops.map((stop) => stop()))
    stops = []
  })
  /** An instance over its own pool to the test's database, listening; closed after the test. */
  function listeningInstance(timings: Partial<ListenTimings> = {}, slowNotifyMs = 0, gateway?: Gateway) {
    const opened = t.connectAgain()
    const { db, sent } = counting(opened.db)
    const connect = slowNotifyMs
      ? lateNotifications(opened.connectAlone!, slowNotifyMs)
      : opened.connectAlone!
    const made = instance(db, connect, timings, gateway)
    stops.push(async () => {
      await made.watch!.stop()
      await opened.close()
    })
    return { ...made, sent, watch: made.watch! }
  }
  const listenerBackends = async () =>
    (
      await sql<{ pid: number }>`SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = 'listen catalogue_changed'`.execute(t.db)
    ).rows.map((r) => r.pid)

  it('answers the catalogue from memory with no query at all while nothing changes', async () => {
    const a = listeningInstance()
    await until(() => a.watch.listening, 'the listener')
    await a.products() // reads the counter once after LISTEN, builds the answer
    a.sent.queries = 0
    for (let i = 0; i < 20; i++) expect((await a.app.request('/api/add/products/')).status).toBe(200)
    expect(a.sent.queries).toBe(0)

    // The same count without a listener: one counter read per request (the plugin does count them).
    const { db, sent } = counting(t.db)
    const unheard = instance(db, null)
    await unheard.products()
    sent.queries = 0
    for (let i = 0; i < 20; i++) await unheard.products()
    expect(sent.queries).toBe(20)
  })

  it("an edit through A shows on A's very next request, and on B's once the notification arrives", async () => {
    // A's notifications arrive a second late: its own edit must show without them.
    const a = listeningInstance({}, 1000)
    const b = listeningInstance()
    await until(() => a.watch.listening && b.watch.listening, 'both listeners')
    const [first] = await a.products()
    await b.products()
    a.sent.queries = 0
    b.sent.queries = 0

    const form = new FormData()
    form.set('price', '4321')
    expect((await admin.onInstance(a.app).post(`add/produts/${first.id}/`, form)).status).toBe(201)
    expect(priceOf(await a.products(), first.id)).toBe(4321)
    await until(async () => priceOf(await b.products(), first.id) === 4321, "B's list to show the edit")
    // Then both are back to answering from memory.
    a.sent.queries = 0
    b.sent.queries = 0
    await a.products()
    await b.products()
    expect(a.sent.queries + b.sent.queries).toBe(0)

    // A write A did not make (another instance's settlement): A hears it only through its late notification.
    await t.db.updateTable('products').set({ price_kobo: 55_500 }).where('id', '=', first.id).execute()
    expect(priceOf(await a.products(), first.id)).toBe(4321)
    await until(async () => priceOf(await a.products(), first.id) === 555, "A's late notification")
    await until(async () => priceOf(await b.products(), first.id) === 555, "B's notification")
  })

  it("stock a payment settled on A takes shows on A's very next request", async () => {
    // A provider that reports every payment paid in full.
    const asked = new Map<string, number>()
    const gateway: Gateway = {
      name: 'always-paid',
      initiate: async (request) => {
        asked.set(request.txRef, request.amountKobo)
        return `https://pay.example.test/${request.txRef}`
      },
      verify: async (txRef) => ({
        status: 'successful',
        txRef,
        transactionId: '1',
        amountKobo: asked.get(txRef)!,
        currency: 'NGN',
      }),
      refund: () => Promise.reject(new Error('nothing is refunded here')),
    }
    const a = listeningInstance({}, 1000, gateway)
    await until(() => a.watch.listening, 'the listener')
    const product = (await a.products()).find((p) => p.stock > 1)!
    const buyer = customer.onInstance(a.app)
    expect((await buyer.post(`cart/${product.id}/`)).status).toBe(200)
    const started = await buyer.post('api/initiate-payment/')
    expect(started.status).toBe(200)
    const txRef = decodeURIComponent(new URL(started.body.payment_url).pathname.split('/').pop()!)
    expect((await buyer.post('verify/', { tx_ref: txRef, status: 'successful' })).status).toBe(201)
    expect((await a.products()).find((p) => p.id === product.id)!.stock).toBe(product.stock - 1)
  })

  it('with its listener cut, an instance reads the counter on each request, reconnects, and re-reads once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const a = listeningInstance({ firstRetryMs: 1000 })
      await until(() => a.watch.listening, 'the listener')
      const [first] = await a.products()
      const pid = a.watch.pid!
      expect(await listenerBackends()).toContain(pid)

      await sql`SELECT pg_terminate_backend(${pid})`.execute(t.db)
      await until(() => !a.watch.listening, 'the listener to notice')
      // Not listening: every request reads the counter, so another writer's edit shows at once.
      await t.db.updateTable('products').set({ price_kobo: 12_300 }).where('id', '=', first.id).execute()
      a.sent.queries = 0
      expect(priceOf(await a.products(), first.id)).toBe(123)
      await a.products()
      expect(a.sent.queries).toBeGreaterThanOrEqual(2)

      // Written while nobody listens and nobody asks: the notification is lost, the reconnection covers it.
      await t.db.updateTable('products').set({ price_kobo: 45_600 }).where('id', '=', first.id).execute()
      await until(() => a.watch.listening, 'the reconnection')
      expect(a.watch.pid).not.toBe(pid)
      expect(priceOf(await a.products(), first.id)).toBe(456)
      a.sent.queries = 0
      await a.products()
      expect(a.sent.queries).toBe(0)
      expect(warn.mock.calls.some(([m]) => /LISTEN catalogue_changed: connection lost/.test(String(m)))).toBe(
        true,
      )

      // And stopping closes its connection.
      await a.watch.stop()
      await until(async () => (await listenerBackends()).length === 0, 'the listener backend to go')
    } finally {
      warn.mockRestore()
    }
  })
})
