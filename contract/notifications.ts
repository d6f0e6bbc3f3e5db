/** The customer's notifications (users/notifications/). */
import { z } from 'zod'
import { defineEndpoints } from './endpoint.js'
import { isoTime, messageAnswer } from './fields.js'

export const notification = z.object({
  id: z.number().int(),
  heading: z.string(),
  body: z.string(),
  /** ISO 8601. */
  created: isoTime,
  read: z.boolean(),
  /**
   * What the notification opens, set by the server (never found in the text): a path under the API base
   * (a service report) or an app route starting with "/"; null when it opens nothing.
   */
  link: z.string().nullable(),
  /** The link's words ("Open the service report"); null with no link. */
  link_label: z.string().nullable(),
})
export type Notification = z.infer<typeof notification>

export const notificationEndpoints = defineEndpoints('notifications', {
  'GET users/notifications/': {
    summary: "The caller's latest notifications, newest first.",
    access: 'user',
    answer: z.array(notification),
  },
  'POST users/notifications/read-all/': {
    summary: 'Marks every notification of the caller read; `count` is how many were unread.',
    access: 'user',
    answer: messageAnswer.extend({ count: z.number().int() }),
  },
  'POST users/notifications/{id}/read/': {
    summary:
      'Marks one of the caller’s notifications read (another person’s answers 404, like a missing one).',
    access: 'user',
    answer: messageAnswer,
  },
})
