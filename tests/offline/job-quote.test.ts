// @vitest-environment node
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { replayOutbox } from '../../src/offline/replay'
import { applyConfirmed } from '../../src/offline/confirmed'
import { checkOutboxBody } from '../../src/offline/kinds'
import { jobUpdates, localJobView } from '../../src/features/staff/jobs'
import { countRows } from '../api/helpers'
import { book } from '../api/staff-helpers'
import { onEachTechnicianApp, t, admin, customer, techId } from '../api/app-per-test'
import '../../src/features/staff/offline'
import { browserDeps, queuedJobUpdate } from './helpers'
import { technicianPhone } from './app-fetch'

onEachTechnicianApp()

describe('a quote written on the job with no data', () => {
  it('waits on the phone, then lands once even when the first answer is lost on the way back', async () => {
    const jobId = await book(customer)
    expect((await admin.post(`admins/bookings/${jobId}/assign/`, { staff_id: techId })).status).toBe(200)
    const { browser, userId, db } = await technicianPhone(t.app)

    const body = {
      clientKey: crypto.randomUUID(),
      lines: [{ kind: 'service' as const, description: 'Rodent proofing', quantity: 1, unitPrice: '35,000' }],
      depositPercent: 0,
      send: true,
    }
    // Checked with the server's schema before it is queued, as the job page does.
    expect(() => checkOutboxBody('job-quote', body)).not.toThrow()
    expect(() => checkOutboxBody('job-quote', { ...body, lines: [] })).toThrow('Add at least one line')
    await db.outbox.add(queuedJobUpdate(jobUpdates.quote(jobId, body), userId))
    const offline = localJobView((await db.jobs.get(jobId))!, await db.outbox.toArray())
    expect(offline.waiting.map((e) => e.kind)).toEqual(['job-quote'])

    // The server gets it, but the answer never reaches the phone: the entry stays and is sent again.
    let lose = true
    const lossy: typeof fetch = async (input, init) => {
      const answer = await browser.fetch(input, init)
      if (init?.method === 'POST' && lose) {
        lose = false
        throw new TypeError('Failed to fetch')
      }
      return answer
    }
    const deps = browserDeps(db, browser, userId, { fetch: lossy })
    expect(await replayOutbox(deps)).toMatchObject({ sent: 0, remaining: 1 })
    expect(await replayOutbox({ ...deps, force: true })).toMatchObject({ sent: 1, remaining: 0 })
    expect(await replayOutbox({ ...deps, force: true })).toMatchObject({ sent: 0, remaining: 0 })

    expect(await countRows(t.db, 'quotes')).toBe(1)
    const mine = await customer.get('quotes/')
    expect(mine.body).toHaveLength(1)
    expect(mine.body[0]).toMatchObject({ status: 'Sent', total: 35_000, bookingId: jobId })
    // The saved job lists it as the server numbered it, once, with no download needed.
    await applyConfirmed(db)
    await applyConfirmed(db)
    expect((await db.jobs.get(jobId))!.quotes).toEqual([
      { id: mine.body[0].id, number: mine.body[0].number, status: 'Sent', total: 35_000 },
    ])
  })
})
