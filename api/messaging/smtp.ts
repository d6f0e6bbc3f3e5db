import nodemailer, { type Transporter } from 'nodemailer'
import type { OutgoingMessage, Transport } from './transport.js'

export interface SmtpOptions {
  /** smtp://user:pass@host:587 or smtps://…:465 (nodemailer's URL form). */
  url: string
  /** The From header, e.g. "GreenShield <no-reply@greenshield.ng>". */
  from: string
}

/** Email through any SMTP server (nodemailer keeps a pooled connection). */
export class SmtpTransport implements Transport {
  readonly name = 'smtp'
  private readonly mailer: Transporter

  constructor(private readonly options: SmtpOptions) {
    this.mailer = nodemailer.createTransport({
      url: options.url,
      // A stuck server fails this attempt; the message queue retries later instead of hanging the loop.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    })
  }

  async send(message: OutgoingMessage): Promise<void> {
    const info = await this.mailer.sendMail({
      from: this.options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
    })
    if (info.rejected?.length) throw new Error(`The mail server refused ${info.rejected.join(', ')}`)
  }

  close() {
    this.mailer.close()
  }
}
