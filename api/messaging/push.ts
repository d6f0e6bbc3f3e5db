/**
 * Web push (docs/rules/messages.md, "Push notifications"): a phone that turned notifications on gets each of
 * its account's in-app notifications in its notification tray too, even with the app closed. The message
 * queue carries them like email and SMS (channel 'push', recipient: the user's id), so they are sent once,
 * after the event's transaction, and retried while the push service is down.
 */
import webpush from 'web-push'
import type { Database, Queryable } from '../db/index.js'
import type { AppConfig } from '../config.js'
import type { PushSubscriptionRequest } from '../../contract/push.js'
import type { MessageKind } from '../../contract/message-channels.js'
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../contract/account.js'
import { pages } from '../../contract/pages.js'
import { affectedRows } from '../db/dialect.js'
import { switchesChoosing } from './choices.js'
import { kickSenders } from './message-queue.js'
import { PermanentSendError, type OutgoingMessage, type Transport } from './transport.js'

export interface VapidKeys {
  publicKey: string
  privateKey: string
}

const vapidCache = new WeakMap<Database, Promise<VapidKeys>>()

/**
 * The server's VAPID key pair: from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, else generated on first use and kept
 * in server_secrets, so every instance (and every restart) signs with the pair the browsers subscribed to.
 * A new pair would silently orphan every subscription.
 */
export function vapidKeys(db: Database, config: Pick<AppConfig, 'push'>): Promise<VapidKeys> {
  if (config.push.publicKey) return Promise.resolve(config.push)
  let keys = vapidCache.get(db)
  if (!keys) {
    keys = (async () => {
      await db
        .insertInto('server_secrets')
        .values({ name: 'vapid', value: JSON.stringify(webpush.generateVAPIDKeys()) })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute()
      const row = await db
        .selectFrom('server_secrets')
        .select('value')
        .where('name', '=', 'vapid')
        .executeTakeFirstOrThrow()
      return JSON.parse(row.value) as VapidKeys
    })()
    // A failed read is tried again by the next caller.
    keys.catch(() => vapidCache.delete(db))
    vapidCache.set(db, keys)
  }
  return keys
}

/**
 * Keeps a browser's subscription for the user. The endpoint is the browser's own: turned on again by another
 * account on the same phone, it moves to that account, so a phone never shows a previous user's messages.
 */
