/** Web push: the server's public key and the phones that turned notifications on (push/). */
import { z } from 'zod'
import { defineEndpoints } from './endpoint.js'
import { messageAnswer } from './fields.js'

const base64url = (what: string) =>
  z
    .string({ error: `${what} is missing` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url`)
    .max(200, `${what} is too long`)

/** What the browser's PushSubscription.toJSON() gives, as sent by the app. */
export const pushSubscriptionBody = z.object({
  endpoint: z
    .url({ protocol: /^https?$/, error: 'The push endpoint must be an https:// address' })
    .max(1000, 'The push endpoint is too long'),
  keys: z.object({ p256dh: base64url('The p256dh key'), auth: base64url('The auth secret') }),
})
export type PushSubscriptionRequest = z.output<typeof pushSubscriptionBody>

export const pushUnsubscribeBody = z.object({
  endpoint: z.string({ error: 'The push endpoint is missing' }).max(1000, 'The push endpoint is too long'),
})

export const pushEndpoints = defineEndpoints('push', {
  'GET push/key/': {
    summary: "The server's VAPID public key (base64url), for PushManager.subscribe's applicationServerKey.",
    access: 'user',
    answer: z.object({ publicKey: z.string() }),
  },
  'POST push/subscriptions/': {
    summary:
      "Keeps this browser's push subscription for the caller: their notifications reach its tray. A subscription another account had moves to the caller.",
    access: 'user',
    body: pushSubscriptionBody,
    answer: messageAnswer,
    status: 201,
  },
  'POST push/subscriptions/remove/': {
    summary:
      "Forgets this browser's push subscription (turned off, or logging out). Answers 200 also when it was already gone.",
    access: 'user',
    body: pushUnsubscribeBody,
    answer: messageAnswer,
  },
})
