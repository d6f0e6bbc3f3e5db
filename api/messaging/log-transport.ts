import type { Channel, OutgoingMessage, Transport } from './transport.js'

/**
 * Nothing configured for a channel: what would be sent goes to the server log, and its message queue row
 * (with transport "log") shows it on the admin's "Sent messages" screen.
 */
export class LogTransport implements Transport {
  readonly name = 'log'

  constructor(
    private readonly channel: Channel,
    private readonly write: (line: string) => void = console.log,
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    const head = this.channel === 'email' ? `${message.to}: ${message.subject}` : message.to
    this.write(`[${this.channel} not configured, logged instead] to ${head}\n${message.text}`)
  }
}
