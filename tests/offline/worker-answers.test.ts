// @vitest-environment jsdom
/**
 * The service worker replays the outbox knowing no kind: a technician's update it sent leaves the
 * server's answer in the device's database, and the open page folds it into the saved job sheet, once,
 * as soon as the worker says it sent something.
 */
import 'fake-indexeddb/auto'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, expect, it, vi } from 'vitest'
import type { Job } from '../../contract/staff'
import { OUTBOX_CHANNEL, type OutboxSentMessage } from '../../src/lib/worker-protocol'
import { db } from '../../src/offline/db'
import { replayOutbox } from '../../src/offline/replay'
import { startOutboxSync } from '../../src/offline/sync'
import { jobUpdates } from '../../src/features/staff/jobs'
import '../../src/features/staff/offline'
import { deps, json, scriptedFetch } from './helpers'

afterEach(() => vi.unstubAllGlobals())

it('the page folds an update the worker confirmed into the saved job when the worker announces it', async () => {
  const userId = 7
  const job = { id: 12, job_status: 'assigned', events: [], treatments: [], photos: [] } as unknown as Job
  await db.jobs.put({ ...job, userId })
  const update = jobUpdates.event(12, { type: 'on_my_way', occurred_at: '2026-01-05T08:00:00.000Z' })
  await db.outbox.add({
    id: crypto.randomUUID(),
    method: 'POST',
    userId,
    createdAt: Date.now(),
    attempts: 0,
    status: 'waiting',
    keepAnswer: true,
    ...update,
  })
  const stop = startOutboxSync(() => new QueryClient())
  try {
    // The worker's replay: the same code, with no kind registered or consulted.
    const { fetch } = scriptedFetch(() => json(201, { job_status: 'on_my_way' }))
    const result = await replayOutbox(deps(db, fetch, { getCurrentUserId: async () => userId }))
    expect(result).toMatchObject({ sent: 1, remaining: 0 })
    expect(await db.confirmed.count()).toBe(1)

    const worker = new BroadcastChannel(OUTBOX_CHANNEL)
    worker.postMessage({ type: 'sent', kind: update.kind, userId } satisfies OutboxSentMessage)
    worker.close()
    await vi.waitFor(async () => expect(await db.confirmed.count()).toBe(0))
    const saved = (await db.jobs.get(12))!
    expect(saved.job_status).toBe('on_my_way')
    expect(saved.events.map((e) => e.type)).toEqual(['on_my_way'])
  } finally {
    stop()
  }
})
