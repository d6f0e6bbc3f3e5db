/**
 * A technician's full day synced once data returns: 8 jobs, each: on my way, arrived, a before photo,
 * started, two treatments, an after photo, the completion (64 queued updates, 16 photos of a real phone
 * size), against the real API (app.request(), a temporary SQLite file).
 *
 * - outbox: the day replayed from Dexie (fake-indexeddb) as the page does it (src/offline/sync.ts):
 *   a fresh CSRF token, the session check, the replay, the answers folded into the saved job sheet
 *   (applyConfirmed), and the refreshes of the sheet the replay's announcements set off (each one: the
 *   sheet's query refetches the jobs and the catalogue, as downloadDay does). Timed until all of it landed.
 * - direct: the same 64 calls sent one after the other, straight to the API (the baseline).
 *
 * Rounds are interleaved (direct, outbox, direct, outbox...) after a warm-up pair, and the median ratio is
 * reported, since the machine is shared. Also the bytes a day's sync puts on the wire, photo bytes apart:
 * the morning download, the replay's requests and answers, the refreshes. Prints figures; passes or fails
 * on nothing. `npx tsx tests/bench/staff-day.ts` (BENCH_ROUNDS=n for more rounds).
 */
import 'fake-indexeddb/auto'
import { gzipSync } from 'node:zlib'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import type { Job } from '../../contract/staff'
import { AppDatabase } from '../../src/offline/db'
import { applyConfirmed } from '../../src/offline/confirmed'
import { replayOutbox, type ReplayResult } from '../../src/offline/replay'
import { jobUpdates, type JobUpdate } from '../../src/features/staff/jobs'
import '../../src/features/staff/offline'
import { ADMIN, Client, makeTestApp } from '../api/helpers'
import { appFetch } from '../offline/app-fetch'
import { detailedPhoto } from '../photo'
import { TECH, addTechnician, book, completion, treatment } from '../api/staff-helpers'
import { deps, entry } from '../offline/helpers'
import { UNLIMITED } from './outbox'

const JOBS = 8

/**
 * What a browser adds to every request on the wire that app.request() does not see (request line, Host,
 * User-Agent, Accept-*, Origin, Referer, sec-fetch-*), and to every answer (status line, Date,
 * Content-Length, Connection): an HTTP/1.1 estimate, so header-heavy chatter is not counted as free.
 */
const BROWSER_REQUEST_HEADERS = 450
const TRANSPORT_RESPONSE_HEADERS = 100
/** The server compresses API answers over 1 KB (api/start-server.ts); the catalogue brings its own. */
const COMPRESS_OVER = 1024

/** A 1280x960 JPEG at quality 0.7 with detail: what the phone stores after its resize (~150-200 KB). */
const phonePhoto = (seed: number) =>
  detailedPhoto({ width: 1280, height: 960, blotches: [64, 48], quality: 70, seed })

/** Bytes on the wire, photo bytes apart, and how many requests made them. */
class Wire {
  requests = 0
  bytes = 0
  add(other: Wire) {
    this.requests += other.requests
    this.bytes += other.bytes
  }
}

const headerBytes = (headers: Headers) => {
  let n = 0
  headers.forEach((value, name) => (n += name.length + value.length + 4))
  return n
}

/** A request body's size on the wire, a file part's bytes apart (its part headers still count). */
function bodyBytes(body: BodyInit | null | undefined): number {
  if (body === undefined || body === null) return 0
  if (typeof body === 'string') return Buffer.byteLength(body)
  if (body instanceof FormData) {
    const boundary = 2 + 40 + 2
    let n = boundary + 2
    for (const [name, value] of body) {
      n += boundary + `Content-Disposition: form-data; name="${name}"`.length + 4
      n += typeof value === 'string' ? Buffer.byteLength(value) : `; filename="${value.name}"`.length + 30
    }
    return n
  }
  throw new Error(`unmeasured body ${Object.prototype.toString.call(body)}`)
}

/** A fetch that counts what it sends and receives into `wire()` (switchable, so phases count apart). */
function measured(fetch: typeof globalThis.fetch) {
  let current = new Wire()
  const counting: typeof globalThis.fetch = async (input, init) => {
    const res = await fetch(input, init)
    const body = new Uint8Array(await res.clone().arrayBuffer())
    const compressed =
      body.length > COMPRESS_OVER && !res.headers.has('Content-Encoding')
        ? gzipSync(body).length
        : body.length
    current.requests++
    current.bytes +=
      BROWSER_REQUEST_HEADERS +
      headerBytes(new Headers(init?.headers)) +
      bodyBytes(init?.body) +
      TRANSPORT_RESPONSE_HEADERS +
      headerBytes(res.headers) +
      compressed
    return res
  }
  return {
    fetch: counting,
    /** Starts counting into a new tally and returns it. */
    phase: () => (current = new Wire()),
  }
}

