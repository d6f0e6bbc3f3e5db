/**
 * How a person wants to be reached outside the app: per kind of message (reminders, job updates, invoices,
 * marketing), which channels (email, SMS, WhatsApp, phone notifications). Rules: docs/rules/messages.md, "Channels and kinds".
 *
 * Channels and kinds are data: a new channel is one entry of MESSAGE_CHANNELS plus its transport on the
 * server; the table of choices (message_preferences) keeps one row per user, kind and
 * channel, so it needs no migration. No zod here (the settings page reads these lists); the schemas and
 * calls are in account.ts.
 */

/** The four switches of admins/notification-settings/ (NotificationSettings in account.ts). */
export interface Switches {
  email: boolean
  sms: boolean
  marketing: boolean
  payment: boolean
}

export const MESSAGE_CHANNELS = [
  { key: 'email', label: 'Email', needsPhone: false },
  { key: 'sms', label: 'SMS', needsPhone: true },
  { key: 'whatsapp', label: 'WhatsApp', needsPhone: true },
  // The app's own notifications, also in the tray of each phone that turned them on (web push).
  { key: 'push', label: 'Phone notifications', needsPhone: false },
] as const
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number]['key']
export const MESSAGE_CHANNEL_KEYS = MESSAGE_CHANNELS.map((c) => c.key) as [
  MessageChannel,
  ...MessageChannel[],
]

/** The kinds a person chooses channels for. Security messages (password reset) are not one: always sent. */
export const MESSAGE_KINDS = [
  {
    key: 'reminders',
    label: 'Reminders',
    description: 'The day before a visit, with a link to confirm, move or cancel it.',
  },
  {
    key: 'job_updates',
    label: 'Job updates',
    description: 'Booking received, confirmed or moved; technician on the way; the service report; orders.',
  },
  {
    key: 'invoices',
    label: 'Invoices and payments',
    description: 'Quotes, invoices, payment receipts and refunds.',
  },
  { key: 'marketing', label: 'News and offers', description: 'Occasional promotions.' },
] as const
export type MessageKind = (typeof MESSAGE_KINDS)[number]['key']
export const MESSAGE_KIND_KEYS = MESSAGE_KINDS.map((k) => k.key) as [MessageKind, ...MessageKind[]]

/** Every kind, each with every channel on or off. */
export type MessageChoices = Record<MessageKind, Record<MessageChannel, boolean>>

/**
 * What the four old switches (admins/notification-settings/) mean per kind and channel: the choice of
 * anyone who never saved one (and of every cell they never saved).
 * - email and SMS follow their switches for reminders, job updates and invoices;
 * - invoices also need the payment switch (off: no invoice, quote, receipt or refund on any channel);
 * - marketing goes by email when the marketing switch is on, never by SMS;
 * - WhatsApp is never on until chosen;
 * - phone notifications (web push) are on for every kind but marketing: a phone that turned them on gets
 *   the app's notifications until a kind is turned off.
 */
export function choiceFromSwitches(s: Switches, kind: MessageKind, channel: MessageChannel): boolean {
  if (kind === 'marketing') return channel === 'email' && s.marketing
  if (kind === 'invoices' && !s.payment) return false
  if (channel === 'email') return s.email
  if (channel === 'sms') return s.sms
  // Turning a phone's notifications on is the choice: every kind reaches it until a kind is turned off.
  if (channel === 'push') return true
  return false
}

/** Every cell from the switches. */
export const choicesFromSwitches = (s: Switches): MessageChoices =>
  Object.fromEntries(
    MESSAGE_KIND_KEYS.map((kind) => [
      kind,
      Object.fromEntries(MESSAGE_CHANNEL_KEYS.map((ch) => [ch, choiceFromSwitches(s, kind, ch)])),
    ]),
  ) as MessageChoices

/**
 * The four switches a matrix of choices reads as (what GET admins/notification-settings/ answers after a
 * save here): email / SMS when that channel is on for any kind but marketing, payment when invoices go on
 * any channel, marketing when it goes on any channel.
 */
export function switchesFromChoices(c: MessageChoices): Switches {
  const serviceKinds = MESSAGE_KIND_KEYS.filter((k) => k !== 'marketing')
  const any = (kinds: readonly MessageKind[], channels: readonly MessageChannel[]) =>
    kinds.some((k) => channels.some((ch) => c[k][ch]))
  return {
    email: any(serviceKinds, ['email']),
    sms: any(serviceKinds, ['sms']),
    payment: any(['invoices'], MESSAGE_CHANNEL_KEYS),
    marketing: any(['marketing'], MESSAGE_CHANNEL_KEYS),
  }
}
