// @vitest-environment node
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../src/offline/db'
import { jobUpdates, localJobView, type JobUpdate } from '../../src/features/staff/jobs'
import { InvalidOutboxBody } from '../../src/offline/kinds'
import { queueThroughOutbox, resendOutboxEntry, submitThroughOutbox } from '../../src/offline/outbox'
import { replayOutbox } from '../../src/offline/replay'
import { applyConfirmed } from '../../src/offline/confirmed'
import { book, completion, treatment } from '../api/staff-helpers'
import { onEachTechnicianApp, t, admin, customer, techId } from '../api/app-per-test'
import { technicianPhone } from './app-fetch'
import { browserDeps, queuedJobUpdate } from './helpers'
// Every feature's kinds, as the outbox panel has them.
import '../../src/app/pwa/outbox-kinds'

const posted = vi.fn()
beforeEach(async () => {
  await db.outbox.clear()
  await db.jobs.clear()
  posted.mockReset()
  vi.stubGlobal('fetch', async (...args: unknown[]) => {
    posted(...args)
    throw new TypeError('Failed to fetch')
  })
})
afterEach(() => vi.unstubAllGlobals())

const device = '2026-01-05T08:30:00.000Z'

describe('every queued write is checked with the server’s schema before it is queued', () => {
  const refusals: [string, () => Promise<unknown>, string, string][] = [
    [
      'a booking in the past',
      () =>
        submitThroughOutbox(
          'appointment',
          'POST appointment/',
          {
            phone_number: '0803 123 4567',
            location: '3 Marina Road',
            service: 'fumigation',
            date: '2020-01-01',
            time: '10:00',
          },
          1,
        ),
      'date',
      'The date cannot be in the past',
    ],
    [
      'a contact message without a valid email',
      () =>
        submitThroughOutbox(
          'quick-message',
          'POST quick/message/',
          { name: 'Ada', email: 'ada', message: 'Hi' },
          null,
        ),
      'email',
      'Enter a valid email address',
    ],
    [
      'a negative cart quantity',
      () => submitThroughOutbox('cart', 'POST cart/set/', { id: 3, quantity: -1, name: 'Gel bait' }, 1),
      'quantity',
      'Quantity cannot be negative',
    ],
    [
      '“Unable to complete” without a reason',
      () =>
        queueThroughOutbox('job-event', 'staff/jobs/4/events/', { type: 'unable', occurred_at: device }, 1),
      'note',
      'Say why the job could not be completed',
    ],
    [
      'a treatment whose Area is over 200 characters',
      () => {
        const u = jobUpdates.treatment(4, treatment({ area: 'A'.repeat(201), occurred_at: device }) as never)
        return queueThroughOutbox(u.kind, u.path, u.body, 1, { group: u.group })
      },
      'area',
      'Area must be at most 200 characters',
    ],
    [
      'a correction without a target pest',
      () => {
        const u = jobUpdates.correction(4, crypto.randomUUID(), {
          ...treatment({ target_pest: ' ', occurred_at: device }),
          id: undefined,
        } as never)
        return queueThroughOutbox(u.kind, u.path, u.body, 1, { group: u.group })
      },
      'target_pest',
      'Target pest is required',
    ],
    [
      'a photo of an unknown kind',
      () => {
        const u = jobUpdates.photo(4, {
          id: crypto.randomUUID(),
          kind: 'selfie' as never,
          taken_at: device,
          blob: new Blob(['x']),
        })
        return queueThroughOutbox(u.kind, u.path, u.body, 1, { bodyType: u.bodyType, group: u.group })
      },
      'fields.kind',
      'kind must be before, after or issue',
    ],
    [
      'a completion neither signed nor explained',
      () => {
        const u = jobUpdates.complete(4, completion({ signature: null, occurred_at: device }) as never)
        return queueThroughOutbox(u.kind, u.path, u.body, 1, { group: u.group })
      },
      'signature',
      'The customer signs, or say why they could not sign',
    ],
  ]

  it.each(refusals)(
    '%s: refused on the phone, by field, nothing queued or sent',
    async (_what, write, field, message) => {
      const error = await write().then(
        () => null,
        (err: unknown) => err,
      )
      expect(error).toBeInstanceOf(InvalidOutboxBody)
      expect((error as InvalidOutboxBody).fields[field]).toBe(message)
      expect(await db.outbox.count()).toBe(0)
      expect(posted).not.toHaveBeenCalled()
    },
  )
})

