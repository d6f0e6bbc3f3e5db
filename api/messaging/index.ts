import type { AppConfig } from '../config.js'
import type { Database } from '../db/index.js'
import { LogTransport } from './log-transport.js'
import { WebPushTransport } from './push.js'
import { MessageSender } from './message-queue.js'
import { SmtpTransport } from './smtp.js'
import { TermiiTransport } from './termii.js'
import type { Transports } from './transport.js'

export { sendMessage, MessageSender, type SendRequest } from './message-queue.js'
export type { TemplateData, TemplateName } from './templates.js'

/**
 * Email through SMTP_URL and SMS through SMS_PROVIDER when configured, each else to the log; WhatsApp
 * through WHATSAPP_PROVIDER, else none (a WhatsApp choice is then queued as an SMS). Push always goes to the
 * phones' push services (only people who turned it on get any).
 */
export function createTransports(config: AppConfig, db: Database): Transports {
  const m = config.messaging
  const termii = { apiKey: m.termiiApiKey, baseUrl: m.termiiBaseUrl }
  return {
    email: m.smtpUrl ? new SmtpTransport({ url: m.smtpUrl, from: m.mailFrom }) : new LogTransport('email'),
    sms:
      m.smsProvider === 'termii'
        ? new TermiiTransport({ ...termii, senderId: m.termiiSenderId, smsRoute: m.termiiSmsRoute })
        : new LogTransport('sms'),
    push: new WebPushTransport({ db, config, now: config.now }),
    ...(m.whatsappProvider === 'termii' && {
      whatsapp: new TermiiTransport({ ...termii, senderId: m.termiiWhatsappFrom, channel: 'whatsapp' }),
    }),
  }
}

/** The sender loop of a running server: delivers what sendMessage queued, retries failures. */
export function startMessageSender(
  config: AppConfig,
  db: Database,
  transports = createTransports(config, db),
) {
  return new MessageSender({
    db,
    transports,
    appUrl: config.appUrl,
    apiBase: config.apiBase,
    now: config.now,
    maxAttempts: config.messaging.maxAttempts,
    retryBaseMs: config.messaging.retryBaseMs,
  }).start()
}
