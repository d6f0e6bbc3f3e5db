import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readLink, signLink } from '../../api/lib/signed-links'
import { ApiFailure } from '../../api/lib/http-error'
import { makeTestApp, type TestContext } from './helpers'

const DAY = 24 * 3600 * 1000

describe('links that open one document without logging in', () => {
  let t: TestContext
  beforeEach(async () => {
    t = await makeTestApp()
  })
  afterEach(() => t.close())

  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => 'opened',
      (e: unknown) => (e instanceof ApiFailure ? `${e.status}: ${e.message}` : String(e)),
    )

  it('opens the document it was made for until it expires, and no other', async () => {
    const now = t.config.now()
    const token = await signLink(t.db, 'invoice', 42, now + 7 * DAY)
    expect(await readLink(t.db, 'invoice', token, now)).toBe(42)
    // A second instance over the same database reads it alike.
    const second = t.connectAgain()
    expect(await readLink(second.db, 'invoice', token, now + DAY)).toBe(42)
    await second.close()

    expect(await refusal(readLink(t.db, 'invoice', token, now + 8 * DAY))).toMatch(
      /^410: This link has expired/,
    )
    expect(await refusal(readLink(t.db, 'quote', token, now))).toMatch(/^404: This link is not valid/)
    const otherDocument = token.replace('invoice.42.', 'invoice.43.')
    expect(await refusal(readLink(t.db, 'invoice', otherDocument, now))).toMatch(/^404/)
    const longer = token.replace(/\.(\d+)\./, (_, s: string) => `.${Number(s) + 86400}.`)
    expect(await refusal(readLink(t.db, 'invoice', longer, now))).toMatch(/^404/)
    expect(await refusal(readLink(t.db, 'invoice', 'nonsense', now))).toMatch(/^404/)
  })
})
