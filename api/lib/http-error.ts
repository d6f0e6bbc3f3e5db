import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ErrorStatus } from '../../contract/endpoint.js'

/**
 * A refusal with the words to show: api/app.ts's onError answers it as `{ message, field?, ...extra }` with
 * its status (`extra`: what a client acts on besides the words, such as a `code`).
 */
export class ApiFailure extends HTTPException {
  constructor(
    status: ErrorStatus & ContentfulStatusCode,
    message: string,
    readonly field?: string,
    readonly headers?: Record<string, string>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(status, { message })
  }
}

/**
 * Ends the request with this status and message, from a route or anything it calls: a helper that finds
 * nothing throws instead of returning a Response for every caller to check.
 */
export function fail(
  status: ErrorStatus & ContentfulStatusCode,
  message: string,
  options: { field?: string; headers?: Record<string, string>; extra?: Record<string, unknown> } = {},
): never {
  throw new ApiFailure(status, message, options.field, options.headers, options.extra)
}

/**
 * What Kysely's `executeTakeFirstOrThrow` throws when the row is not there: the request ends 404 with this
 * message, as fail() would, so a lookup is one statement.
 */
export const notFound =
  (message: string, options: { field?: string } = {}) =>
  () =>
    new ApiFailure(404, message, options.field)