export async function savePushSubscription(db: Queryable, userId: number, sub: PushSubscriptionRequest) {
  await db
    .insertInto('push_subscriptions')
    .values({ user_id: userId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({ user_id: userId, p256dh: sub.keys.p256dh, auth: sub.keys.auth }),
    )
    .execute()
}

/** Forgets one browser of the user (turned off, or logging out); true when it was theirs. */
export async function removePushSubscription(db: Queryable, userId: number, endpoint: string) {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** What the worker shows: the tray's title and text, and the address a tap opens. */
export interface PushPayload {
  title: string
  body: string
  url: string
}

/**
 * Queues an in-app notification for the user's phones, in the caller's transaction, unless they turned phone
 * notifications off for its kind. Nothing is queued for someone with no phone turned on (most people), so
 * the queue holds only what can be delivered. One statement whatever the answer: notify() runs in many
 * events' transactions.
 */
export async function queuePush(
  db: Queryable,
  userId: number,
  kind: MessageKind,
  notification: { heading: string; body: string; link?: string },
) {
  const { heading, body, link } = notification
  // The combinations of switches that send this kind to phones when the person saved no choice for it.
  const bySwitches = switchesChoosing(kind, 'push')
  if (bySwitches.length === 0) return
  const d = DEFAULT_NOTIFICATION_SETTINGS
  const result = await db
    .insertInto('message_queue')
    .columns(['user_id', 'channel', 'recipient', 'template', 'data', 'next_attempt_at'])
    .expression((eb) =>
      eb
        .selectFrom('users as u')
        .leftJoin('notification_settings as s', 's.user_id', 'u.id')
        .leftJoin('message_preferences as p', (j) =>
          j.onRef('p.user_id', '=', 'u.id').on('p.kind', '=', kind).on('p.channel', '=', 'push'),
        )
        .select([
          'u.id',
          eb.val('push').as('channel'),
          eb.val(String(userId)).as('recipient'),
          eb.val('notification').as('template'),
          eb.val(JSON.stringify({ heading, body, ...(link ? { link } : {}) })).as('data'),
          eb.lit(0).as('next_attempt_at'),
        ])
        .where('u.id', '=', userId)
        .where(({ exists, selectFrom }) =>
          exists(selectFrom('push_subscriptions as ps').select('ps.id').whereRef('ps.user_id', '=', 'u.id')),
        )
        // Their saved choice for phones and this kind, else what their switches (or the defaults) mean.
        .where((w) => {
          const switchesSay = w.or(
            bySwitches.map((combination) =>
              w.and(
                Object.entries(combination).map(([key, on]) => {
                  const k = key as keyof typeof d
                  return w(w.fn.coalesce(`s.${k}`, w.lit(+d[k])), '=', +on)
                }),
              ),
            ),
          )
          return w.or([w('p.enabled', '=', 1), w.and([w('p.enabled', 'is', null), switchesSay])])
        }),
    )
    .executeTakeFirst()
  if (affectedRows(result) > 0) kickSenders()
}

export interface WebPushOptions {
  db: Database
  config: Pick<AppConfig, 'push'>
  fetch?: typeof fetch
  now?: () => number
}

/** How long a push service keeps a message for a phone that is off: a day-old reminder is still worth it. */
const TTL_SECONDS = 24 * 3600

/**
 * Sends a queued push to every phone of the user. A phone whose push service answers 404 or 410 has
 * unsubscribed (app removed, permission withdrawn): its row is deleted. The message counts as delivered when
 * at least one phone took it; when none is left it fails for good instead of being retried.
 */
export class WebPushTransport implements Transport {
  readonly name = 'webpush'
  private readonly fetch: typeof fetch
  private readonly now: () => number

  constructor(private readonly options: WebPushOptions) {
    this.fetch = options.fetch ?? fetch
    this.now = options.now ?? Date.now
  }

  async send(message: OutgoingMessage): Promise<void> {
    const { db } = this.options
    const userId = Number(message.to)
    const subscriptions = await db
      .selectFrom('push_subscriptions')
      .select(['id', 'endpoint', 'p256dh', 'auth'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute()
    const keys = await vapidKeys(db, this.options.config)
    const payload: PushPayload = {
      title: message.subject,
      body: message.text,
      url: message.url ?? pages.home,
    }
    const failures: string[] = []
    let delivered = 0
    for (const sub of subscriptions) {
      // web-push encrypts (aes128gcm) and signs (VAPID); the request itself goes by fetch, with a deadline.
      const request = webpush.generateRequestDetails(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: this.options.config.push.subject, ...keys },
          TTL: TTL_SECONDS,
          urgency: 'high',
        },
      )
      let status: number
      try {
        const res = await this.fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: new Uint8Array(request.body),
          signal: AbortSignal.timeout(20_000),
        })
        status = res.status
        await res.body?.cancel()
      } catch (err) {
        failures.push(`${new URL(sub.endpoint).host}: ${err instanceof Error ? err.message : String(err)}`)
        continue
      }
      if (status === 404 || status === 410) {
        await db.deleteFrom('push_subscriptions').where('id', '=', sub.id).execute()
      } else if (status >= 200 && status < 300) {
        delivered++
        await db
          .updateTable('push_subscriptions')
          .set({ last_sent_at: new Date(this.now()).toISOString() })
          .where('id', '=', sub.id)
          .execute()
      } else {
        failures.push(`${new URL(sub.endpoint).host} answered ${status}`)
      }
    }
    if (delivered > 0) return
    if (failures.length > 0) throw new Error(`No phone took the notification: ${failures.join('; ')}`)
    throw new PermanentSendError('No phone has notifications turned on any more.')
  }
}
