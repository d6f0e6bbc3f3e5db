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

/**
 * Reads the whole answer. A body that stops arriving (the deadline's abort, a dropped connection) rejects:
 * half an answer is no answer, never an empty success.
 */
export async function readApiAnswer(res: Response): Promise<ApiAnswer> {
  const text = await res.text()
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

/**
 * How long the app waits for an answer before it stops waiting. On "lie-fi" (signal bars, connections
 * open, nothing comes back) a request without one hangs for minutes and holds what waits for it: the
 * screen, the outbox's lock, one of the browser's six connections to the server.
 */
export const DEADLINES = {
  /** A read: the saved copy is on screen meanwhile, and the next refresh tries again. */
  read: 15_000,
  /** A post: it stays in the outbox whatever happens, and the same Idempotency-Key goes again later. */
  send: 30_000,
  /** A post with a photo: more bytes to push up a slow uplink. */
  upload: 60_000,
} as const

/** The deadline passed with no (complete) answer: the network is connected but not answering. */
export class NoAnswerError extends Error {
  constructor(readonly afterMs: number) {
    super('The network is not answering')
    this.name = 'NoAnswerError'
  }
}

/**
 * Runs `run` with a signal that aborts after `ms` or when `outer` aborts, and stops waiting for it then,
 * whether or not it listens to the signal. A deadline that passes rejects with NoAnswerError; the
 * caller's own abort rejects with the caller's reason.
 */
export function withDeadline<T>(
  ms: number,
  outer: AbortSignal | undefined,
  run: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController()
  return new Promise<T>((resolve, reject) => {
    const stop = (reason: unknown) => {
      controller.abort(reason)
      reject(reason)
    }
    const timer = setTimeout(() => stop(new NoAnswerError(ms)), ms)
    const forward = () => stop(outer?.reason)
    if (outer?.aborted) forward()
    else outer?.addEventListener('abort', forward, { once: true })
    run(controller.signal)
      .then(resolve, (err: unknown) => reject(controller.signal.aborted ? controller.signal.reason : err))
      .finally(() => {
        clearTimeout(timer)
        outer?.removeEventListener('abort', forward)
      })
  })
}

/** fetch and the reading of its answer, both within one deadline. */
export const fetchAnswer = (
  fetcher: typeof fetch,
  url: string,
  init: RequestInit,
  ms: number,
): Promise<{ res: Response; answer: ApiAnswer }> =>
  withDeadline(ms, init.signal ?? undefined, async (signal) => {
    const res = await fetcher(url, { ...init, signal })
    return { res, answer: await readApiAnswer(res) }
  })
