/**
 * How a message leaves the server: SMTP for email, an SMS provider's HTTP API, web push to the person's
 * phones (api/messaging/push.ts), or the server log.
 */
export type Channel = 'email' | 'sms' | 'push'

export interface OutgoingMessage {
  /** An email address, or an E.164 phone number (+234…). */
  to: string
  subject: string
  text: string
  /** What tapping it opens (web push): an absolute address of the app. */
  url?: string
}

/** A send that can never succeed (nobody left to send to): the message fails at once, with no retry. */
export class PermanentFailure extends Error {
  override name = 'PermanentFailure'
}

export interface Transport {
  /** Recorded with each message: smtp, termii, log. */
  readonly name: string
  /** Resolves when the provider accepted the message; throws (with a readable message) when it did not. */
  send(message: OutgoingMessage): Promise<void>
}

export interface Transports {
  email: Transport
  sms: Transport
  push: Transport
}
