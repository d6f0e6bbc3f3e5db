/**
 * The account's data: sign-up, profile and password (both settings pages), the channels per kind of
 * message and this phone's notifications (the customer's and technician's settings), and the admin's own settings.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  MessagePreferencesRequest,
  NotificationSettings,
  PasswordChangeRequest,
  PasswordResetConfirm,
  PasswordResetRequest,
  ProfileRequest,
} from '../../../contract/account.js'
import type { RegisterRequest } from '../../../contract/auth.js'
import type { PaymentSettingsRequest } from '../../../contract/withdrawals.js'
import { callApi } from '../../lib/api-client'
import { editedOnlineQuery, useOnlineOnlyMutation } from '../../lib/query'
import { userScope } from '../../lib/user-scope'
import {
  currentPushSubscription,
  pushUnsupportedReason,
  subscribeToPush,
  subscriptionJson,
} from '../../lib/push'

export const accountKeys = {
  profile: (userId: number) => [...userScope(userId), 'profile'] as const,
  paymentSettings: (userId: number) => [...userScope(userId), 'payment-settings'] as const,
  notificationSettings: (userId: number) => [...userScope(userId), 'notification-settings'] as const,
  /** Whether this browser shows the user's notifications (web push): the browser's state, kept in step with the server's. */
  phonePush: (userId: number) => [...userScope(userId), 'phone-push'] as const,
  messagePreferences: (userId: number) => [...userScope(userId), 'message-preferences'] as const,
}

export const signUp = (body: RegisterRequest) => callApi('POST register/', { body })

export const fetchProfile = (userId: number) =>
  callApi('GET admins/settings/{userId}/', { params: { userId } })
/** Location is the customer's field only; the admin's profile has no address, so its save leaves it out. */
export const saveProfile = (userId: number, profile: ProfileRequest) =>
  callApi('POST admins/settings/{userId}/', { params: { userId }, body: profile })
export const changePassword = (userId: number, body: PasswordChangeRequest) =>
  callApi('POST admins/password/{userId}/', { params: { userId }, body })

/** "Forgot password?": always the same answer, whether or not an account matched. */
export const requestPasswordReset = (body: PasswordResetRequest) => callApi('POST password-reset/', { body })
/** The link's token, or the phone number and the SMS code, with the new password. */
export const confirmPasswordReset = (body: PasswordResetConfirm) =>
  callApi('POST password-reset/confirm/', { body })

/**
 * GET admins/settings/{id}/ for both settings pages; always fresh, since the form edits it. Tried even
 * offline, so the page shows its load error instead of waiting, paused, with nothing.
 */
export const profileQuery = (userId: number) =>
  editedOnlineQuery(accountKeys.profile(userId), () => fetchProfile(userId))

/** The admin's payout account: null until it is first saved. */
export const paymentSettingsQuery = (userId: number) =>
  editedOnlineQuery(accountKeys.paymentSettings(userId), () => callApi('GET admins/payment-settings/'))

export const notificationSettingsQuery = (userId: number) =>
  editedOnlineQuery(accountKeys.notificationSettings(userId), () =>
    callApi('GET admins/notification-settings/{userId}/', { params: { userId } }),
  )

export const useSavePaymentSettings = () =>
  useOnlineOnlyMutation((body: PaymentSettingsRequest) => callApi('POST admins/payment-settings/', { body }))

export const useSaveNotificationSettings = (userId: number) =>
  useOnlineOnlyMutation((body: NotificationSettings) =>
    callApi('POST admins/notification-settings/{userId}/', { params: { userId }, body }),
  )

/** This browser's notifications: unsupported (and why), blocked by the person, on or off. */
export type PhonePushState =
  { state: 'unsupported'; reason: string } | { state: 'blocked' } | { state: 'on' } | { state: 'off' }

/**
 * Reads the browser's subscription. One that exists is saved for the logged-in user again (the server
 * keeps one row per phone), so a phone that was on under this account before stays theirs.
 */
async function readPhonePush(): Promise<PhonePushState> {
  const reason = pushUnsupportedReason()
  if (reason) return { state: 'unsupported', reason }
  const sub = await currentPushSubscription()
  if (sub) {
    await callApi('POST push/subscriptions/', { body: subscriptionJson(sub) }).catch(() => undefined)
    return { state: 'on' }
  }
  return Notification.permission === 'denied' ? { state: 'blocked' } : { state: 'off' }
}

/** This phone's notifications for the user, with turning them on (permission, subscribe, save) and off. */
export function usePhoneNotifications(userId: number) {
  const client = useQueryClient()
  const queryKey = accountKeys.phonePush(userId)
  const status = useQuery({ queryKey, queryFn: readPhonePush, staleTime: Infinity, networkMode: 'always' })
  const settle = () => client.invalidateQueries({ queryKey })
  const turnOn = useMutation({
    networkMode: 'always',
    mutationFn: async () => {
      const { publicKey } = await callApi('GET push/key/')
      const sub = (await currentPushSubscription()) ?? (await subscribeToPush(publicKey))
      await callApi('POST push/subscriptions/', { body: subscriptionJson(sub) })
    },
    onSettled: settle,
  })
  const turnOff = useMutation({
    networkMode: 'always',
    mutationFn: async () => {
      const sub = await currentPushSubscription()
      if (!sub) return
      // The server first: offline, nothing changes and the switch says why.
      await callApi('POST push/subscriptions/remove/', { body: { endpoint: sub.endpoint } })
      await sub.unsubscribe()
    },
    onSettled: settle,
  })
  return { status, turnOn, turnOff }
}
/** How the logged-in person wants each kind of message (email, SMS, WhatsApp); always fresh, the form edits it. */
export const messagePreferencesQuery = (userId: number) =>
  editedOnlineQuery(accountKeys.messagePreferences(userId), () => callApi('GET account/message-preferences/'))

/** Saves the choices (the user's cached data is refetched after, as for every save of theirs). */
export const useSaveMessagePreferences = () =>
  useOnlineOnlyMutation((body: MessagePreferencesRequest) =>
    callApi('POST account/message-preferences/', { body }),
  )
