/**
 * Messages' data: the footer's newsletter sign-up, the back office's Messages screen (read and archived
 * flags) and its "Sent messages" screen (every email and SMS the server sent or will send).
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { MessageAnswer } from '../../../contract/fields.js'
import type { AdminMessage, InboxView } from '../../../contract/messages.js'
import type { SentMessage, SentMessageStatus } from '../../../contract/outbox.js'
import { api, ApiError, getCsrfToken, requestWithStatus } from '../../lib/api-client'
import { CALL_EVEN_OFFLINE, userScope, useUserMutation } from '../../lib/query'
import { useUserId } from '../../lib/session'

export const messageKeys = {
  admin: (userId: number | null, view: InboxView = 'inbox') =>
    [...userScope(userId), 'messages', 'admin', view] as const,
  sent: (userId: number | null, status: SentMessageStatus | 'all') =>
    [...userScope(userId), 'messages', 'sent', status] as const,
}

export const adminMessagesQuery = (userId: number | null, view: InboxView = 'inbox') =>
  queryOptions({
    ...CALL_EVEN_OFFLINE,
    queryKey: messageKeys.admin(userId, view),
    queryFn: () => api.get<AdminMessage[]>(`admins/messages/?view=${view}`),
    enabled: userId !== null,
  })
export const useAdminMessages = (view: InboxView = 'inbox') => useQuery(adminMessagesQuery(useUserId(), view))

export const useMarkMessageRead = () =>
  useUserMutation(
    ({ id, read }: { id: number; read: boolean }) =>
      api.post<MessageAnswer>(`admins/messages/${id}/read/`, { read }),
    CALL_EVEN_OFFLINE,
  )
export const useArchiveMessage = () =>
  useUserMutation(
    ({ id, archived }: { id: number; archived: boolean }) =>
      api.post<MessageAnswer>(`admins/messages/${id}/archive/`, { archived }),
    CALL_EVEN_OFFLINE,
  )

export const sentMessagesQuery = (userId: number | null, status: SentMessageStatus | 'all') =>
  queryOptions({
    ...CALL_EVEN_OFFLINE,
    queryKey: messageKeys.sent(userId, status),
    queryFn: () =>
      api.get<SentMessage[]>(`admins/sent-messages/${status === 'all' ? '' : `?status=${status}`}`),
    enabled: userId !== null,
    // A pending message is retried by the server; the screen follows it.
    refetchInterval: 30_000,
  })
export const useSentMessages = (status: SentMessageStatus | 'all') =>
  useQuery(sentMessagesQuery(useUserId(), status))

export interface SubscribeAnswer extends MessageAnswer {
  /** 201: a new subscriber; 200: the address was already on the list. */
  created: boolean
}

/** POST newsletter/ { email }: the status says whether the address is new (201) or already listed (200). */
export async function subscribeToNewsletter(email: string): Promise<SubscribeAnswer> {
  const post = () => requestWithStatus<Partial<MessageAnswer>>('POST', 'newsletter/', { email })
  let answer: Awaited<ReturnType<typeof post>>
  try {
    answer = await post()
  } catch (err) {
    // A rotated CSRF cookie makes the cached token stale: fetch a fresh one and try once more.
    if (!(err instanceof ApiError && err.status === 403)) throw err
    await getCsrfToken(true)
    answer = await post()
  }
  return { message: answer.data?.message ?? '', created: answer.status === 201 }
}
