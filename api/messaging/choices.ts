/**
 * Reading a person's channel choices (docs/rules/messages.md, "Channels and kinds"): their four switches
 * (notification_settings) and what those mean for a kind and channel, for the message queue (email, SMS,
 * push) and for the settings page (api/lib/message-preferences.ts).
 */
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '../../contract/account.js'
import { choiceFromSwitches, type MessageChannel, type MessageKind } from '../../contract/message-channels.js'

const SWITCH_KEYS = ['email', 'sms', 'marketing', 'payment'] as const

/** A person's switches as read from `notification_settings as s` (left-joined: null when never saved). */
export const SWITCH_COLUMNS = [
  's.email as email_on',
  's.sms as sms_on',
  's.marketing as marketing_on',
  's.payment as payment_on',
] as const

export interface SwitchColumns {
  email_on: number | null
  sms_on: number | null
  marketing_on: number | null
  payment_on: number | null
}

/** The four switches of a person, from SWITCH_COLUMNS (no row, or null columns: never saved, the defaults). */
export function switchesOf(r: SwitchColumns | undefined): NotificationSettings {
  const on = (value: number | null | undefined, fallback: boolean) => (value == null ? fallback : value === 1)
  const d = DEFAULT_NOTIFICATION_SETTINGS
  return {
    email: on(r?.email_on, d.email),
    sms: on(r?.sms_on, d.sms),
    marketing: on(r?.marketing_on, d.marketing),
    payment: on(r?.payment_on, d.payment),
  }
}

/**
 * The switch values under which choiceFromSwitches sends `kind` by `channel`, naming only the switches it
 * depends on: [] never, [{}] whatever the switches, else any one of the combinations listed. Worked out
 * from choiceFromSwitches itself over the 16 combinations, so the rule stays written once.
 */
export function switchesChoosing(
  kind: MessageKind,
  channel: MessageChannel,
): Partial<NotificationSettings>[] {
  const all = Array.from(
    { length: 2 ** SWITCH_KEYS.length },
    (_, n) =>
      Object.fromEntries(SWITCH_KEYS.map((k, i) => [k, ((n >> i) & 1) === 1])) as NotificationSettings,
  )
  const yes = (s: NotificationSettings) => choiceFromSwitches(s, kind, channel)
  const decides = SWITCH_KEYS.filter((k) => all.some((s) => yes(s) !== yes({ ...s, [k]: !s[k] })))
  // One representative per combination of the deciding switches: the others all off.
  return all
    .filter((s) => yes(s) && SWITCH_KEYS.every((k) => decides.includes(k) || !s[k]))
    .map((s) => Object.fromEntries(decides.map((k) => [k, s[k]])))
}
