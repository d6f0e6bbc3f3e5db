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
  return { ok: res.ok, status: res.status, data, message }
}

/** An API path ("appointment/", "/update-cart/") resolved against the API base ("/api/" or an absolute URL). */
export const joinApiPath = (apiBase: string, path: string) => apiBase + path.replace(/^\/+/, '')
