/**
 * npx tsx tests/bench/staff-day.ts: how long a technician's full day takes to replay once data returns.
 * 8 jobs, each: on my way, arrived, a before photo, started, two treatments, an after photo, the
 * completion (64 queued updates, 16 photos of a real phone size), replayed from Dexie (fake-indexeddb)
 * against the real API (app.request(), a temporary SQLite file). The baseline, measured in the same run,
 * is the same 64 calls sent directly without the outbox. Prints figures; passes or fails on nothing.
 */
import 'fake-indexeddb/auto'
import { performance } from 'node:perf_hooks'
import { AppDatabase } from '../../src/offline/db'
import { jobUpdates, type JobUpdate } from '../../src/features/staff/jobs'
import { ADMIN, Client, makeTestApp } from '../api/helpers'
import { appFetch } from '../offline/app-fetch'
import { detailedPhoto } from '../photo'
import { TECH, addTechnician, book, completion, treatment } from '../api/staff-helpers'
import { entry } from '../offline/helpers'
import { timedReplay, UNLIMITED } from './outbox'

const JOBS = 8

/** A 1280x960 JPEG at quality 0.7 with detail: what the phone stores after its resize (~150-200 KB). */
const phonePhoto = (seed: number) =>
  detailedPhoto({ width: 1280, height: 960, blotches: [64, 48], quality: 70, seed })

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

async function updatesFor(jobIds: number[]) {
  const photo = await phonePhoto(3)
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
  return { updates, photoBytes: photo.length }
}

async function viaOutbox() {
  const { t, browser, userId, jobIds } = await dayOfJobs()
  const { updates, photoBytes } = await updatesFor(jobIds)
  const db = new AppDatabase(`bench-${crypto.randomUUID()}`)
  let clock = Date.now()
  await db.outbox.bulkAdd(updates.map((u) => entry({ ...u, userId, createdAt: ++clock })))
  const { result, ms } = await timedReplay(db, browser, userId)
  const reports = Number(
    (
      await t.db
        .selectFrom('job_reports')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
  t.close()
  if (result.sent !== updates.length || reports !== JOBS)
    throw new Error(`replay incomplete: ${JSON.stringify(result)}`)
  return { ms, calls: updates.length, photoBytes }
}

async function direct() {
  const { t, browser, jobIds } = await dayOfJobs()
  const { updates } = await updatesFor(jobIds)
  const token = await browser.token()
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
    const res = await browser.fetch(`/api/${u.path}`, { method: 'POST', headers, body })
    if (!res.ok) throw new Error(`${u.path}: ${res.status} ${await res.text()}`)
  }
  const ms = performance.now() - start
  t.close()
  return ms
}

const baseline = await direct()
const outbox = await viaOutbox()
console.log(
  `A full day (${JOBS} jobs, ${outbox.calls} updates, ${JOBS * 2} photos of ${outbox.photoBytes} bytes) replayed ` +
    `in ${outbox.ms.toFixed(0)} ms through the outbox; the same calls sent directly took ${baseline.toFixed(0)} ms ` +
    `(outbox/direct = ${(outbox.ms / baseline).toFixed(2)}).`,
)
