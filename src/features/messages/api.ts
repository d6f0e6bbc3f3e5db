/** Messages' data: the footer's newsletter sign-up and the back office's Messages screen. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { MessageAnswer } from '../../../contract/fields.js'
import type { AdminMessage } from '../../../contract/messages.js'
import { api, ApiError, getCsrfToken, requestWithStatus } from '../../lib/api-client'
import { CALL_EVEN_OFFLINE, userScope } from '../../lib/query'
import { useUserId } from '../../lib/session'

export const messageKeys = {
  admin: (userId: number | null) => [...userScope(userId), 'messages', 'admin'] as const,
}

export const adminMessagesQuery = (userId: number | null) =>
  queryOptions({
    ...CALL_EVEN_OFFLINE,
    queryKey: messageKeys.admin(userId),
    queryFn: () => api.get<AdminMessage[]>('admins/messages/'),
    enabled: userId !== null,
  })
export const useAdminMessages = () => useQuery(adminMessagesQuery(useUserId()))

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
