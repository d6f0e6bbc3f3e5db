/** A person's own settings: profile, password, notification choices (admins/settings|password|notification-settings/{userId}/). */
import { z } from 'zod'
import { defineEndpoints } from './endpoint.js'
import { emailField, keyed, messageAnswer, optionalPhoneField, passwordField } from './fields.js'
import { NIGERIAN_STATES } from './nigerian-states.js'
import { MESSAGE_CHANNEL_KEYS, MESSAGE_KIND_KEYS } from './message-channels.js'

/** `location` is the street address; landmark, city and state are kept apart, as checkout asks for them. */
export const profile = z.object({
  first_name: z.string(),
  last_name: z.string(),
  /** The login email. */
  username: z.string(),
  /** As people type it (0803…); '' when none. */
  phone_number: z.string(),
  location: z.string(),
  landmark: z.string(),
  city: z.string(),
  /** '' when not given yet. */
  state: z.enum([...NIGERIAN_STATES, '']),
})
export type Profile = z.infer<typeof profile>
export const profileBody = z.object({
  first_name: z.string().trim().max(60).default(''),
  last_name: z.string().trim().max(60).default(''),
  username: emailField('Username (email)'),
  phone_number: optionalPhoneField().default(''),
  location: z.string().trim().max(300, 'Address must be at most 300 characters').optional(),
  landmark: z.string().trim().max(200, 'Landmark must be at most 200 characters').optional(),
  city: z.string().trim().max(100, 'City must be at most 100 characters').optional(),
  state: z.enum([...NIGERIAN_STATES, ''], { error: 'Choose a state' }).optional(),
  /** Needed only when the username (the login email) changes: the caller's own password. */
  current_password: z.string().max(200).optional(),
})
export type ProfileRequest = z.input<typeof profileBody>

/** Whether a profile save changes the login email (emails compare without case, as the database does). */
export const changesLoginEmail = (saved: string, wanted: string) =>
  saved.trim().toLowerCase() !== wanted.trim().toLowerCase()

export const passwordChangeBody = z
  .object({
    current_password: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required'),
    new_password: passwordField('New password'),
    confirm_password: z.string({ error: 'Confirm your new password' }).min(1, 'Confirm your new password'),
  })
  .refine((b) => b.new_password === b.confirm_password, {
    message: 'New password and confirmation do not match',
    path: ['confirm_password'],
  })
export type PasswordChangeRequest = z.input<typeof passwordChangeBody>

const onOff = (label: string) => z.boolean({ error: `${label} must be true or false` })
export const notificationSettingsBody = z.object({
  email: onOff('Email notifications'),
  sms: onOff('SMS notifications'),
  marketing: onOff('Marketing emails'),
  payment: onOff('Payment notifications'),
})
export type NotificationSettings = z.output<typeof notificationSettingsBody>
/** What a person who never saved their choices gets. */
export const DEFAULT_NOTIFICATION_SETTINGS: Readonly<NotificationSettings> = Object.freeze({
  email: true,
  sms: false,
  marketing: false,
  payment: true,
})

// ---------- forgotten password (password-reset/, password-reset/confirm/, admins/users/{id}/password-reset/) ----------

/** A reset link or code works once, for this long. */
export const PASSWORD_RESET_MINUTES = 30

/** The same answer whether or not an account matched, so the form does not reveal who has one. */
export const PASSWORD_RESET_SENT =
  'If an account matches, we have sent it a reset link (email) or code (SMS). It expires in 30 minutes.'

export const passwordResetRequestBody = z
  .object({
    email: z.string().trim().max(254).optional(),
    phone: z.string().trim().max(30).optional(),
  })
  .refine((b) => !!b.email || !!b.phone, { message: 'Enter your email or phone number', path: ['email'] })
export type PasswordResetRequest = z.input<typeof passwordResetRequestBody>

/**
 * With a link: token. With an SMS code: phone and code, plus `account_id` when the number is on several
 * accounts (the right code without it answers 409 PasswordResetChoice, so only the phone's holder sees them).
 */
export const passwordResetConfirmBody = z
  .object({
    token: z.string().trim().max(200).optional(),
    phone: z.string().trim().max(30).optional(),
    code: z.string().trim().max(20).optional(),
    account_id: z.number({ error: 'Choose an account' }).int().positive().optional(),
    new_password: passwordField('New password'),
  })
  .refine((b) => !!b.token || (!!b.phone && !!b.code), {
    message: 'The reset link is incomplete, or enter your phone number and the code we sent',
    path: ['token'],
  })
