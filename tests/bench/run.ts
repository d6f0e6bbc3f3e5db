/**
 * npm run bench: what the outbox costs. Replays 1,000 queued bookings against the real API
 * (app.request(), a temporary SQLite file, Dexie over fake-indexeddb) and compares with a baseline
 * measured in the same process: the same 1,000 posts sent directly, without the outbox. Then a
 * technician's day (staff-day.ts): its replay against the same calls sent directly, and its bytes on the wire.
 * Figures are printed as ratios; nothing here passes or fails on timing.
 */
import 'fake-indexeddb/auto'
import { performance } from 'node:perf_hooks'
import { BUSINESS_TIME_ZONE, todayIso } from '../../contract/dates'
import { AppDatabase } from '../../src/offline/db'
import { CUSTOMER, makeTestApp } from '../api/helpers'
import { appFetch } from '../offline/app-fetch'
import { entry } from '../offline/helpers'
import { timedReplay, UNLIMITED } from './outbox'
import { describeStaffDay, staffDay } from './staff-day'

const POSTS = Number(process.env.BENCH_POSTS ?? 1000)
const date = todayIso(new Date(Date.now() + 36 * 3600_000), BUSINESS_TIME_ZONE)
const booking = (i: number) => ({
  phone_number: '0803 123 4567',
  location: `${i} Allen Avenue, Ikeja`,
  service: i % 2 ? 'fumigation' : 'cleaning',
  date,
  time: '10:00',
  info: `bench ${i}`,
})

async function setup() {
  const ctx = await makeTestApp(UNLIMITED)
  const browser = appFetch(ctx.app)
  const { id: userId } = await browser.login(CUSTOMER)
  const count = async () =>
    Number(
      (
        await ctx.db
          .selectFrom('bookings')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  return { ctx, browser, userId, count }
}

/** Baseline: each booking posted straight to the API with its own Idempotency-Key, as a form would. */
async function direct(posts = POSTS) {
  const { ctx, browser, count } = await setup()
  const before = await count()
  const token = await browser.token()
  const start = performance.now()
  for (let i = 0; i < posts; i++) {
    const res = await browser.fetch('/api/appointment/', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-CSRFToken': token,
        'Idempotency-Key': crypto.randomUUID(),
      },
      body: JSON.stringify(booking(i)),
    })
    if (res.status !== 201) throw new Error(`direct post ${i}: ${res.status} ${await res.text()}`)
  }
  const ms = performance.now() - start
  const created = (await count()) - before
  ctx.close()
  return { ms, created }
}

/** The outbox: 1,000 entries queued in Dexie (timed apart), then one replay sends them all. */
async function outbox() {
  const { ctx, browser, userId, count } = await setup()
  const before = await count()
  const db = new AppDatabase(`bench-${crypto.randomUUID()}`)
  const now = Date.now()
  const entries = Array.from({ length: POSTS }, (_, i) =>
    entry({ kind: 'appointment', path: 'appointment/', body: booking(i), userId, createdAt: now + i }),
  )
  const queueStart = performance.now()
  for (const entry of entries) await db.outbox.add(entry) // one add per post, as the forms do
  const queueMs = performance.now() - queueStart

  const { result, ms } = await timedReplay(db, browser, userId)
  const created = (await count()) - before
  const left = await db.outbox.count()
  db.close()
  ctx.close()
  if (result.sent !== POSTS || left !== 0) throw new Error(`replay sent ${result.sent}, ${left} left`)
  return { ms, queueMs, created }
}

// Warm up (JIT, module loading) on a small run before measuring.
await direct(50)

const baseline = await direct()
const replay = await outbox()
const fmt = (ms: number) => `${ms.toFixed(0)} ms (${((ms / POSTS) * 1000).toFixed(0)} µs/post)`

console.log(`\nOutbox replay benchmark: ${POSTS} bookings against the real API (app.request, SQLite)\n`)
console.log(
  `  baseline: ${POSTS} direct POSTs          ${fmt(baseline.ms)}, ${baseline.created} bookings created`,
)
console.log(`  outbox: queue ${POSTS} entries in Dexie   ${fmt(replay.queueMs)}`)
console.log(
  `  outbox: replay ${POSTS} entries           ${fmt(replay.ms)}, ${replay.created} bookings created`,
)
console.log(`\n  replay / baseline:            ${(replay.ms / baseline.ms).toFixed(2)}x`)
console.log(`  (queue + replay) / baseline:  ${((replay.queueMs + replay.ms) / baseline.ms).toFixed(2)}x`)
console.log(
  "\n  (fake-indexeddb stands in for the browser's IndexedDB: ratios, not absolute browser timings.)",
)

console.log('')
const day = await staffDay({ rounds: Number(process.env.BENCH_DAY_ROUNDS ?? 3) })
console.log(describeStaffDay(day).join('\n'))
