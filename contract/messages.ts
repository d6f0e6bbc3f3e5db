/** The contact form (quick/message/), its inbox (admins/messages/) and the newsletter. */
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