export type PasswordResetConfirm = z.input<typeof passwordResetConfirmBody>

export const PASSWORD_RESET_CHOOSE = 'This number is on more than one account. Choose the one to reset.'
/** 409 of password-reset/confirm/ for a right code of a shared number: the accounts, emails masked. */
export const passwordResetChoice = z.object({
  message: z.string(),
  accounts: z.array(z.object({ id: z.number().int(), email: z.string() })),
})
export type PasswordResetChoice = z.infer<typeof passwordResetChoice>

export const adminPasswordResetBody = z.object({
  channel: z.enum(['email', 'sms'], { error: 'Channel must be email or sms' }).default('email'),
})
export type AdminPasswordResetRequest = z.input<typeof adminPasswordResetBody>

// ---------- channels per kind of message (account/message-preferences/; lists in message-channels.ts) ----------

/** An object with one key per entry of a list (the kinds, the channels), each of the same schema. */
const cellsBody = z.strictObject(
  keyed(MESSAGE_CHANNEL_KEYS, z.boolean({ error: 'Each choice must be true or false' }).optional()),
  { error: `Channels are ${MESSAGE_CHANNEL_KEYS.join(', ')}` },
)

/**
 * POST account/message-preferences/: the cells to change. A kind or channel left out keeps what it was (so
 * a client written before a channel existed still saves).
 */
export const messagePreferencesBody = z.object({
  choices: z.strictObject(keyed(MESSAGE_KIND_KEYS, cellsBody.optional()), {
    error: `Kinds are ${MESSAGE_KIND_KEYS.join(', ')}`,
  }),
})
export type MessagePreferencesRequest = z.input<typeof messagePreferencesBody>

export const messagePreferencesAnswer = z.object({
  choices: z.object(keyed(MESSAGE_KIND_KEYS, z.object(keyed(MESSAGE_CHANNEL_KEYS, z.boolean())))),
  /** The account has no phone number: SMS and WhatsApp cannot reach it until one is added. */
  phone_missing: z.boolean(),
  /** WhatsApp is configured on the server; when not, a WhatsApp choice is sent by SMS. */
  whatsapp_ready: z.boolean(),
})
export type MessagePreferences = z.infer<typeof messagePreferencesAnswer>

export const accountEndpoints = defineEndpoints('account', {
  'GET admins/settings/{userId}/': {
    summary: "An account's profile: the person themself, or an admin.",
    access: 'user',
    answer: profile,
    errors: { 403: 'Another person’s profile, asked by someone who is not an admin.' },
  },
  'POST admins/settings/{userId}/': {
    summary: "Saves an account's profile; changing the login email needs the caller's current password.",
    access: 'user',
    body: profileBody,
    answer: messageAnswer,
    status: 201,
    errors: { 409: 'An account with this email already exists.' },
  },
  'POST admins/password/{userId}/': {
    summary: "Changes the caller's own password; their other sessions end.",
    access: 'user',
    body: passwordChangeBody,
    answer: messageAnswer,
    status: 201,
  },
  'GET admins/notification-settings/{userId}/': {
    summary: 'Which notifications an account wants (the defaults until first saved).',
    access: 'user',
    answer: notificationSettingsBody,
    errors: { 403: 'Another person’s settings, asked by someone who is not an admin.' },
  },
  'POST admins/notification-settings/{userId}/': {
    summary: 'Saves which notifications an account wants.',
    access: 'user',
    body: notificationSettingsBody,
    answer: messageAnswer,
    status: 201,
  },
  'POST password-reset/': {
    summary:
      'Sends a reset link (email) or code (SMS) if an account matches; the answer is the same either way.',
    access: 'public',
    body: passwordResetRequestBody,
    answer: messageAnswer,
  },
  'POST password-reset/confirm/': {
    summary: 'Sets a new password with the link’s token, or with the phone number and the SMS code.',
    access: 'public',
    body: passwordResetConfirmBody,
    answer: messageAnswer,
    errors: {
      409: 'The number is on several accounts: `accounts` lists them (emails masked); send again with `account_id`.',
    },
  },
  'GET account/message-preferences/': {
    summary:
      'How the logged-in person wants each kind of message (reminders, job updates, invoices, marketing): ' +
      'email, SMS, WhatsApp.',
    access: 'user',
    answer: messagePreferencesAnswer,
  },
  'POST account/message-preferences/': {
    summary: 'Saves the logged-in person’s channels per kind; cells left out keep their value.',
    access: 'user',
    body: messagePreferencesBody,
    answer: messageAnswer,
    status: 201,
  },
})
