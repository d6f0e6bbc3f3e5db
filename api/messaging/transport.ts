/** How a message leaves the server: SMTP for email, an SMS provider's HTTP API, or the server log. */
export type Channel = 'email' | 'sms'

export interface OutgoingMessage {
  /** An email address, or an E.164 phone number (+234…). */
  to: string
  subject: string
  text: string
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
}
