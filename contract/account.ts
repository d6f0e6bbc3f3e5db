/** A person's own settings: profile, password, notification choices (admins/settings|password|notification-settings/{userId}/). */
import { z } from 'zod'
import { emailField, optionalPhoneField, passwordField } from './fields.js'
import { NIGERIAN_STATES, type NigerianState } from './nigerian-states.js'

/** `location` is the street address; landmark, city and state are kept apart, as checkout asks for them. */
export interface Profile {
  first_name: string
  last_name: string
  username: string
  phone_number: string
  location: string
  landmark: string
  city: string
  /** '' when not given yet. */
  state: NigerianState | ''
}
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
export interface PasswordResetChoice {
  message: string
  accounts: { id: number; email: string }[]
}

export const adminPasswordResetBody = z.object({
  channel: z.enum(['email', 'sms'], { error: 'Channel must be email or sms' }).default('email'),
})
export type AdminPasswordResetRequest = z.input<typeof adminPasswordResetBody>
