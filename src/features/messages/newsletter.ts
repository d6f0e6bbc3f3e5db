/**
 * The footer's newsletter sign-up. Apart from the rest of the messages' data (api.ts) because the footer
 * is on every page: it must not bring the query library onto a first visit.
 */
import type { MessageAnswer } from '../../../contract/fields.js'
import { ApiError, getCsrfToken, requestWithStatus } from '../../lib/api-client'

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
