/**
 * The contact form (quick/message/), its inbox (admins/messages/), the newsletter, the email and SMS the
 * server sent or will send (admins/sent-messages/: its message queue), and the back office's alerts.
 */
import { z } from 'zod'
import { defineEndpoints } from './endpoint.js'
import { emailField, isoTime, keyed, messageAnswer, requiredText } from './fields.js'
import { MESSAGE_CHANNEL_KEYS } from './message-channels.js'

export const quickMessageBody = z.object({
  name: requiredText('Name', 120),
  email: emailField(),
  message: requiredText('Message', 5000),
})
export type QuickMessage = z.input<typeof quickMessageBody>
export const adminMessage = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  date: isoTime,
  message: z.string(),
  read: z.boolean(),
  archived: z.boolean(),
})
export type AdminMessage = z.infer<typeof adminMessage>

/** admins/messages/?view=: inbox (not archived, the default screen), unread, archived, all (the default). */
export const INBOX_VIEWS = ['inbox', 'unread', 'archived', 'all'] as const
export type InboxView = (typeof INBOX_VIEWS)[number]

/** POST admins/messages/{id}/read|archive/: true (the default, also with no body) sets it, false undoes it. */
export const messageReadBody = z.object({
  read: z.boolean({ error: 'read must be true or false' }).default(true),
})
export const messageArchiveBody = z.object({
  archived: z.boolean({ error: 'archived must be true or false' }).default(true),
})

export const newsletterBody = z.object({ email: emailField() })
export type NewsletterRequest = z.input<typeof newsletterBody>

export const SENT_MESSAGE_STATUSES = ['pending', 'sent', 'failed'] as const
export type SentMessageStatus = (typeof SENT_MESSAGE_STATUSES)[number]

export const sentMessage = z.object({
  id: z.number().int(),
  /** email, sms, whatsapp (contract/message-channels.ts). */
  channel: z.enum(MESSAGE_CHANNEL_KEYS),
  /** Email address or phone number. */
  recipient: z.string(),
  template: z.string(),
  /** Filled in once an attempt was made. */
  subject: z.string(),
  body: z.string(),
  status: z.enum(SENT_MESSAGE_STATUSES),
  /** How it left: smtp, termii, or log (nothing configured: written to the server log only). */
  transport: z.string(),
  attempts: z.number().int(),
  last_error: z.string(),
  /** ISO 8601. */
  created_at: isoTime,
  sent_at: isoTime.nullable(),
  /** ISO 8601; for a pending message, when the next attempt is due. */
  next_attempt_at: isoTime,
  /** An SMS sent in place of a WhatsApp message that failed: that message's id. */
  fallback_of: z.number().int().nullable(),
  /** A WhatsApp message that failed: the id of the SMS sent in its place (null until then, or none). */
  fallback_id: z.number().int().nullable(),
})
export type SentMessage = z.infer<typeof sentMessage>

/** The lists whose new items the admin sidebar counts (admins/alerts/). */
export const ALERT_LISTS = ['bookings', 'orders', 'messages'] as const
export type AlertList = (typeof ALERT_LISTS)[number]
/** Items new since the admin last opened each list. */
export const adminAlerts = z.object(keyed(ALERT_LISTS, z.number().int()))
export type AdminAlerts = z.infer<typeof adminAlerts>

export const messageEndpoints = defineEndpoints('messages', {
  'POST quick/message/': {
    summary: 'The contact form: the message is kept for the inbox and every admin is emailed.',
    access: 'public',
    body: quickMessageBody,
    answer: messageAnswer,
    status: 201,
    idempotent: true,
    errors: {
      409: 'A request with this Idempotency-Key is still being processed: try again after Retry-After.',
      422: 'This Idempotency-Key was already used for a different request.',
    },
  },
  'GET admins/messages/': {
    summary: "The contact form's messages, newest first, in one view (default all).",
    access: 'admin',
    query: z.object({ view: z.enum(INBOX_VIEWS).optional() }),
    answer: z.array(adminMessage),
  },
  'POST admins/messages/{id}/read/': {
    summary: 'Marks a message read (or, with `read: false`, unread).',
    access: 'admin',
    body: messageReadBody,
    answer: messageAnswer.extend({ read: z.boolean() }),
  },
  'POST admins/messages/{id}/archive/': {
    summary: 'Archives a message (or, with `archived: false`, moves it back to the inbox).',
    access: 'admin',
    body: messageArchiveBody,
    answer: messageAnswer.extend({ archived: z.boolean() }),
  },
  'POST newsletter/': {
    summary: 'Subscribes an email to the newsletter: 201 when new, 200 when it was already subscribed.',
    access: 'public',
    body: newsletterBody,
    answer: messageAnswer,
    status: 201,
    alsoStatus: 200,
  },
  'GET admins/sent-messages/': {
    summary: 'The latest emails and SMS the server sent or will send, newest first.',
    access: 'admin',
    query: z.object({
      status: z.enum(SENT_MESSAGE_STATUSES).optional(),
      channel: z.enum(MESSAGE_CHANNEL_KEYS).optional(),
    }),
    answer: z.array(sentMessage),
  },
  'GET admins/alerts/': {
    summary: 'How many bookings, orders and messages arrived since this admin last opened each list.',
    access: 'admin',
    answer: adminAlerts,
  },
  'POST admins/alerts/{list}/seen/': {
    summary: 'The admin opened a list (bookings, orders or messages): its count starts again from now.',
    access: 'admin',
    answer: messageAnswer,
  },
})
