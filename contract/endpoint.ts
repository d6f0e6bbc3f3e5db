/**
 * The shape of one API call, written once in contract/ and read three ways: the server validates its body
 * with `body`, the client's `callApi` types its path, body and answer from it, and api/openapi.ts documents
 * it. No runtime zod here: the client imports resolveCall. Tables are keyed "METHOD path" with the path as the client writes it ("admins/users/{id}/").
 */
import type { z } from 'zod'

export type HttpMethod = 'GET' | 'POST' | 'DELETE'

/** Who may call: anyone, any logged-in account, a technician (or admin), an admin. */
export type Access = 'public' | 'user' | 'staff' | 'admin'

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 422 | 423 | 429 | 502 | 503

export interface EndpointSpec {
  /** One line for the reference: what the call does. */
  summary: string
  /** The feature it belongs to (the reference groups by it). */
  tag: string
  access: Access
  /** The request body: JSON, or the text fields of a multipart form when `multipart`. */
  body?: z.ZodType
  multipart?: boolean
  /** Query-string parameters. */
  query?: z.ZodType
  /** The success answer's JSON; absent for an answer with no body (204) or one that is not JSON. */
  answer?: z.ZodType
  /** The success status (200 unless said). */
  status?: 200 | 201 | 204 | 302 | 303
  /** Another success status the call may answer with the same schema (201 created vs 200 already done). */
  alsoStatus?: 200 | 201
  /** Answers that are not JSON (a page, its script, an image, a redirect). */
  produces?: 'text/html' | 'text/javascript' | 'image/*' | 'text/csv' | 'redirect'
  /**
   * Failures beyond the usual ones (400 invalid, 401/403 by access, 404 for a path id, 413, 429), each with
   * when it happens: `{ 409: 'An account with this email already exists.' }`.
   */
  errors?: Partial<Record<ErrorStatus, string>>
  /** Called from outside the app (the gateway's server, the gateway page's form): no CSRF token needed. */
  external?: boolean
  /** Sends an ETag and answers 304 with no body when the caller's If-None-Match already holds it. */
  conditional?: boolean
  /** Takes an Idempotency-Key header (the outbox and the payment calls send one). */
  idempotent?: boolean
}

export type EndpointTable = Record<`${HttpMethod} ${string}`, EndpointSpec>

/** `{id}` names in a path template, as an object type: "a/{id}/b/{ref}/" -> { id; ref }. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name | keyof PathParams<Rest>]: string | number }
  : Record<never, never>

type SpecOf<T extends EndpointTable, K extends keyof T> = T[K]
export type PathOf<K> = K extends `${HttpMethod} ${infer P}` ? P : never

/** What a caller of `K` sends: path params, body and query, each only when the call has them. */
export type CallInput<T extends EndpointTable, K extends keyof T> = (keyof PathParams<PathOf<K>> extends never
  ? { params?: undefined }
  : { params: PathParams<PathOf<K>> }) &
  (SpecOf<T, K> extends { body: z.ZodType }
    ? SpecOf<T, K> extends { multipart: true }
      ? { body: FormData }
      : { body: z.input<SpecOf<T, K>['body']> }
    : { body?: undefined }) &
  (SpecOf<T, K> extends { query: z.ZodType }
    ? { query?: z.input<SpecOf<T, K>['query']> }
    : { query?: undefined })

/** What `K` answers on success. */
export type CallAnswer<T extends EndpointTable, K extends keyof T> =
  SpecOf<T, K> extends { answer: z.ZodType } ? z.output<SpecOf<T, K>['answer']> : void

/** True when `K` can be called with no input at all. */
export type NeedsNoInput<T extends EndpointTable, K extends keyof T> =
  object extends CallInput<T, K> ? true : false

/** The method and the concrete path of a call: "{id}" filled in, each value URL-encoded. */
export function resolveCall(
  key: string,
  params: Record<string, string | number> | undefined,
  query?: Record<string, unknown>,
): { method: HttpMethod; path: string } {
  const space = key.indexOf(' ')
  const method = key.slice(0, space) as HttpMethod
  let path = key.slice(space + 1).replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name]
    if (value === undefined) throw new Error(`${key}: missing path parameter ${name}`)
    return encodeURIComponent(String(value))
  })
  if (query) {
    const search = new URLSearchParams()
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') search.set(name, String(value))
    }
    const text = search.toString()
    if (text) path += `?${text}`
  }
  return { method, path }
}

/** An entry as a table writes it: its tag defaults to the table's. */
export type TableEntry = Omit<EndpointSpec, 'tag'> & { tag?: string }

/**
 * Declares a feature's table (checked against EndpointSpec, literal keys kept): `tag` is the feature the
 * reference groups its calls under, unless an entry names another.
 */
export function defineEndpoints<const T extends Record<`${HttpMethod} ${string}`, TableEntry>>(
  tag: string,
  table: T,
): { [K in keyof T]: T[K] & { tag: string } } {
  return Object.fromEntries(
    Object.entries(table).map(([key, entry]) => [key, { tag, ...entry }]),
  ) as unknown as {
    [K in keyof T]: T[K] & { tag: string }
  }
}
