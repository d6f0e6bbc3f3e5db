// @vitest-environment node
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { replayOutbox } from '../../src/offline/replay'
import { jobUpdates, localJobView } from '../../src/features/staff/jobs'
import { countRows } from '../api/helpers'
import { JPEG, TECH2, addTechnician, book, completion, treatment } from '../api/staff-helpers'
import { onEachTechnicianApp, t, admin, customer, techId } from '../api/app-per-test'
import { applyConfirmed } from '../../src/offline/confirmed'
import '../../src/features/staff/offline'
import { browserDeps, deps, freshDb, queuedJobUpdate } from './helpers'
import { technicianPhone } from './app-fetch'

onEachTechnicianApp()

const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 8, minute)).toISOString()
const photoBlob = () => new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' })

/** A whole visit done with no data: statuses, two treatments, two photos, the completion. */
function dayOfWork(jobId: number, userId: number) {
  return [
    jobUpdates.event(jobId, { type: 'on_my_way', occurred_at: at(0) }),
    jobUpdates.event(jobId, { type: 'arrived', occurred_at: at(20) }),
    jobUpdates.photo(jobId, { id: crypto.randomUUID(), kind: 'before', taken_at: at(21), blob: photoBlob() }),
    jobUpdates.event(jobId, { type: 'started', occurred_at: at(22) }),
    jobUpdates.treatment(jobId, { ...treatment({ occurred_at: at(30) }) } as never),
    jobUpdates.treatment(
      jobId,
      treatment({ product_name: 'Gel bait', quantity: 2, unit: 'tubes', occurred_at: at(35) }) as never,
    ),
    jobUpdates.photo(jobId, { id: crypto.randomUUID(), kind: 'after', taken_at: at(50), blob: photoBlob() }),
    jobUpdates.complete(jobId, completion({ occurred_at: at(55) }) as never),
  ].map((u) => queuedJobUpdate(u, userId))
}

