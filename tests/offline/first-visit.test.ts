// @vitest-environment jsdom
/**
 * Issue 13: a first visit (nothing saved on the device) starts the outbox sync without creating the
 * offline database, so the public pages never load Dexie just to find nothing to send; a later visit
 * (the database exists) replays what was left unsent.
 */
import 'fake-indexeddb/auto'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, expect, it, vi } from 'vitest'
import { DATABASE_NAME, whenDatabaseInUse } from '../../src/offline/device'

// Not from ./helpers: that module loads the database itself.
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
const databases = async () => (await indexedDB.databases()).map((d) => d.name)
const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

afterEach(() => vi.unstubAllGlobals())

it('a first visit starts the sync without opening the database; a queued post later is replayed', async () => {
  const posts: string[] = []
  vi.stubGlobal('fetch', async (input: string) => {
    if (String(input).endsWith('/token')) return json(200, { token: 't' })
    if (String(input).endsWith('/auth_check')) return json(401, { message: 'no' })
    posts.push(String(input))
    return json(200, { message: 'Thank you' })
  })
  const inUse = vi.fn()
  const stopWaiting = whenDatabaseInUse(inUse)
  const { startOutboxSync } = await import('../../src/offline/sync')
  const stop = startOutboxSync(() => new QueryClient())
  try {
    await settle()
    expect(await databases()).not.toContain(DATABASE_NAME)
    expect(inUse).not.toHaveBeenCalled()

    // The visitor sends a message while the server is down: it is queued, the database now exists,
    // and the furniture that shows the outbox is told.
    const { db } = await import('../../src/offline/db')
    expect(inUse).toHaveBeenCalledOnce()
    await db.outbox.add({
      id: 'left-unsent',
      kind: 'quick-message',
      method: 'POST',
      path: 'quick/message/',
      body: { name: 'Ada', email: 'ada@example.ng', message: 'hello' },
      userId: null,
      createdAt: Date.now(),
      attempts: 1,
      status: 'waiting',
    })
    expect(await databases()).toContain(DATABASE_NAME)
  } finally {
    stop()
    stopWaiting()
  }

  // The next visit finds the database and sends what was left.
  const again = startOutboxSync(() => new QueryClient())
  try {
    await vi.waitFor(() => expect(posts.some((url) => url.endsWith('quick/message/'))).toBe(true))
  } finally {
    again()
  }
})