async function dayOfJobs() {
  const t = await makeTestApp(UNLIMITED)
  const admin = new Client(t.app)
  await admin.login(ADMIN)
  const customer = new Client(t.app)
  await customer.login({ email: 'customer@test.ng', password: 'customer-password-1' })
  const { id: techId } = await addTechnician(t.app, admin)
  const jobIds: number[] = []
  for (let i = 0; i < JOBS; i++) {
    const id = await book(customer, { time: `${String(7 + i * 2).padStart(2, '0')}:00` })
    const res = await admin.post(`admins/bookings/${id}/assign/`, { staff_id: techId })
    if (res.status !== 200) throw new Error(JSON.stringify(res.body))
    jobIds.push(id)
  }
  const browser = appFetch(t.app)
  const { id: userId } = await browser.login(TECH)
  return { t, browser, userId, jobIds }
}

function updatesFor(jobIds: number[], photo: Buffer) {
  const blob = () => new Blob([new Uint8Array(photo)], { type: 'image/jpeg' })
  const at = () => new Date().toISOString()
  const updates: JobUpdate[] = []
  for (const id of jobIds) {
    updates.push(
      jobUpdates.event(id, { type: 'on_my_way', occurred_at: at() }),
      jobUpdates.event(id, { type: 'arrived', occurred_at: at() }),
      jobUpdates.photo(id, { id: crypto.randomUUID(), kind: 'before', taken_at: at(), blob: blob() }),
      jobUpdates.event(id, { type: 'started', occurred_at: at() }),
      jobUpdates.treatment(id, treatment() as never),
      jobUpdates.treatment(id, treatment({ product_name: 'Gel bait', unit: 'tubes', quantity: 2 }) as never),
      jobUpdates.photo(id, { id: crypto.randomUUID(), kind: 'after', taken_at: at(), blob: blob() }),
      jobUpdates.complete(id, completion() as never),
    )
  }
  return updates
}

/**
 * The job sheet's query (useJobsRefresh -> downloadDay): the jobs and the catalogue, saved on the device.
 * The catalogue is revalidated with its ETag as the browser's cache does (a 304 after the first time).
 */
function jobSheet(db: AppDatabase, fetch: typeof globalThis.fetch, userId: number) {
  let catalogueTag: string | null = null
  return async () => {
    const [jobsRes, productsRes] = await Promise.all([
      fetch('/api/staff/jobs/'),
      fetch('/api/add/products/', { headers: catalogueTag ? { 'If-None-Match': catalogueTag } : {} }),
    ])
    const jobs = (await jobsRes.json()) as Job[]
    catalogueTag = productsRes.headers.get('ETag') ?? catalogueTag
    const products = productsRes.status === 200 ? await productsRes.json() : null
    await db.transaction('rw', db.jobs, db.products, async () => {
      await db.jobs.where('userId').equals(userId).delete()
      await db.jobs.bulkPut(jobs.map((j) => ({ ...j, userId })))
      if (products) await db.products.bulkPut(products)
    })
  }
}

/**
 * How the page announces what a replay sent (src/offline/sync.ts): each announcement refreshes every
 * private query on screen, here the job sheet. `per-entry` is how the page did it before (onSent, once per
 * sent entry); `per-replay`, once a replay that sent anything is over.
 */
export type Announcing = 'per-entry' | 'per-replay'
const ANNOUNCING: Announcing = 'per-replay'

