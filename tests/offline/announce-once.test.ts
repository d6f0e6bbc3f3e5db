// @vitest-environment jsdom
/**
 * A replay that sends many entries announces them once: every announcement refetches each private query
 * on screen (the job sheet, the catalogue) in this tab and every other, so one per entry downloaded the
 * sheet once per update of the day while the updates were still going up.
 */
import 'fake-indexeddb/auto'
import { QueryClient } from '@tanstack/react-query'
import { expect, it, vi } from 'vitest'
import { OUTBOX_CHANNEL, type OutboxSentMessage } from '../../src/lib/worker-protocol'
import { db } from '../../src/offline/db'
import { replayOutboxNow, startOutboxSync } from '../../src/offline/sync'
import { entry } from './helpers'
import { thankingServerForEachTest } from './thanking-server'

const posted = thankingServerForEachTest()

it('refreshes and tells the other tabs once per replay, not once per sent entry', async () => {
  const queryClient = new QueryClient()
  const stop = startOutboxSync(() => queryClient)
  const heard: OutboxSentMessage[] = []
  const otherTab = new BroadcastChannel(OUTBOX_CHANNEL)
  otherTab.onmessage = (e: MessageEvent<OutboxSentMessage>) => heard.push(e.data)
  try {
    // Whatever the start-up replay does is over before the day's entries are queued.
    await replayOutboxNow()
    const refreshes = vi.spyOn(queryClient, 'invalidateQueries')
    await db.outbox.bulkAdd([entry(), entry(), entry()])

    const result = await replayOutboxNow({ force: true })

    expect(result.sent).toBe(3)
    expect(posted).toHaveLength(3)
    expect(refreshes).toHaveBeenCalledTimes(1)
    await vi.waitFor(() => expect(heard).toHaveLength(1))
    expect(heard[0]).toMatchObject({ type: 'sent', kind: 'quick-message', userId: null })
  } finally {
    otherTab.close()
    stop()
  }
})
