/**
 * How an API answer is read, in one place for the page's client, the outbox replay and the service
 * worker: JSON when it parses (else the text), and the server's `{ message }` as the error text.
 * Framework-free and window-free, so the worker can import it.
 */
export interface ApiAnswer {
  ok: boolean
  status: number
  /** The parsed JSON body; the raw text when it is not JSON; undefined when empty. */
  data: unknown
  /** On failure: the server's message, else the status text, else "Request failed (status)". */
  message: string
  /** How long the server asked to wait before trying again (Retry-After of a 429 or 503), in ms. */
  retryAfterMs?: number
}

/** Retry-After as milliseconds from now (it is seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterMs(res: Response, now = Date.now()): number | undefined {
  const value = res.headers.get('Retry-After')?.trim()
  if (!value) return undefined
  if (/^\d+$/.test(value)) return Number(value) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

export async function readApiAnswer(res: Response): Promise<ApiAnswer> {
  const text = await res.text().catch(() => '')
  let data: unknown = undefined
  if (text) {
    try {
      data = JSON.parse(text)
    } catch {
      data = text
    }
  }
  const serverMessage =
    data && typeof data === 'object' && 'message' in data
      ? String((data as { message: unknown }).message)
      : ''
  const message = res.ok ? serverMessage : serverMessage || res.statusText || `Request failed (${res.status})`
  return {
    ok: res.ok,
    status: res.status,
    data,
    message,
    ...(!res.ok && { retryAfterMs: retryAfterMs(res) }),
  }
}

/** An API path ("appointment/", "/update-cart/") resolved against the API base ("/api/" or an absolute URL). */
export const joinApiPath = (apiBase: string, path: string) => apiBase + path.replace(/^\/+/, '')
