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
 * Env: BENCH_SECONDS (default 5), BENCH_PORT (default 4795; 2 instances use it and the next),
 * BENCH_ROUNDS (default 1: each setup measured that many times, in turn, and the median printed),
 * BENCH_ONLY=catalogue (skip the bookings), BENCH_SERVER_ENTRY (another build's server, e.g. the one
 * before a change, to compare both in the same window).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type pg from 'pg'
import { withPgClient } from '../pg-client'
import { builtServer, CATALOGUE, LOAD, pipelinedGets, root, stopServer, waitUp } from './http-load'

const PORT = Number(process.env.BENCH_PORT ?? 4795)
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1))
const BOOKINGS = process.env.BENCH_ONLY !== 'catalogue'
const ENTRY = builtServer(path.resolve(root, process.env.BENCH_SERVER_ENTRY ?? 'dist-server/api/server.js'))
const ADMIN = { email: 'admin@bench.ng', password: 'bench-admin-password' }
const serverUrl = process.env.TEST_DATABASE_URL
if (!serverUrl) throw new Error('run it as `npm run bench:instances` (it starts PostgreSQL for you)')

function startInstance(port: number, env: Record<string, string>) {
  return spawn(process.execPath, [ENTRY], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Bookings from 32 sessions a second, all from this address, are the load here, not an attack.
      LOGIN_IP_FREE_ATTEMPTS: '1000000',
      SUBMIT_LIMIT_PER_ADDRESS: '1000000',
      SUBMIT_LIMIT_PER_ACCOUNT: '1000000',
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
        const text = await res.text()
        if (res.status === 201) done++
        else if (!wrong++) console.log(`a booking failed: ${res.status} ${text.slice(0, 200)}`)
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
type Measure = { rps: number; wrong: number }
/** Each setup's measures, one per round. */
const results = setups.map((setup) => ({
  setup,
  catalogue: [] as Measure[],
  bookings: [] as Measure[],
}))

async function measure(setup: Setup) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-bench-instances-'))
  const database = `gs_bench_${randomUUID().replaceAll('-', '')}`
  let env: Record<string, string> = {
    DATABASE_PATH: path.join(dataDir, 'app.db'),
    MEDIA_DIR: path.join(dataDir, 'media'),
  }
  if (setup.engine === 'postgres') {
    await withAdmin((c) => c.query(`CREATE DATABASE ${database}`))
    const u = new URL(serverUrl!)
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
    const bookings = BOOKINGS ? await loadBookings(ports) : null
    return { catalogue, bookings }
  } finally {
    await Promise.all(children.map(stopServer))
    if (setup.engine === 'postgres')
      await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`))
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

// Rounds go through every setup in turn, so a burst of load from elsewhere on a shared machine falls on
// one round of each rather than on all of one setup.
for (let round = 1; round <= ROUNDS; round++) {
  for (const r of results) {
    const { catalogue, bookings } = await measure(r.setup)
    r.catalogue.push(catalogue)
    if (bookings) r.bookings.push(bookings)
    if (ROUNDS > 1)
      console.log(
        `round ${round}, ${r.setup.name}: catalogue ${Math.round(catalogue.rps)} req/s` +
          (bookings ? `, bookings ${Math.round(bookings.rps)} req/s` : ''),
      )
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
/** The median over rounds of this setup's figure divided by the other's in the same round. */
const ratio = (mine: Measure[], theirs: Measure[]) => median(mine.map((m, i) => m.rps / theirs[i].rps))
const failed = (ms: Measure[]) => {
  const n = ms.reduce((sum, m) => sum + m.wrong, 0)
  return n ? ` (${n} failed)` : ''
}

const [sqlite, pg1] = results
console.log(
  `${os.cpus().length} cores; ${LOAD.connections} connections; ${LOAD.seconds} s per measure; ` +
    `${ROUNDS} round${ROUNDS > 1 ? 's, medians' : ''}; same run; server ${path.relative(root, ENTRY)}`,
)
console.log(
  '| setup | catalogue GET req/s | vs SQLite | vs PostgreSQL, 1 instance |' +
    (BOOKINGS ? ' booking POST req/s | vs SQLite |' : ''),
)
console.log(`|---|---|---|---|${BOOKINGS ? '---|---|' : ''}`)
for (const r of results) {
  console.log(
    `| ${r.setup.name} | ${Math.round(median(r.catalogue.map((m) => m.rps)))}${failed(r.catalogue)} | ` +
      `${ratio(r.catalogue, sqlite.catalogue).toFixed(2)} | ` +
      `${r.setup.engine === 'postgres' ? ratio(r.catalogue, pg1.catalogue).toFixed(2) : ''} |` +
      (BOOKINGS
        ? ` ${Math.round(median(r.bookings.map((m) => m.rps)))}${failed(r.bookings)} | ` +
          `${ratio(r.bookings, sqlite.bookings).toFixed(2)} |`
        : ''),
  )
}
