/**
 * npm run bench:instances (after `npm run build`; starts its own PostgreSQL through
 * scripts/with-postgres.sh): throughput of the built server on SQLite (one instance, the default) and
 * on PostgreSQL with one and with two instances over one database, in the same run, with the same load:
 * - GET /api/add/products/ (the catalogue every visitor loads), keep-alive, pipelined;
 * - POST /api/appointment/ (a logged-in customer books), LOAD.connections concurrent customers, each a
 *   session.
 * Two instances share the load as a round-robin balancer would (half the connections each). Prints
 * req/s and the ratio to SQLite; never fails on a figure. On a 2-core machine the instances, the
 * database and the load generator share the cores: read the ratios, not the absolute numbers.
 * Env: BENCH_SECONDS (default 5), BENCH_PORT (default 4795; 2 instances use it and the next).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type pg from 'pg'
import { withPgClient } from '../pg-client'
import { CATALOGUE, LOAD, pipelinedGets, root, stopServer, waitUp } from './http-load'

const PORT = Number(process.env.BENCH_PORT ?? 4795)
const ADMIN = { email: 'admin@bench.ng', password: 'bench-admin-password' }
const serverUrl = process.env.TEST_DATABASE_URL
if (!serverUrl) throw new Error('run it as `npm run bench:instances` (it starts PostgreSQL for you)')

function startInstance(port: number, env: Record<string, string>) {
  return spawn(process.execPath, [path.resolve(root, 'dist-server/api/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Bookings from 32 sessions a second are the load here, not an attack.
      LOGIN_IP_FREE_ATTEMPTS: '1000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

const loadCatalogue = (ports: number[]) =>
  pipelinedGets({
    ports,
    path: CATALOGUE,
    headers: { 'Accept-Encoding': 'gzip, br' },
    ...LOAD,
  })

/** A logged-in customer of one instance: its cookies and CSRF token. */
async function customerOn(port: number, n: number) {
  const base = `http://localhost:${port}/api/`
  const cookies = new Map<string, string>()
  const call = async (method: string, p: string, body?: unknown, csrf = '') => {
    const res = await fetch(base + p, {
      method,
      headers: {
        ...(body ? { 'Content-Type': 'application/json' } : {}),
        ...(csrf ? { 'X-CSRFToken': csrf } : {}),
        Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: body ? JSON.stringify(body) : undefined,
    })
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const [name, ...rest] = pair.split('=')
      cookies.set(name.trim(), rest.join('='))
    }
    return res
  }
  const email = `bench-${n}-${randomUUID().slice(0, 8)}@bench.ng`
  let token = ((await (await call('GET', 'token')).json()) as { token: string }).token
  const registered = await call(
    'POST',
    'register/',
    { fullName: 'Bench Customer', email, password: 'password-123' },
    token,
  )
  if (registered.status !== 200) throw new Error(`register: ${registered.status} ${await registered.text()}`)
  const login = await call('POST', 'login/', { username: email, password: 'password-123' }, token)
  if (login.status !== 200) throw new Error(`login: ${login.status}`)
  token = ((await (await call('GET', 'token')).json()) as { token: string }).token
  return { call, token }
}

/** LOAD.connections customers (spread over `ports`) each booking one appointment after another. */
async function loadBookings(ports: number[]) {
  const customers = await Promise.all(
    Array.from({ length: LOAD.connections }, (_, i) => customerOn(ports[i % ports.length], i)),
  )
  const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)
  let done = 0
  let wrong = 0
  let stop = false
  const started = performance.now()
  setTimeout(() => (stop = true), LOAD.seconds * 1000)
  await Promise.all(
    customers.map(async (c) => {
      while (!stop) {
        const res = await c.call(
          'POST',
          'appointment/',
          {
            phone_number: '08031234567',
            location: '12 Bode Thomas St, Surulere',
            service: 'fumigation',
            date,
            time: '10:00',
            info: '',
          },
          c.token,
        )
        await res.arrayBuffer()
        if (res.status === 201) done++
        else wrong++
      }
    }),
  )
  return { rps: done / ((performance.now() - started) / 1000), wrong }
}

const withAdmin = <T>(work: (c: pg.Client) => Promise<T>) => withPgClient(serverUrl!, work)

type Setup = { name: string; instances: number; engine: 'sqlite' | 'postgres' }
const setups: Setup[] = [
  { name: 'SQLite, 1 instance', instances: 1, engine: 'sqlite' },
  { name: 'PostgreSQL, 1 instance', instances: 1, engine: 'postgres' },
  { name: 'PostgreSQL, 2 instances', instances: 2, engine: 'postgres' },
]
const results: {
  setup: Setup
  catalogue: { rps: number; wrong: number }
  bookings: { rps: number; wrong: number }
}[] = []

for (const setup of setups) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-bench-instances-'))
  const database = `gs_bench_${randomUUID().replaceAll('-', '')}`
  let env: Record<string, string> = {
    DATABASE_PATH: path.join(dataDir, 'app.db'),
    MEDIA_DIR: path.join(dataDir, 'media'),
  }
  if (setup.engine === 'postgres') {
    await withAdmin((c) => c.query(`CREATE DATABASE ${database}`))
    const u = new URL(serverUrl)
    u.pathname = `/${database}`
    env = { ...env, DATABASE_URL: u.toString() }
  }
  const ports = Array.from({ length: setup.instances }, (_, i) => PORT + i)
  // The first instance migrates and seeds; the second starts on a ready database.
  const children: ChildProcess[] = []
  try {
    for (const port of ports) {
      const child = startInstance(port, env)
      children.push(child)
      await waitUp(child, `http://localhost:${port}${CATALOGUE}`)
    }
    await loadCatalogue(ports) // warm-up
    const catalogue = await loadCatalogue(ports)
    const bookings = await loadBookings(ports)
    results.push({ setup, catalogue, bookings })
  } finally {
    await Promise.all(children.map(stopServer))
    if (setup.engine === 'postgres')
      await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`))
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

const base = results[0]
console.log(
  `${os.cpus().length} cores; ${LOAD.connections} connections; ${LOAD.seconds} s per measure; same run`,
)
console.log('| setup | catalogue GET req/s | vs SQLite | booking POST req/s | vs SQLite |')
console.log('|---|---|---|---|---|')
for (const r of results) {
  const flag = (x: { wrong: number }) => (x.wrong ? ` (${x.wrong} failed)` : '')
  console.log(
    `| ${r.setup.name} | ${Math.round(r.catalogue.rps)}${flag(r.catalogue)} | ${(r.catalogue.rps / base.catalogue.rps).toFixed(2)} | ` +
      `${Math.round(r.bookings.rps)}${flag(r.bookings)} | ${(r.bookings.rps / base.bookings.rps).toFixed(2)} |`,
  )
}
