// Messaging set-ups for API tests, kept out of mail-fakes.ts (the browser tests load that one): these use vitest.
import { afterAll, afterEach, beforeAll } from 'vitest'
import type { AppConfig } from '../../api/config'
import { createTransports, MessageSender } from '../../api/messaging'
import type { SenderOptions } from '../../api/messaging/message-queue'
import type { Gateway } from '../../api/payments'
import type { Database } from '../../api/db'
import type { TemplateData, TemplateName } from '../../api/messaging/templates'
import { makeTestApp, type TestContext } from './helpers'
import { MailFakes } from './mail-fakes'

/** The data of each message queued with this template (any channel), parsed, oldest first. */
export async function queuedData<K extends TemplateName>(db: Database, template: K) {
  const rows = await db
    .selectFrom('message_queue')
    .select('data')
    .where('template', '=', template)
    .orderBy('id')
    .execute()
  return rows.map((row) => JSON.parse(row.data) as TemplateData[K])
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

/** A sender that gives up after three tries, a minute apart and doubling, and keeps its failures out of the test output. */
export const QUIET_SENDER: Partial<SenderOptions> = { maxAttempts: 3, retryBaseMs: 60_000, log: () => {} }

/**
 * The set-up of a test file about sending messages: the local SMTP server and the fake Termii for the whole
 * file, and what each test opened (apps, senders, second connections), stopped and closed after it before
 * the fakes forget what they received.
 */
export function messagingTestFile() {
  const fakes = new MailFakes()
  /** What the running test opened: each test opens its own app and sender (or none). */
  const opened: { close: () => unknown; stop?: () => unknown }[] = []
  beforeAll(() => fakes.start())
  afterEach(async () => {
    for (const o of opened.splice(0)) {
      await o.stop?.()
      await o.close()
    }
    fakes.forget()
  })
  afterAll(() => fakes.stop())

  /**
   * An app on the test's clock whose email goes to the local SMTP server and SMS to the fake Termii, with its
   * sender started (a pass an hour, so the test's drain() is what sends); both are closed after the test.
   */
  async function appSendingToFakes(options: {
    now: () => number
    messaging?: Partial<AppConfig['messaging']>
    gateway?: Gateway
    sender?: Partial<SenderOptions>
  }) {
    const { now, gateway } = options
    const t = await makeTestApp({ now }, gateway && (() => gateway))
    t.config.messaging = { ...t.config.messaging, ...fakes.messaging(), ...options.messaging }
    const sender = senderFor(t, { now, ...options.sender }).start(3600_000)
    opened.push({ close: t.close, stop: () => sender.stop() })
    return { t, sender }
  }

  return { fakes, smtp: fakes.smtp, termii: fakes.termii, opened, appSendingToFakes }
}
