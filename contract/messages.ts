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
}

export const newsletterBody = z.object({ email: emailField() })
export type NewsletterRequest = z.input<typeof newsletterBody>
