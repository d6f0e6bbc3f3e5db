/**
 * The one HTTP client: every API path is relative to VITE_API_BASE (default /api/), cookies are sent,
 * and unsafe methods carry X-CSRFToken (the token is fetched first, once, and shared).
 */
import type { ApiCall, ApiEndpoints } from '../../contract/api.js'
import { resolveCall, type CallAnswer, type CallInput, type NeedsNoInput } from '../../contract/endpoint.js'
import { reportAnswered, reportNoAnswer, SILENT_AFTER_MS } from './connection'
import { DEADLINES, fetchAnswer, joinApiPath, NoAnswerError, type ApiAnswer } from './http'
import { USER_HEADER } from './worker-protocol'
import { callPath, type ParamsArg } from './call-path'

export { callPath }

export const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api/'

/** The server answered with a non-2xx status; `message` is its `{ message }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
    /** How long the server asked to wait before trying again (Retry-After), in ms. */
    readonly retryAfterMs?: number,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/**
 * No answer at all: offline, DNS, connection refused, CORS, or (`notAnswering`) connected but silent
 * until the request's deadline.
 */
export class NetworkError extends Error {
  readonly notAnswering: boolean
  constructor(cause: unknown) {
    const notAnswering = cause instanceof NoAnswerError
    super(notAnswering ? 'The network is not answering' : 'Network request failed', { cause })
    this.name = 'NetworkError'
    this.notAnswering = notAnswering
  }
}

export const apiUrl = (path: string) => joinApiPath(API_BASE, path)
/** Product images are stored as paths relative to the API base. */
export const mediaUrl = (path: string) => (/^(https?:|data:|\/)/.test(path) ? path : apiUrl(path))
/** An image's sized copies as a srcset (`url 320w, url 640w`), or undefined when it has none. */
export const mediaSrcSet = (variants: readonly { url: string; width: number }[] | undefined) =>
  variants?.length ? variants.map((v) => `${mediaUrl(v.url)} ${v.width}w`).join(', ') : undefined

let csrfToken: Promise<string> | null = null
/** The logged-in user (set by the session store), sent with reads so the worker caches per user. */
let requestUser: number | null = null
export const setRequestUser = (userId: number | null) => {
  requestUser = userId
}

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
  /** How long to wait for the whole answer (default: DEADLINES by kind of request). */
  deadlineMs?: number
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** The answer with its status, for the calls whose status means something (201 vs 200). */
export async function requestWithStatus<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<{ status: number; data: T }> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  let payload: BodyInit | undefined
  if (body instanceof FormData) payload = body
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json'
    payload = JSON.stringify(body)
  }
  if (UNSAFE.has(method)) headers['X-CSRFToken'] = await getCsrfToken()
  else if (requestUser !== null) headers[USER_HEADER] = String(requestUser)
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey

  const deadline =
    options.deadlineMs ??
    (!UNSAFE.has(method) ? DEADLINES.read : body instanceof FormData ? DEADLINES.upload : DEADLINES.send)
  let res: Response
  let answer: ApiAnswer
  const silent = setTimeout(() => reportNoAnswer(true), SILENT_AFTER_MS)
  try {
    ;({ res, answer } = await fetchAnswer(
      (input, init) => fetch(input, init),
      apiUrl(path),
      {
        method,
        headers,
        body: payload,
        credentials: 'include',
        signal: options.signal,
        ...(options.cache && { cache: options.cache }),
      },
      deadline,
    ))
  } catch (err) {
    // The caller's own abort (a query cancelled, "Try again") is not the network's fault.
    if (options.signal?.aborted) throw err
    const failure = new NetworkError(err)
    reportNoAnswer(failure.notAnswering)
    throw failure
  } finally {
    clearTimeout(silent)
  }
  reportAnswered()
  if (!answer.ok) {
    // A rotated CSRF cookie (another tab, a new session) makes the cached token stale: forget it.
    if (res.status === 403) csrfToken = null
    throw new ApiError(res.status, answer.message, answer.data, answer.retryAfterMs)
  }
  return { status: res.status, data: answer.data as T }
}

export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  return (await requestWithStatus<T>(method, path, body, options)).data
}

/** What callApi takes after the call's name: its input (optional when it needs none) and the options. */
export type CallArgs<K extends ApiCall> =
  NeedsNoInput<ApiEndpoints, K> extends true
    ? [input?: CallInput<ApiEndpoints, K>, options?: RequestOptions]
    : [input: CallInput<ApiEndpoints, K>, options?: RequestOptions]

/**
 * One API call by its name in contract/api.ts ("POST admins/users/{id}/"): a path, body or answer that does
 * not match the contract is a type error.
 */
export async function callApiWithStatus<K extends ApiCall>(
  key: K,
  ...[input, options]: CallArgs<K>
): Promise<{ status: number; data: CallAnswer<ApiEndpoints, K> }> {
  const { params, body, query } = (input ?? {}) as {
    params?: Record<string, string | number>
    body?: unknown
    query?: Record<string, unknown>
  }
  const { method, path } = resolveCall(key, params, query)
  return requestWithStatus(method, path, body, options)
}

export async function callApi<K extends ApiCall>(
  key: K,
  ...args: CallArgs<K>
): Promise<CallAnswer<ApiEndpoints, K>> {
  return (await callApiWithStatus(key, ...args)).data
}

/** The full URL of a GET the browser opens itself (a link, an image, a download). */
export const callUrl = <K extends ApiCall>(key: K, ...args: ParamsArg<K>) => apiUrl(callPath(key, ...args))

/** The message to show for a failed call: the server's own words, else the fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.message ? err.message : fallback
}
