/** The account's data: sign-up, profile and password (both settings pages), and the admin's own settings. */
import { queryOptions } from '@tanstack/react-query'
import type {
  NotificationSettings,
  PasswordChangeRequest,
  Profile,
  PasswordResetConfirm,
  PasswordResetRequest,
  ProfileRequest,
} from '../../../contract/account.js'
import type { RegisterRequest } from '../../../contract/auth.js'
import type { MessageAnswer } from '../../../contract/fields.js'
import type { PaymentSettingsRequest } from '../../../contract/withdrawals.js'
import { api, callApi } from '../../lib/api-client'
import { CALL_EVEN_OFFLINE, userScope, useUserMutation } from '../../lib/query'

export const accountKeys = {
  profile: (userId: number) => [...userScope(userId), 'profile'] as const,
  paymentSettings: (userId: number) => [...userScope(userId), 'payment-settings'] as const,
  notificationSettings: (userId: number) => [...userScope(userId), 'notification-settings'] as const,
}

export const signUp = (body: RegisterRequest) => api.post<MessageAnswer>('register/', body)

export const fetchProfile = (userId: number) => api.get<Profile>(`admins/settings/${userId}/`)
/** Location is the customer's field only; the admin's save leaves it out (SPEC section 7). */
export const saveProfile = (userId: number, profile: ProfileRequest) =>
  api.post<MessageAnswer>(`admins/settings/${userId}/`, profile)
export const changePassword = (userId: number, body: PasswordChangeRequest) =>
  api.post<MessageAnswer>(`admins/password/${userId}/`, body)

/** "Forgot password?": always the same answer, whether or not an account matched. */
export const requestPasswordReset = (body: PasswordResetRequest) =>
  api.post<MessageAnswer>('password-reset/', body)
/** The link's token, or the phone number and the SMS code, with the new password. */
export const confirmPasswordReset = (body: PasswordResetConfirm) =>
  api.post<MessageAnswer>('password-reset/confirm/', body)

/**
 * GET admins/settings/{id}/ for both settings pages; always fresh, since the form edits it. Tried even
 * offline, so the page shows its load error instead of waiting, paused, with nothing.
 */
export const profileQuery = (userId: number) =>
  queryOptions({
    ...CALL_EVEN_OFFLINE,
    queryKey: accountKeys.profile(userId),
    queryFn: () => fetchProfile(userId),
    staleTime: 0,
  })

/** The admin's payout account: null until it is first saved. */
export const paymentSettingsQuery = (userId: number) =>
  queryOptions({
    ...CALL_EVEN_OFFLINE,
    queryKey: accountKeys.paymentSettings(userId),
    queryFn: () => callApi('GET admins/payment-settings/'),
    staleTime: 0,
  })

export const notificationSettingsQuery = (userId: number) =>
  queryOptions({
    ...CALL_EVEN_OFFLINE,
    queryKey: accountKeys.notificationSettings(userId),
    queryFn: () => api.get<NotificationSettings>(`admins/notification-settings/${userId}/`),
    staleTime: 0,
  })

export const useSavePaymentSettings = () =>
  useUserMutation(
    (body: PaymentSettingsRequest) => callApi('POST admins/payment-settings/', { body }),
    CALL_EVEN_OFFLINE,
  )

export const useSaveNotificationSettings = (userId: number) =>
  useUserMutation(
    (body: NotificationSettings) => api.post<MessageAnswer>(`admins/notification-settings/${userId}/`, body),
    CALL_EVEN_OFFLINE,
  )
