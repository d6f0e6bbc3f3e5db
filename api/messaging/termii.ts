import { PermanentSendError, type OutgoingMessage, type Transport } from './transport.js'

export interface TermiiOptions {
  apiKey: string
  /**
   * SMS: the registered sender id (at most 11 characters), e.g. "GreenShield". WhatsApp: the device name
   * Termii gave the account.
   */
  senderId: string
  /** https://api.ng.termii.com (each account has its own base URL; tests point it at a fake). */
  baseUrl: string
  /** 'sms' (the default): an SMS on the route below; 'whatsapp': Termii's WhatsApp channel. */
  channel?: 'sms' | 'whatsapp'
  /**
   * Termii's route for transactional SMS: 'dnd' (the default) reaches numbers on Do-Not-Disturb, which
   * Nigerian carriers block on the 'generic' route; Termii keeps 'generic' for promotions, so marketing
   * messages always take it.
   */
  smsRoute?: 'dnd' | 'generic'
  fetch?: typeof fetch
}

/**
 * Termii answers these when the request itself is wrong for this number or account (400 bad request, 403
 * not allowed, 404 unknown device, 422 invalid): sending it again cannot help. A wrong key (401), a limit
 * (429) or an outage (5xx) may be fixed meanwhile, so those are retried.
 */
const PERMANENT = new Set([400, 403, 404, 422])

/** SMS and WhatsApp through Termii's "Send message" API (POST /api/sms/send), one endpoint for both. */
export class TermiiTransport implements Transport {
  readonly name = 'termii'
  private readonly fetch: typeof fetch

  constructor(private readonly options: TermiiOptions) {
    this.fetch = options.fetch ?? fetch
  }

  /** The `channel` field of Termii's request: whatsapp, or the SMS route this message takes. */
  route(message: OutgoingMessage): 'whatsapp' | 'dnd' | 'generic' {
    if (this.options.channel === 'whatsapp') return 'whatsapp'
    return message.marketing ? 'generic' : (this.options.smsRoute ?? 'dnd')
  }

  async send(message: OutgoingMessage): Promise<void> {
    const channel = this.route(message)
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
        channel,
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
      const what = channel === 'whatsapp' ? 'WhatsApp message' : 'SMS'
      const text = `Termii refused the ${what} (${res.status}): ${String(json.message ?? 'no message')}`
      throw PERMANENT.has(res.status) ? new PermanentSendError(text) : new Error(text)
    }
  }
}
