// Vitest set-up for the tests of the page's own outbox (the app's database): import after fake-indexeddb.
import { afterEach, beforeEach, vi } from 'vitest'
import { db } from '../../src/offline/db'
import { json } from './helpers'

/**
 * Before each test, an empty outbox and a server that hands out CSRF tokens and thanks every entry sent;
 * answers the addresses of the POSTs it received during the running test.
 */
export function thankingServerForEachTest(): string[] {
  const posted: string[] = []
  beforeEach(async () => {
    posted.length = 0
    await db.outbox.clear()
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (String(input).endsWith('/token')) return json(200, { token: 't' })
      if (init?.method === 'POST') posted.push(String(input))
      return json(200, { message: 'Thank you' })
    })
  })
  afterEach(() => vi.unstubAllGlobals())
  return posted
}
