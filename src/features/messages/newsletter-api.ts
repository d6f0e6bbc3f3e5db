import type { MessageAnswer } from '../../../contract/index.js'
import { ApiError, NetworkError, apiUrl, getCsrfToken } from '../../lib/api-client'

export interface SubscribeAnswer extends MessageAnswer {
  /** 201: a new subscriber; 200: the address was already on the list. */
  created: boolean
}

/**
 * POST newsletter/ { email }. The status matters here (201 new, 200 already subscribed) and
 * request() hides it, so this call reads the response itself, with the same CSRF header.
 */
export async function subscribeToNewsletter(email: string, retried = false): Promise<SubscribeAnswer> {
  const token = await getCsrfToken(retried)
  let res: Response
  try {
    res = await fetch(apiUrl('newsletter/'), {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-CSRFToken': token },
      body: JSON.stringify({ email }),
    })
  } catch (err) {
    throw new NetworkError(err)
  }
  const data = (await res.json().catch(() => ({}))) as Partial<MessageAnswer>
  // A rotated CSRF cookie makes the cached token stale: fetch a fresh one and try once more.
  if (res.status === 403 && !retried) return subscribeToNewsletter(email, true)
  if (!res.ok) throw new ApiError(res.status, data.message || res.statusText, data)
  return { message: data.message ?? '', created: res.status === 201 }
}