async function viaOutbox(photo: Buffer, announcing: Announcing) {
  const { t, browser, userId, jobIds } = await dayOfJobs()
  const wire = measured(browser.fetch)
  const db = new AppDatabase(`bench-${crypto.randomUUID()}`)
  const refreshSheet = jobSheet(db, wire.fetch, userId)
  const morning = wire.phase()
  await refreshSheet()
  const updates = updatesFor(jobIds, photo)
  let clock = Date.now()
  await db.outbox.bulkAdd(updates.map((u) => entry({ ...u, userId, createdAt: ++clock, keepAnswer: true })))

  const replay = wire.phase()
  const refreshes: Promise<void>[] = []
  const refreshing = new Wire()
  // The refreshes count apart from the replay's own requests.
  const refresh = () => {
    const own = measured(browser.fetch)
    const tally = own.phase()
    refreshes.push(jobSheet(db, own.fetch, userId)().then(() => refreshing.add(tally)))
  }
  const start = performance.now()
  const result: ReplayResult = await replayOutbox(
    deps(db, wire.fetch, {
      getCsrfToken: async () => ((await (await wire.fetch('/api/token')).json()) as { token: string }).token,
      getCurrentUserId: async () =>
        ((await (await wire.fetch('/api/auth_check')).json()) as { id: number }).id,
      ...(announcing === 'per-entry' && { onSent: refresh }),
    }),
  )
  if (announcing === 'per-replay' && result.sent > 0) refresh()
  await applyConfirmed(db)
  await Promise.all(refreshes)
  const ms = performance.now() - start

  const saved = await db.jobs.toArray()
  const reports = Number(
    (
      await t.db
        .selectFrom('job_reports')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
  db.close()
  t.close()
  if (result.sent !== updates.length || reports !== JOBS)
    throw new Error(`replay incomplete: ${JSON.stringify(result)}`)
  if (saved.some((j) => j.job_status !== 'completed' || j.photos.length !== 2 || j.treatments.length !== 2))
    throw new Error('the saved job sheet does not show the day')
  return { ms, calls: updates.length, morning, replay, refreshing, refreshCount: refreshes.length }
}

async function direct(photo: Buffer) {
  const { t, browser, jobIds } = await dayOfJobs()
  const updates = updatesFor(jobIds, photo)
  const token = await browser.token()
  // Counted the same way as the outbox's requests, so the counting costs both sides alike.
  const wire = measured(browser.fetch)
  const sent = wire.phase()
  const start = performance.now()
  for (const u of updates) {
    let body: BodyInit
    const headers: Record<string, string> = { 'X-CSRFToken': token, 'Idempotency-Key': crypto.randomUUID() }
    if (u.bodyType === 'multipart') {
      const { fields, files } = u.body as {
        fields: Record<string, string>
        files: Record<string, { blob: Blob }>
      }
      const form = new FormData()
      for (const [k, v] of Object.entries(fields)) form.append(k, v)
      form.append('image', files.image!.blob, 'photo.jpg')
      body = form
    } else {
      headers['Content-Type'] = 'application/json'
      body = JSON.stringify(u.body)
    }
    const res = await wire.fetch(`/api/${u.path}`, { method: 'POST', headers, body })
    if (!res.ok) throw new Error(`${u.path}: ${res.status} ${await res.text()}`)
  }
  const ms = performance.now() - start
  t.close()
  return { ms, sent }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2
}

export interface StaffDayFigures {
  rounds: number
  calls: number
  photos: number
  photoBytes: number
  directMs: number
  outboxMs: number
  /** Median of the rounds' outbox/direct ratios. */
  ratio: number
  ratios: number[]
  /** Wire bytes (photo bytes apart) of the last round, and the requests that made them. */
  direct: Wire
  morning: Wire
  replay: Wire
  refreshing: Wire
  refreshCount: number
}

/** Runs a warm-up pair, then `rounds` interleaved pairs. */
export async function staffDay({ rounds = 3, announcing = ANNOUNCING } = {}): Promise<StaffDayFigures> {
  const photo = await phonePhoto(3)
  await direct(photo)
  await viaOutbox(photo, announcing)
  const directs: Awaited<ReturnType<typeof direct>>[] = []
  const outboxes: Awaited<ReturnType<typeof viaOutbox>>[] = []
  for (let i = 0; i < rounds; i++) {
    directs.push(await direct(photo))
    outboxes.push(await viaOutbox(photo, announcing))
  }
  const last = outboxes.at(-1)!
  const ratios = outboxes.map((o, i) => o.ms / directs[i]!.ms)
  return {
    rounds,
    calls: last.calls,
    photos: JOBS * 2,
    photoBytes: photo.length,
    directMs: median(directs.map((d) => d.ms)),
    direct: directs.at(-1)!.sent,
    outboxMs: median(outboxes.map((o) => o.ms)),
    ratio: median(ratios),
    ratios,
    morning: last.morning,
    replay: last.replay,
    refreshing: last.refreshing,
    refreshCount: last.refreshCount,
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** The figures as lines of text. */
export function describeStaffDay(f: StaffDayFigures): string[] {
  const total = new Wire()
  for (const part of [f.morning, f.replay, f.refreshing]) total.add(part)
  return [
    `A technician's day: ${JOBS} jobs, ${f.calls} updates, ${f.photos} photos of ${f.photoBytes} bytes (${f.rounds} rounds, medians)`,
    `  direct: the ${f.calls} calls one after the other      ${f.directMs.toFixed(0)} ms`,
    `  outbox: replay + answers folded + refreshes    ${f.outboxMs.toFixed(0)} ms`,
    `  outbox / direct:                               ${f.ratio.toFixed(2)}x  (rounds: ${f.ratios.map((r) => r.toFixed(2)).join(', ')})`,
    `  on the wire, photo bytes apart (headers estimated, answers over 1 KB gzipped):`,
    `    morning download (jobs, catalogue)           ${kb(f.morning.bytes)} in ${f.morning.requests} requests`,
    `    replay (token, session, ${f.calls} posts)           ${kb(f.replay.bytes)} in ${f.replay.requests} requests`,
    `    refreshes of the sheet after sending (${f.refreshCount})     ${kb(f.refreshing.bytes)} in ${f.refreshing.requests} requests`,
    `    the day's sync                               ${kb(total.bytes)} in ${total.requests} requests`,
    `    (the ${f.calls} posts sent directly              ${kb(f.direct.bytes)} in ${f.direct.requests} requests)`,
  ]
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await staffDay({
    rounds: Number(process.env.BENCH_ROUNDS ?? 3),
    announcing: (process.env.BENCH_ANNOUNCING as Announcing | undefined) ?? ANNOUNCING,
  })
  console.log(describeStaffDay(figures).join('\n'))
}
