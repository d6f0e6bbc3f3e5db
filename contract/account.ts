/** A person's own settings: profile, password, notification choices (admins/settings|password|notification-settings/{userId}/). */
import { z } from 'zod'
import { emailField, optionalPhoneField, passwordField } from './fields.js'

export interface Profile {
  first_name: string
  last_name: string
  username: string
  phone_number: string
  location: string
}
export const profileBody = z.object({
  first_name: z.string().trim().max(60).default(''),
  last_name: z.string().trim().max(60).default(''),
  username: emailField('Username (email)'),
  phone_number: optionalPhoneField().default(''),
  location: z.string().trim().max(300).optional(),
})
export type ProfileRequest = z.input<typeof profileBody>

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
