import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import { withPgClient } from '../pg-client'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productForm } from './helpers'
import { freePort, killHard, LiveClient, startLiveServer, type LiveServer } from './live-server'

/**
 * Two server processes behind one (imaginary) load balancer, over one PostgreSQL database: whatever
 * one instance learns, the other must know. Needs a PostgreSQL server (TEST_DATABASE_URL, as
 * `npm run test:postgres` and .ci/run provide); PGlite lives inside one process, so it cannot stand in.
 */
const serverUrl = process.env.TEST_DATABASE_URL
const ADMIN = { email: 'admin@multi.ng', password: 'multi-admin-password' }
const MAX_LOGIN_TRIES = 4

let dir: string
let database: string
let databaseUrl: string
let a: LiveServer
let b: LiveServer

const admin = <T>(work: (c: pg.Client) => Promise<T>, url = serverUrl!) => withPgClient(url, work)
const query = async (text: string, values: unknown[] = []) =>
  admin(async (c) => (await c.query(text, values)).rows, databaseUrl)

describe.skipIf(!serverUrl)('two instances over one PostgreSQL database', () => {
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-multi-'))
    database = `gs_multi_${randomUUID().replaceAll('-', '')}`
    await admin((c) => c.query(`CREATE DATABASE ${database}`))
    const u = new URL(serverUrl!)
    u.pathname = `/${database}`
    databaseUrl = u.toString()
    const env = {
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_MAX_ATTEMPTS: String(MAX_LOGIN_TRIES),
      // Each instance gets its own folder: nothing may be shared through the disk.
      SCRYPT_N: '4096',
    }
    const [portA, portB] = [await freePort(), await freePort()]
    // Started together on an empty database: the migration lock makes one migrate and seed, the
    // other wait and find it done.
    ;[a, b] = await Promise.all([
      startLiveServer(path.join(dir, 'a'), portA, env),
      startLiveServer(path.join(dir, 'b'), portB, env),
    ])
  }, 90_000)

  afterAll(async () => {
    if (a) await killHard(a)
    if (b) await killHard(b)
    if (database) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`))
    if (dir) fs.rmSync(dir, { recursive: true, force: true })
  })

  it('migrated and seeded once although both started at the same moment', async () => {
    const admins = await query("SELECT COUNT(*)::int AS n FROM users WHERE role = 'admin'")
    expect(admins[0].n).toBe(1)
    const migrations = await query('SELECT name FROM schema_migrations ORDER BY name')
    expect(new Set(migrations.map((m) => m.name)).size).toBe(migrations.length)
  })

  it('a session made on one instance works on the other', async () => {
    const onA = new LiveClient(a)
    await onA.login(ADMIN)
    const onB = new LiveClient(b)
    onB.cookies = new Map(onA.cookies)
    onB.csrf = onA.csrf
    const me = await onB.request('GET', 'auth_check')
    expect(me.status).toBe(200)
    expect(me.body.email).toBe(ADMIN.email)
    // And a write with the CSRF token the other instance issued.
    const written = await onB.request('POST', 'quick/message/', {
      name: 'Ada',
      email: 'ada@example.ng',
      message: 'Do you treat bed bugs in Ikeja?',
    })
    expect(written.status).toBe(201)
  })

  it('an image uploaded to one instance is served by the other', async () => {
    const onA = new LiveClient(a)
    await onA.login(ADMIN)
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2a7' } })
      .jpeg()
      .toBuffer()
    const form = productForm(
      { name: 'Ant Powder 250g', category: 'Pest Control', description: 'Dust', price: '1500', stock: '5' },
      { bytes: photo, name: 'ants.jpg' },
    )
    const created = await fetch(a.url('add/products/'), {
      method: 'POST',
      headers: { Cookie: onA.cookieHeader, 'X-CSRFToken': onA.csrf },
      body: form,
    })
    expect(created.status).toBe(201)
    const { image } = (await created.json()) as { image: string }

    const served = await fetch(b.url(image))
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/jpeg')
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
    expect([meta.width, meta.height]).toEqual([900, 600])
  })

  it('login throttling counts the tries made on both instances', async () => {
    const email = 'throttled@multi.ng'
    const register = await new LiveClient(a).signUp({
      fullName: 'Tunde Bello',
      email,
      password: 'right-password-1',
    })
    expect(register.status).toBe(200)
    const attempt = async (server: LiveServer, password: string) => {
      const c = new LiveClient(server)
      await c.fetchToken()
      return (await c.request('POST', 'login/', { username: email, password })).status
    }
    // Half the allowed failures on each instance: each alone would still let the attacker go on.
    for (let i = 0; i < MAX_LOGIN_TRIES / 2; i++) {
      expect(await attempt(a, 'wrong-password')).toBe(401)
      expect(await attempt(b, 'wrong-password')).toBe(401)
    }
    expect(await attempt(a, 'right-password-1')).toBe(429)
    expect(await attempt(b, 'right-password-1')).toBe(429)
  })

  it('20 buyers of the last unit, spread over both instances at once: one order', async () => {
    const [product] = await query("SELECT id FROM products WHERE stock > 0 AND image LIKE '%.svg' LIMIT 1")
    await query('UPDATE products SET stock = 1 WHERE id = $1', [product.id])
    const buyers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const server = i % 2 ? b : a
        const email = `buyer${i}@multi.ng`
        const c = new LiveClient(server)
        expect((await c.signUp({ fullName: 'Bola Ade', email, password: 'password-123' })).status).toBe(200)
        await c.login({ email, password: 'password-123' })
        expect((await c.request('POST', `cart/${product.id}/`)).status).toBe(200)
        return c
      }),
    )
    const answers = await Promise.all(buyers.map((c) => c.request('POST', 'api/initiate-payment/')))
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1)
    expect(answers.filter((r) => r.status === 409)).toHaveLength(19)

    // The winner pays on the sandbox page of one instance and lands back on the other.
    const winner = answers.find((r) => r.status === 200)!
    const payUrl = new URL(winner.body.payment_url as string)
    const other = payUrl.port === String(a.port) ? b : a
    const page = await fetch(`http://127.0.0.1:${other.port}${payUrl.pathname}`)
    expect(page.status).toBe(200)
    const signature = /name="signature" value="([^"]+)"/.exec(await page.text())![1]
    const paid = await fetch(`http://127.0.0.1:${other.port}${payUrl.pathname}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome: 'success', signature }).toString(),
      redirect: 'manual',
    })
    expect(paid.status).toBe(303)
    const back = new URL(paid.headers.get('location')!)
    const landed = await fetch(`http://127.0.0.1:${a.port}${back.pathname}${back.search}`, {
      redirect: 'manual',
    })
    expect(landed.status).toBe(303)

    const orders = await query(
      "SELECT COUNT(*)::int AS n FROM orders WHERE payment_id IN (SELECT id FROM payments WHERE tx_ref LIKE 'GS-%')",
    )
    expect(orders[0].n).toBe(1)
    const [left] = await query('SELECT stock FROM products WHERE id = $1', [product.id])
    expect(Number(left.stock)).toBe(0)
  })

  it("a product edited anywhere shows in both instances' catalogue, each listening on its own connection", async () => {
    const listeners = await query(
      "SELECT COUNT(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'listen catalogue_changed'",
    )
    expect(listeners[0].n).toBe(2)
    const priceOn = async (server: LiveServer, id: number) =>
      ((await (await fetch(server.url('add/products/'))).json()) as { id: number; price: number }[]).find(
        (p) => p.id === id,
      )!.price
    const [product] = await query('SELECT id::int AS id FROM products ORDER BY id LIMIT 1')
    // Both answers cached.
    await priceOn(a, product.id)
    await priceOn(b, product.id)

    // Through A: A's very next answer shows it, B's once the notification arrives.
    const onA = new LiveClient(a)
    await onA.login(ADMIN)
    const form = new FormData()
    form.set('price', '2468')
    const edited = await fetch(a.url(`add/produts/${product.id}/`), {
      method: 'POST',
      headers: { Cookie: onA.cookieHeader, 'X-CSRFToken': onA.csrf },
      body: form,
    })
    expect(edited.status).toBe(201)
    expect(await priceOn(a, product.id)).toBe(2468)
    await expect.poll(() => priceOn(b, product.id), { timeout: 5000 }).toBe(2468)

    // By neither (a script, another service): both hear it.
    await query('UPDATE products SET price_kobo = 135700 WHERE id = $1', [product.id])
    await expect.poll(() => priceOn(a, product.id), { timeout: 5000 }).toBe(1357)
    await expect.poll(() => priceOn(b, product.id), { timeout: 5000 }).toBe(1357)
  })
})
