/**
 * Messages' data: the back office's Messages screen (read and archived
 * flags), its "Sent messages" screen (every email and SMS the server sent or will send), the admin
 * sidebar's counts of new bookings, orders and messages (admins/alerts/), and the footer's newsletter
 * sign-up (which the footer loads when the visitor subscribes). Kept free of the offline database, so
 * the admin layout that shows the counts stays light.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { MessageAnswer } from '../../../contract/fields.js'
import type { AdminAlerts, AlertList, InboxView, SentMessageStatus } from '../../../contract/messages.js'
import type { MessageChannel } from '../../../contract/message-channels.js'
import { ApiError, callApi, callApiWithStatus, getCsrfToken } from '../../lib/api-client'
import { CALL_EVEN_OFFLINE, onlineOnlyQuery, useOnlineOnlyMutation } from '../../lib/query'
import { userScope } from '../../lib/user-scope'
import { useUserId } from '../../lib/session'

export const messageKeys = {
  admin: (userId: number | null, view: InboxView = 'inbox') =>
    [...userScope(userId), 'messages', 'admin', view] as const,
  sent: (userId: number | null, status: SentMessageStatus | 'all', channel: MessageChannel | 'all' = 'all') =>
    [...userScope(userId), 'messages', 'sent', status, channel] as const,
  alerts: (userId: number | null) => [...userScope(userId), 'messages', 'admin-alerts'] as const,
}

export const adminMessagesQuery = (userId: number | null, view: InboxView = 'inbox') =>
  onlineOnlyQuery(userId, messageKeys.admin(userId, view), () =>
    callApi('GET admins/messages/', { query: { view } }),
  )
export const useAdminMessages = (view: InboxView = 'inbox') => useQuery(adminMessagesQuery(useUserId(), view))

export const useMarkMessageRead = () =>
  useOnlineOnlyMutation(({ id, read }: { id: number; read: boolean }) =>
    callApi('POST admins/messages/{id}/read/', { params: { id }, body: { read } }),
  )
export const useArchiveMessage = () =>
  useOnlineOnlyMutation(({ id, archived }: { id: number; archived: boolean }) =>
    callApi('POST admins/messages/{id}/archive/', { params: { id }, body: { archived } }),
  )

export const sentMessagesQuery = (
  userId: number | null,
  status: SentMessageStatus | 'all',
  channel: MessageChannel | 'all' = 'all',
) =>
  queryOptions({
    ...onlineOnlyQuery(userId, messageKeys.sent(userId, status, channel), () =>
      callApi('GET admins/sent-messages/', {
        query: {
          status: status === 'all' ? undefined : status,
          channel: channel === 'all' ? undefined : channel,
        },
      }),
    ),
    // A pending message is retried by the server; the screen follows it.
    refetchInterval: 30_000,
  })
export const useSentMessages = (status: SentMessageStatus | 'all', channel: MessageChannel | 'all' = 'all') =>
  useQuery(sentMessagesQuery(useUserId(), status, channel))

// ---------- the admin's new-item counts ----------

/** How often the sidebar asks for new bookings, orders and messages while the back office is open. */
const ALERTS_REFRESH_MS = 60_000

export const adminAlertsQuery = (userId: number | null) =>
  queryOptions({
    ...onlineOnlyQuery(userId, messageKeys.alerts(userId), () => callApi('GET admins/alerts/')),
    refetchInterval: ALERTS_REFRESH_MS,
  })
export const useAdminAlerts = () => useQuery(adminAlertsQuery(useUserId()))

/** The admin opened a list: its count starts again from now (zeroed on screen at once). */
export function useMarkListSeen() {
  const queryClient = useQueryClient()
  const key = messageKeys.alerts(useUserId())
  return useMutation({
    ...CALL_EVEN_OFFLINE,
    mutationFn: (list: AlertList) => callApi('POST admins/alerts/{list}/seen/', { params: { list } }),
    onMutate: (list) => {
      queryClient.setQueryData<AdminAlerts>(key, (alerts) => alerts && { ...alerts, [list]: 0 })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  })
}

// ---------- the footer's newsletter sign-up ----------

export interface SubscribeAnswer extends MessageAnswer {
  /** 201: a new subscriber; 200: the address was already on the list. */
  created: boolean
}

/** POST newsletter/ { email }: the status says whether the address is new (201) or already listed (200). */
export async function subscribeToNewsletter(email: string): Promise<SubscribeAnswer> {
  const post = () => callApiWithStatus('POST newsletter/', { body: { email } })
  let answer: Awaited<ReturnType<typeof post>>
  try {
    answer = await post()
  } catch (err) {
    // A rotated CSRF cookie makes the cached token stale: fetch a fresh one and try once more.
    if (!(err instanceof ApiError && err.status === 403)) throw err
    await getCsrfToken(true)
    answer = await post()
  }
  return { message: answer.data.message, created: answer.status === 201 }
}