describe('a technician’s day replayed from the outbox against the real API', () => {
  it('sends events, two treatments, two photos and the completion in order, exactly once', async () => {
    const jobId = await book(customer)
    expect((await admin.post(`admins/bookings/${jobId}/assign/`, { staff_id: techId })).status).toBe(200)
    const { browser, userId, db } = await technicianPhone(t.app)

    // Offline all visit long: everything waits, and the job shows the phone's own state.
    const entries = dayOfWork(jobId, userId)
    await db.outbox.bulkAdd(entries)
    const offlineView = localJobView((await db.jobs.get(jobId))!, await db.outbox.toArray())
    expect(offlineView).toMatchObject({ status: 'completed', statusPending: true })
    expect(offlineView.treatments).toHaveLength(2)
    expect(offlineView.photos.map((p) => p.kind)).toEqual(['before', 'after'])

    // The connection drops half way through: what was sent stays sent, the rest keeps its order.
    const paths: string[] = []
    let budget = 3
    const flaky: typeof fetch = async (input, init) => {
      if (init?.method === 'POST' && budget-- <= 0) throw new TypeError('Failed to fetch')
      if (init?.method === 'POST') paths.push(String(input).replace(/.*\/api\//, ''))
      return browser.fetch(input, init)
    }
    const lossy = browserDeps(db, browser, userId, { fetch: flaky })
    expect(await replayOutbox(lossy)).toMatchObject({ sent: 3, offline: true, remaining: 5 })
    // The replay knows no kind (the service worker runs it too): the answers wait for the page, and the
    // sheet shows those updates as confirmed meanwhile, neither twice nor not at all.
    const downloaded = (await db.jobs.get(jobId))!
    const answers = await db.confirmed.toArray()
    expect(answers).toHaveLength(3)
    const meanwhile = localJobView(downloaded, await db.outbox.toArray(), answers)
    expect(meanwhile.job.events.slice(downloaded.events.length).map((e) => e.type)).toEqual([
      'on_my_way',
      'arrived',
    ])
    expect(meanwhile.photos.map((p) => [p.kind, p.pending])).toEqual([
      ['before', false],
      ['after', true],
    ])
    expect(meanwhile).toMatchObject({ status: 'completed', statusPending: true })
    // The page folds them into the saved job once; another tab doing the same finds nothing left.
    const [here, there] = await Promise.all([applyConfirmed(db), applyConfirmed(db)])
    expect(here + there).toBe(3)
    const folded = (await db.jobs.get(jobId))!
    expect(folded.events.slice(downloaded.events.length).map((e) => e.type)).toEqual(['on_my_way', 'arrived'])
    expect(folded.photos).toHaveLength(1)
    expect(await db.confirmed.count()).toBe(0)
    budget = Infinity
    expect(await replayOutbox({ ...lossy, force: true })).toMatchObject({ sent: 5, remaining: 0 })
    // And once more (another tab, the worker): nothing left, nothing sent twice.
    expect(await replayOutbox({ ...lossy, force: true })).toMatchObject({ sent: 0, remaining: 0 })

    expect(paths.map((p) => p.replace(`staff/jobs/${jobId}/`, ''))).toEqual([
      'events/',
      'events/',
      'photos/',
      'events/',
      'treatments/',
      'treatments/',
      'photos/',
      'complete/',
    ])
    const count = (table: 'job_events' | 'job_treatments' | 'job_photos' | 'job_reports') =>
      countRows(t.db, table, ['booking_id', jobId])
    expect([
      await count('job_events'),
      await count('job_treatments'),
      await count('job_photos'),
      await count('job_reports'),
    ]).toEqual([4, 2, 2, 1])
    const events = await t.db
      .selectFrom('job_events')
      .select(['type', 'occurred_at'])
      .where('booking_id', '=', jobId)
      .orderBy('id')
      .execute()
    expect(events).toEqual([
      { type: 'on_my_way', occurred_at: at(0) },
      { type: 'arrived', occurred_at: at(20) },
      { type: 'started', occurred_at: at(22) },
      { type: 'completed', occurred_at: at(55) },
    ])
    // The saved job took the server's word for each answer: the sheet is right with no refetch.
    expect(await applyConfirmed(db)).toBe(5)
    const saved = (await db.jobs.get(jobId))!
    expect(saved).toMatchObject({
      job_status: 'completed',
      booking_status: 'Completed',
      report_url: `staff/jobs/${jobId}/report`,
    })
    expect(saved.treatments).toHaveLength(2)
    expect(saved.photos).toHaveLength(2)
    const view = localJobView(saved, await db.outbox.toArray())
    expect(view).toMatchObject({ status: 'completed', statusPending: false, waiting: [], failed: [] })
    const report = await customer.get(`staff/jobs/${jobId}/report`)
    expect(report.text).toContain('Gel bait')
    expect(report.text).toContain('Signed by <strong>Ada Customer</strong>')
  })

  it('a reassigned job’s updates come back 409 reassigned and are kept, shown on the job, not dropped', async () => {
    const jobId = await book(customer)
    await admin.post(`admins/bookings/${jobId}/assign/`, { staff_id: techId })
    const { browser, userId, db } = await technicianPhone(t.app)
    await db.outbox.bulkAdd(dayOfWork(jobId, userId).slice(0, 5))

    // Meanwhile the office gave the job to someone else.
    const { id: otherId } = await addTechnician(t.app, admin, TECH2)
    expect((await admin.post(`admins/bookings/${jobId}/assign/`, { staff_id: otherId })).status).toBe(200)

    const result = await replayOutbox(browserDeps(db, browser, userId))
    expect(result).toMatchObject({ sent: 0, failed: 5, remaining: 5 })
    const kept = await db.outbox.toArray()
    expect(kept.every((e) => e.status === 'failed' && /reassigned/.test(e.lastError ?? ''))).toBe(true)
    const view = localJobView((await db.jobs.get(jobId))!, kept)
    expect(view.failed).toHaveLength(5)
    expect(view.status).toBe('assigned')
    expect(
      await t.db.selectFrom('job_events').select('id').where('booking_id', '=', jobId).execute(),
    ).toHaveLength(0)
  })
})

describe('order within a job', () => {
  it('a photo the server could not take yet (503) holds the completion of its job, not other jobs', async () => {
    const db = freshDb()
    const photo = queuedJobUpdate(
      jobUpdates.photo(1, { id: crypto.randomUUID(), kind: 'after', taken_at: at(1), blob: photoBlob() }),
      7,
    )
    const done = queuedJobUpdate(jobUpdates.complete(1, completion() as never), 7)
    const otherJob = queuedJobUpdate(jobUpdates.event(2, { type: 'on_my_way', occurred_at: at(2) }), 7)
    await db.outbox.bulkAdd([photo, done, otherJob])
    const sent: string[] = []
    const fetch: typeof globalThis.fetch = async (input, init) => {
      sent.push(String(input))
      // The photo goes as multipart built from the stored Blob, with its key.
      if (String(input).endsWith('photos/')) {
        expect(init?.body).toBeInstanceOf(FormData)
        expect(((init!.body as FormData).get('image') as File).size).toBe(JPEG.length)
        return new Response('{"message":"busy"}', { status: 503 })
      }
      return new Response('{"message":"ok","job_status":"on_my_way"}', { status: 201 })
    }
    const asSeven = deps(db, fetch, { getCurrentUserId: async () => 7 })
    const result = await replayOutbox(asSeven)
    expect(sent).toEqual([
      'http://localhost/api/staff/jobs/1/photos/',
      'http://localhost/api/staff/jobs/2/events/',
    ])
    expect(result).toMatchObject({ sent: 1, retrying: 1, remaining: 2 })
    // Still backing off: the completion keeps waiting behind it on the next pass too.
    sent.length = 0
    await replayOutbox(asSeven)
    expect(sent).toEqual([])
  })
})
