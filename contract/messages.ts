/**
 * The contact form (quick/message/), its inbox (admins/messages/), the newsletter, the email and SMS the
 * server sent or will send (admins/sent-messages/: its message queue), and the back office's alerts.
 */
import { z } from 'zod'
import { emailField, requiredText } from './fields.js'

export const quickMessageBody = z.object({
  name: requiredText('Name', 120),
  email: emailField(),
  message: requiredText('Message', 5000),
})
export type QuickMessage = z.input<typeof quickMessageBody>
export interface AdminMessage {
  id: number
  name: string
  email: string
  date: string
  message: string
  read: boolean
  archived: boolean
}

/** admins/messages/?view=: inbox (not archived, the default screen), unread, archived, all (the default). */
export const INBOX_VIEWS = ['inbox', 'unread', 'archived', 'all'] as const
export type InboxView = (typeof INBOX_VIEWS)[number]

export const newsletterBody = z.object({ email: emailField() })
export type NewsletterRequest = z.input<typeof newsletterBody>

export type SentMessageStatus = 'pending' | 'sent' | 'failed'

export interface SentMessage {
  id: number
  channel: 'email' | 'sms'
  /** Email address or phone number. */
  recipient: string
  template: string
  /** Filled in once an attempt was made. */
  subject: string
  body: string
  status: SentMessageStatus
  /** How it left: smtp, termii, or log (nothing configured: written to the server log only). */
  transport: string
  attempts: number
  last_error: string
  /** ISO 8601. */
  created_at: string
  sent_at: string | null
  /** ISO 8601; for a pending message, when the next attempt is due. */
  next_attempt_at: string
}

/** The lists whose new items the admin sidebar counts (admins/alerts/). */
export const ALERT_LISTS = ['bookings', 'orders', 'messages'] as const
export type AlertList = (typeof ALERT_LISTS)[number]
/** Items new since the admin last opened each list. */
export type AdminAlerts = Record<AlertList, number>