describe('a refused job update, corrected in the sync panel and resent', () => {
  onEachTechnicianApp()

  const queued = (update: JobUpdate, userId: number) =>
    queuedJobUpdate(update, userId, { about: 'Ada Customer · Fumigation' })

  it('a treatment refused at sync after the job was completed arrives once as a correction, in the job and the report', async () => {
    const jobId = await book(customer)
    expect((await admin.post(`admins/bookings/${jobId}/assign/`, { staff_id: techId })).status).toBe(200)
    const { browser, userId } = await technicianPhone(t.app, db)

    // Queued by a phone that did not check (an older version): the server refuses the treatment, the
    // completion after it goes through.
    const lost = treatment({ area: 'Kitchen, '.repeat(25), occurred_at: device })
    await db.outbox.bulkAdd([
      queued(jobUpdates.event(jobId, { type: 'arrived', occurred_at: device }), userId),
      queued(jobUpdates.treatment(jobId, lost as never), userId),
      queued(jobUpdates.complete(jobId, completion({ occurred_at: device }) as never), userId),
    ])
    const sent: string[] = []
    const deps = browserDeps(db, browser, userId, {
      fetch: async (input, init) => {
        if (init?.method === 'POST') sent.push(String(input).replace(/.*\/api\//, ''))
        return browser.fetch(input, init)
      },
      force: true,
    })
    expect(await replayOutbox(deps)).toMatchObject({ sent: 2, failed: 1, remaining: 1 })
    const [refused] = await db.outbox.toArray()
    expect(refused).toMatchObject({
      kind: 'job-treatment',
      status: 'failed',
      lastError: 'Area must be at most 200 characters',
    })
    expect((await customer.get(`staff/jobs/${jobId}/report`)).text).toContain('No products were applied')

    // Still too long: checked again on the phone, nothing changes.
    await expect(resendOutboxEntry(refused!, refused!.body)).rejects.toBeInstanceOf(InvalidOutboxBody)
    expect(await db.outbox.toArray()).toEqual([refused])

    await resendOutboxEntry(refused!, { ...(refused!.body as object), area: 'Kitchen and store room' })
    const [again] = await db.outbox.toArray()
    expect(again).toMatchObject({
      kind: 'job-treatment-correction',
      path: `staff/jobs/${jobId}/treatments/${lost.id}/correction/`,
      status: 'waiting',
      createdAt: refused!.createdAt,
      about: 'Ada Customer · Fumigation',
    })
    // A new Idempotency-Key: the server keeps answering the old one with its refusal.
    expect(again!.id).not.toBe(refused!.id)
    const view = localJobView((await db.jobs.get(jobId))!, await db.outbox.toArray())
    expect(view.treatments).toEqual([
      expect.objectContaining({ id: lost.id, area: 'Kitchen and store room', pending: true }),
    ])

    expect(await replayOutbox(deps)).toMatchObject({ sent: 1, remaining: 0 })
    expect(await replayOutbox(deps)).toMatchObject({ sent: 0, remaining: 0 })
    expect(sent.filter((p) => p.includes('/correction/'))).toHaveLength(1)
    const rows = await t.db.selectFrom('job_treatments').selectAll().where('booking_id', '=', jobId).execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ id: lost.id, area: 'Kitchen and store room', corrected_by: userId })
    const report = (await customer.get(`staff/jobs/${jobId}/report`)).text
    expect(report).not.toContain('No products were applied')
    expect(report).toContain('Kitchen and store room')
    // The saved job took the server's answer: the sheet is right with no refetch.
    await applyConfirmed(db)
    const saved = (await db.jobs.get(jobId))!
    expect(saved.treatments).toEqual([
      expect.objectContaining({ id: lost.id, area: 'Kitchen and store room', corrected: expect.any(Object) }),
    ])
  })
})
