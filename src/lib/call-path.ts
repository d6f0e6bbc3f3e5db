/**
 * A call's concrete path, apart from the HTTP client: what stores a request to send later (the outbox's
 * job updates) needs no client, and Node scripts (the technician's-day benchmark) can load it without
 * Vite's import.meta.env.
 */
import type { ApiCall } from '../../contract/api.js'
import { resolveCall, type PathOf, type PathParams } from '../../contract/endpoint.js'

/** A call's path parameters as callPath and callUrl take them: none, or the object the path names. */
export type ParamsArg<K extends ApiCall> = keyof PathParams<PathOf<K>> extends never
  ? [params?: undefined, query?: Record<string, unknown>]
  : [params: PathParams<PathOf<K>>, query?: Record<string, unknown>]

/**
 * The concrete path of a call, for what stores a request to send later (the outbox) rather than sending it:
 * `callPath('POST staff/jobs/{id}/events/', { id })`. Typed by the table like callApi.
 */
export const callPath = <K extends ApiCall>(key: K, ...[params, query]: ParamsArg<K>) =>
  resolveCall(key, params as Record<string, string | number> | undefined, query).path
