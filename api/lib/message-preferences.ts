/**
 * A person's channels per kind of message (table message_preferences) and how the four old switches
 * (notification_settings) map onto them. Rules: docs/rules/messages.md, "Channels and kinds".
 */
import type { MessagePreferencesRequest, NotificationSettings } from '../../contract/account.js'
import {
  choiceFromSwitches,
  MESSAGE_CHANNEL_KEYS,
  MESSAGE_KIND_KEYS,
  switchesFromChoices,
  type MessageChannel,
  type MessageChoices,
  type MessageKind,
} from '../../contract/message-channels.js'
import type { Queryable } from '../db/index.js'
import { SWITCH_COLUMNS, switchesOf } from '../messaging/choices.js'

/** The saved switches, or the defaults for someone who never saved them. */
export async function readSwitches(db: Queryable, userId: number): Promise<NotificationSettings> {
  const row = await db
    .selectFrom('notification_settings as s')
    .select(SWITCH_COLUMNS)
    .where('s.user_id', '=', userId)
    .executeTakeFirst()
  return switchesOf(row)
}

const isKind = (k: string): k is MessageKind => (MESSAGE_KIND_KEYS as readonly string[]).includes(k)
const isChannel = (c: string): c is MessageChannel => (MESSAGE_CHANNEL_KEYS as readonly string[]).includes(c)

/** Every kind and channel: the saved cell, else what the switches mean. */
export async function readChoices(db: Queryable, userId: number): Promise<MessageChoices> {
  const switches = await readSwitches(db, userId)
  const cells = await db
    .selectFrom('message_preferences')
    .select(['kind', 'channel', 'enabled'])
    .where('user_id', '=', userId)
    .execute()
  const choices = Object.fromEntries(
    MESSAGE_KIND_KEYS.map((kind) => [
      kind,
      Object.fromEntries(MESSAGE_CHANNEL_KEYS.map((ch) => [ch, choiceFromSwitches(switches, kind, ch)])),
    ]),
  ) as MessageChoices
  // A row of a kind or channel since removed from the lists is ignored.
  for (const c of cells)
    if (isKind(c.kind) && isChannel(c.channel)) choices[c.kind][c.channel] = c.enabled === 1
  return choices
}

async function upsertCells(
  db: Queryable,
  userId: number,
  cells: { kind: MessageKind; channel: MessageChannel; enabled: boolean }[],
) {
  if (cells.length === 0) return
  await db
    .insertInto('message_preferences')
    .values(cells.map((c) => ({ user_id: userId, kind: c.kind, channel: c.channel, enabled: +c.enabled })))
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'kind', 'channel'])
        .doUpdateSet((eb) => ({ enabled: eb.ref('excluded.enabled') })),
    )
    .execute()
}

async function writeSwitches(db: Queryable, userId: number, s: NotificationSettings) {
  const flags = { email: +s.email, sms: +s.sms, marketing: +s.marketing, payment: +s.payment }
  await db
    .insertInto('notification_settings')
    .values({ user_id: userId, ...flags })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(flags))
    .execute()
}

/**
 * Saves the cells given (the others keep their value, saved or derived) and keeps the four switches in
 * step, as switchesFromChoices reads the whole matrix. Every cell is written, so the choices no longer
 * depend on the switches. Call it in a transaction.
 */
export async function saveChoices(db: Queryable, userId: number, body: MessagePreferencesRequest) {
  const choices = await readChoices(db, userId)
  for (const [kind, channels] of Object.entries(body.choices)) {
    for (const [channel, on] of Object.entries(channels ?? {})) {
      if (isKind(kind) && isChannel(channel) && on !== undefined) choices[kind][channel] = on
    }
  }
  await upsertCells(
    db,
    userId,
    MESSAGE_KIND_KEYS.flatMap((kind) =>
      MESSAGE_CHANNEL_KEYS.map((channel) => ({ kind, channel, enabled: choices[kind][channel] })),
    ),
  )
  await writeSwitches(db, userId, switchesFromChoices(choices))
}

/**
 * The old form's save (admins/notification-settings/): the switches are stored as given, and each switch
 * that CHANGED redraws its part of the matrix, so saving the form unchanged changes nothing:
 * - email or SMS: that channel for reminders, job updates and invoices follows the switch again (invoices
 *   only while payment is on);
 * - payment off: invoices on no channel; payment on: invoices by email and SMS as those switches say;
 * - marketing: by email as the switch says, and off on every other channel.
 * WhatsApp choices are left alone except where payment or marketing is turned off. Call it in a transaction.
 */
export async function saveSwitches(db: Queryable, userId: number, next: NotificationSettings) {
  const before = await readSwitches(db, userId)
  await writeSwitches(db, userId, next)
  const cells = new Map<string, { kind: MessageKind; channel: MessageChannel; enabled: boolean }>()
  const redraw = (kind: MessageKind, channels: readonly MessageChannel[]) => {
    for (const channel of channels) {
      cells.set(`${kind}/${channel}`, { kind, channel, enabled: choiceFromSwitches(next, kind, channel) })
    }
  }
  const serviceKinds = MESSAGE_KIND_KEYS.filter((k) => k !== 'marketing')
  for (const channel of ['email', 'sms'] as const) {
    if (before[channel] !== next[channel]) for (const kind of serviceKinds) redraw(kind, [channel])
  }
  for (const [kind, on] of [
    ['invoices', 'payment'],
    ['marketing', 'marketing'],
  ] as const) {
    if (before[on] === next[on]) continue
    // Off: no channel at all. On: email and SMS as the switches say; a WhatsApp choice is left as it was.
    redraw(kind, next[on] ? ['email', 'sms'] : MESSAGE_CHANNEL_KEYS)
  }
  await upsertCells(db, userId, [...cells.values()])
}
