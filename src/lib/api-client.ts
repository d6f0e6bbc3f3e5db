/**
 * The one HTTP client: every SPEC.md path is relative to VITE_API_BASE (default /api/), cookies are sent,
 * and unsafe methods carry X-CSRFToken (the token is fetched first, once, and shared).
 */
export const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api/'

/** The server answered with a non-2xx status; `message` is its `{ message }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** No answer at all: offline, DNS, connection refused, CORS. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause })
    this.name = 'NetworkError'
  }
}

export const apiUrl = (path: string) => API_BASE + path.replace(/^\/+/, '')
/** Product images are stored as paths relative to the API base. */
export const mediaUrl = (path: string) => (/^(https?:|data:|\/)/.test(path) ? path : apiUrl(path))

let csrfToken: Promise<string> | null = null

/** The CSRF token, fetched once and cached; `fresh` refetches (the outbox does before each replay). */
export function getCsrfToken(fresh = false): Promise<string> {
  if (!csrfToken || fresh) {
    csrfToken = request<{ token: string }>('GET', 'token').then((r) => r.token)
    csrfToken.catch(() => (csrfToken = null))
  }
  return csrfToken
}

export interface RequestOptions {
  idempotencyKey?: string
  signal?: AbortSignal
  headers?: Record<string, string>
  /** fetch's cache mode; 'no-cache' also skips the service worker's stale-while-revalidate copy. */
  cache?: RequestCache
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  let payload: BodyInit | undefined
  if (body instanceof FormData) payload = body
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json'
    payload = JSON.stringify(body)
  }
  if (UNSAFE.has(method)) headers['X-CSRFToken'] = await getCsrfToken()
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey

  let res: Response
  try {
    res = await fetch(apiUrl(path), {
      method,
      headers,
      body: payload,
      credentials: 'include',
      signal: options.signal,
      ...(options.cache && { cache: options.cache }),
    })
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err
    throw new NetworkError(err)
  }
  const text = await res.text()
  let data: unknown = undefined
  if (text) {
    try {
      data = JSON.parse(text)
    } catch {
      data = text
    }
  }
  if (!res.ok) {
    // A rotated CSRF cookie (another tab, a new session) makes the cached token stale: forget it.
    if (res.status === 403) csrfToken = null
    const serverMessage =
      data && typeof data === 'object' && 'message' in data
        ? String((data as { message: unknown }).message)
        : ''
    const message = serverMessage || res.statusText || `Request failed (${res.status})`
    throw new ApiError(res.status, message, data)
  }
  return data as T
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  delete: <T = void>(path: string, options?: RequestOptions) =>
    request<T>('DELETE', path, undefined, options),
}

/** The message to show for a failed call: the server's own words, else the fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.message ? err.message : fallback
}
