import type { Queryable } from '../db/index.js'
import type { MessageKind } from '../../contract/message-channels.js'
import { pages } from '../../contract/pages.js'
import { queuePush } from '../messaging/push.js'
import { sendMessage, type SendRequest } from '../messaging/index.js'
import type { TemplateName } from '../messaging/templates.js'

/**
 * What a notification links to: `path` is under the API base ("staff/jobs/5/report") or an app route
 * ("/orders"). Only the server's own code makes one; a link is never read out of a notification's text,
 * which may carry what a customer typed.
 */
export interface NotificationLink {
  path: string
  label: string
}

/** The customer's bookings (/book lists them under the form), where a booking's news is read and acted on. */
export const MY_BOOKINGS: NotificationLink = { path: pages.book, label: 'See your bookings' }

/** A technician's job page (keyed by the booking's id). */
export const jobPage = (bookingId: number): NotificationLink => ({
  path: pages.job(bookingId),
  label: 'Open the job',
})

/** A path of ours: no scheme, no host ("//evil.example"), nothing but a path's characters. */
const OUR_PATH = /^\/?(?!\/)[A-Za-z0-9/_.~%?=&-]*$/

/**
 * Writes a notification the user sees in the Notifications modal (newest first), and queues it for the
 * phones on which they turned notifications on (web push), in the same transaction.
 */
export async function notify(
  db: Queryable,
  userId: number | null | undefined,
  heading: string,
  body: string,
  link?: NotificationLink,
  /** Which of the person's channel choices the phone notification obeys (docs/rules/messages.md). */
  kind: MessageKind = 'job_updates',
) {
  if (!userId) return
  if (link && !OUR_PATH.test(link.path)) throw new Error(`Not a path of ours: ${link.path}`)
  await db
    .insertInto('notifications')
    .values({ user_id: userId, heading, body, link: link?.path ?? null, link_label: link?.label ?? null })
    .execute()
  await queuePush(db, userId, kind, { heading, body, link: link?.path })
}

/** A notification: its words, what it opens, and which of the person's channel choices its push obeys. */
export interface Notice {
  heading: string
  body: string
  link?: NotificationLink
  kind?: MessageKind
}

/**
 * Tells a person of an event both ways, in the caller's transaction: the notification (and their phones)
 * and the message their channel choices send. Nobody to tell (a document billed to no account): nothing.
 */
export async function tell<K extends TemplateName>(
  db: Queryable,
  userId: number | null | undefined,
  notice: Notice,
  message: Omit<SendRequest<K>, 'to'>,
) {
  if (!userId) return
  await notify(db, userId, notice.heading, notice.body, notice.link, notice.kind)
  await sendMessage({ db }, { ...message, to: userId })
}

/** Writes the same notification for every admin. */
export async function notifyAdmins(db: Queryable, heading: string, body: string, link?: NotificationLink) {
  const admins = await db.selectFrom('users').select('id').where('role', '=', 'admin').execute()
  for (const admin of admins) await notify(db, admin.id, heading, body, link)
}
