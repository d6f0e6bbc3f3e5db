import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  from: string
  to: string[]
  subject: string
  text: string
}

/** Quoted-printable and 7bit bodies as nodemailer writes plain text. */
function decodeBody(headers: string, body: string): string {
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(headers)) return body
  return decodeQuotedPrintable(body)
}

/** A header with RFC 2047 encoded words (=?UTF-8?Q?…?= or =?UTF-8?B?…?=). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?(.*?)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = []
  const joined = text.replace(/=\r?\n/g, '')
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16))
      i += 2
    } else bytes.push(...Buffer.from(joined[i]))
  }
  return Buffer.from(bytes).toString('utf8')
}

/** A real SMTP server on loopback (the smtp-server package) that keeps what it receives. */
export class LocalSmtp {
  mails: ReceivedMail[] = []
  /** The next n recipients are refused with a temporary error (451). */
  refuseNext = 0
  /** How long the server holds its answer to a received mail (a slow mail server); the mail counts as received at once. */
  holdMs = 0
  port = 0
  private waiters: (() => void)[] = []
  readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo: (_address, _session, callback) => {
      if (this.refuseNext > 0) {
        this.refuseNext--
        return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }))
      }
      callback()
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const split = raw.indexOf('\r\n\r\n')
        const headers = raw.slice(0, split)
        const unfolded = headers.replace(/\r\n[ \t]+/g, ' ')
        this.mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: decodeHeader(/^subject: (.*)$/im.exec(unfolded)?.[1] ?? ''),
          text: decodeBody(headers, raw.slice(split + 4)),
        })
        this.waiters.splice(0).forEach((w) => w())
        if (this.holdMs) setTimeout(callback, this.holdMs)
        else callback()
      })
    },
  })

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    this.port = (this.server.server.address() as AddressInfo).port
    return this
  }
  get url() {
    return `smtp://127.0.0.1:${this.port}`
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
  /** Resolves once a mail to this address has arrived. */
  async waitFor(to: string, timeoutMs = 5000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const mail = this.mails.find((m) => m.to.includes(to))
      if (mail) return mail
      if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`)
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve)
        setTimeout(resolve, 100)
      })
    }
  }
}

export const TERMII_KEY = 'TL-test-key-0123456789'

/** Just enough of Termii's "Send message" API on loopback: checks the key and keeps what it was sent. */
export class FakeTermii {
  sent: { to: string; from: string; sms: string; type: string; channel: string }[] = []
  /** Every call answers 503 (an outage). */
  down = false
  /**
   * Calls on these channels (whatsapp, dnd, generic) are refused with this status, as Termii refuses a
   * number that is not on WhatsApp (400) or a channel the account has not enabled.
   */
  refuse: Record<string, number> = {}
  baseUrl = ''
  readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify(body))
      }
      if (this.down) return send(503, { message: 'Service unavailable' })
      if (req.method !== 'POST' || req.url !== '/api/sms/send') return send(404, { message: 'Not found' })
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      if (body.api_key !== TERMII_KEY) return send(401, { message: 'Invalid API key' })
      const refused = this.refuse[body.channel]
      if (refused) return send(refused, { message: `Cannot send on ${body.channel}` })
      this.sent.push({ to: body.to, from: body.from, sms: body.sms, type: body.type, channel: body.channel })
      send(200, {
        message_id: `3017${this.sent.length}`,
        message: 'Successfully Sent',
        balance: 9,
        user: 'GreenShield',
      })
    })
  })

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
    return this
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}

/** The local SMTP server and the fake Termii together: what a test file sends its email and SMS to. */
export class MailFakes {
  readonly smtp = new LocalSmtp()
  readonly termii = new FakeTermii()

  async start() {
    await this.smtp.start()
    await this.termii.start()
  }

  async stop() {
    await this.smtp.stop()
    await this.termii.stop()
  }

  /** Forgets what was received and clears every fault a test asked for, so the next test starts clean. */
  forget() {
    this.smtp.mails = []
    this.smtp.refuseNext = 0
    this.termii.sent = []
    this.termii.down = false
    this.termii.refuse = {}
  }

  /** The messaging settings that send email to the local SMTP server and SMS to the fake Termii. */
  messaging() {
    return {
      smtpUrl: this.smtp.url,
      smsProvider: 'termii' as const,
      termiiApiKey: TERMII_KEY,
      termiiBaseUrl: this.termii.baseUrl,
    }
  }
}
