import type { MessageChannel } from '../../contract/message-channels.js'

/**
 * How a message reaches a person: email (SMTP), SMS or WhatsApp (an SMS provider's HTTP API), web push to
 * their phones (api/messaging/push.ts), or the server log when the channel is not configured. The list is contract/message-channels.ts.
 */
export type Channel = MessageChannel

export interface OutgoingMessage {
  /** An email address, or an E.164 phone number (+234…). */
  to: string
  subject: string
  text: string
  /** What tapping it opens (web push): an absolute address of the app. */
  url?: string
  /**
   * A promotional message (the marketing kind): SMS providers send it on their promotional route, every
   * other message on the transactional one.
   */
  marketing?: boolean
}

export interface Transport {
  /** Recorded with each message: smtp, termii, log. */
  readonly name: string
  /**
   * Resolves when the provider accepted the message; throws (with a readable message) when it did not, a
   * PermanentSendError when trying again cannot help.
   */
  send(message: OutgoingMessage): Promise<void>
}

/**
 * The provider refused the message for good (the number is not on WhatsApp, the channel is not enabled on
 * the account): a WhatsApp message falls back to SMS at once instead of waiting out its retries.
 */
export class PermanentSendError extends Error {
  override name = 'PermanentSendError'
}

/** One transport per channel; WhatsApp only when configured (else a WhatsApp choice is queued as an SMS). */
export interface Transports {
  email: Transport
  sms: Transport
  push: Transport
  whatsapp?: Transport
}
