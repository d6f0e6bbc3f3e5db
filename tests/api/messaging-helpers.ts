// Messaging set-ups for API tests, kept out of mail-fakes.ts (the browser tests load that one): these use vitest.
import { afterAll, beforeAll } from 'vitest'
import { createTransports, MessageSender } from '../../api/messaging'
import type { SenderOptions } from '../../api/messaging/message-queue'
import type { TestContext } from './helpers'
import { MailFakes } from './mail-fakes'

/** The fakes for every test of the file: started before the first, stopped after the last. */
export function fileMailFakes() {
  const fakes = new MailFakes()
  beforeAll(() => fakes.start())
  afterAll(() => fakes.stop())
  return fakes
}

/** A message sender for the test's app and its links; by default over the transports its config names. */
export const senderFor = (t: TestContext, options: Partial<SenderOptions> = {}) =>
  new MessageSender({
    db: t.db,
    transports: createTransports(t.config, t.db),
    appUrl: t.config.appUrl,
    apiBase: t.config.apiBase,
    ...options,
  })
