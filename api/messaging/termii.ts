import type { OutgoingMessage, Transport } from './transport.js'

export interface TermiiOptions {
  apiKey: string
  /** The registered sender id (at most 11 characters), e.g. "GreenShield". */
  senderId: string
  /** https://api.ng.termii.com (each account has its own base URL; tests point it at a fake). */
  baseUrl: string
  /** Termii's route: "generic" or "dnd" (reaches numbers on Do-Not-Disturb, needs approval). */
  channel: string
  fetch?: typeof fetch
}

/** SMS through Termii's "Send message" API (POST /api/sms/send). */
export class TermiiTransport implements Transport {
  readonly name = 'termii'
  private readonly fetch: typeof fetch

  constructor(private readonly options: TermiiOptions) {
    this.fetch = options.fetch ?? fetch
  }

  async send(message: OutgoingMessage): Promise<void> {
    const res = await this.fetch(`${this.options.baseUrl}/api/sms/send`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        api_key: this.options.apiKey,
        // Termii wants the international number without the +.
        to: message.to.replace(/^\+/, ''),
        from: this.options.senderId,
        sms: message.text,
        type: 'plain',
        channel: this.options.channel,
      }),
      signal: AbortSignal.timeout(20_000),
    })
    let json: { message_id?: unknown; message?: unknown } = {}
    try {
      json = (await res.json()) as typeof json
    } catch {
      // A proxy's HTML error page: the status check below reports it.
    }
    if (!res.ok || !json.message_id) {
      throw new Error(`Termii refused the SMS (${res.status}): ${String(json.message ?? 'no message')}`)
    }
  }
}
