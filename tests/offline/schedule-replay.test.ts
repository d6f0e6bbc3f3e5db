// @vitest-environment jsdom
/**
 * The page's replay timer: an entry a direct send claimed by a Web Lock is due the moment no live lock
 * holds it (the page that sent it reloaded mid-send), whatever the claim's own expiry says; an entry
 * still held is left to its sender.
 */
import 'fake-indexeddb/auto'
import { expect, it, vi } from 'vitest'
import { db } from '../../src/offline/db'
import { sendingLockName } from '../../src/offline/replay'
import { scheduleReplay } from '../../src/offline/sync'
import { entry } from './helpers'
import { thankingServerForEachTest } from './thanking-server'

/** A LockManager whose held locks the test sets; every request is granted at once. */
function fakeLocks(held: string[]) {
  return {
    query: async () => ({ held: held.map((name) => ({ name, mode: 'exclusive' as const })), pending: [] }),
    request: async (name: string, ...rest: unknown[]) => {
      const callback = rest.at(-1) as (lock: { name: string }) => unknown
      return callback({ name })
    },
  }
}

const posted = thankingServerForEachTest()

/** An entry claimed for a minute by a direct send, as submitThroughOutbox stores it before sending. */
const claimed = () => entry({ sendingUntil: Date.now() + 60_000 })

it('leaves an entry to the send that still holds its lock', async () => {
  const held = claimed()
  vi.stubGlobal('navigator', { ...navigator, locks: fakeLocks([sendingLockName(held.id)]) })
  await db.outbox.add(held)
  await scheduleReplay()
  await new Promise((resolve) => setTimeout(resolve, 1500))
  expect(posted).toEqual([])
  expect(await db.outbox.count()).toBe(1)
})
