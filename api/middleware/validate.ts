import { zValidator } from '@hono/zod-validator'
import type { Context, MiddlewareHandler, ValidationTargets } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import type { z } from 'zod'
import { apiEndpoints, type ApiCall, type ApiEndpoints } from '../../contract/api.js'
import type { AppConfig } from '../config.js'
import { fail } from '../lib/http-error.js'
import type { AppEnv } from '../types.js'

/** zod validation whose failure is 400 `{ message }` with the first problem in words a person can read. */
export const validate = <T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) =>
  zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const issue = result.error.issues[0]
      return c.json({ message: issue?.message ?? 'Invalid request', field: issue?.path.join('.') }, 400)
    }
    const nul = nulCharacterAt(result.data)
    if (nul) return c.json({ message: 'Text cannot contain a NUL character.', field: nul.join('.') }, 400)
  })

/**
 * Where a string of `value` holds U+0000, or null. PostgreSQL cannot store it in text (the insert fails),
 * SQLite can: refused here, both engines answer alike.
 */
function nulCharacterAt(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const found = nulCharacterAt(inner, [...path, key])
      if (found) return found
    }
  }
  return null
}

/** The calls whose table entry has a JSON body. */
type CallWithJsonBody = {
  [K in ApiCall]: ApiEndpoints[K] extends { body: z.ZodType; multipart?: undefined } ? K : never
}[ApiCall]
type BodyOf<K extends CallWithJsonBody> = Extract<ApiEndpoints[K], { body: z.ZodType }>['body']

/**
 * The body schema the call's entry in contract/api.ts names: `validate('json', bodyOf('POST login/'))`, so the
 * route checks exactly what the contract documents and the client is typed by.
 */
export const bodyOf = <K extends CallWithJsonBody>(call: K): BodyOf<K> =>
  (apiEndpoints[call] as { body: BodyOf<K> }).body

/**
 * validate() for a schema that depends on the app's settings, such as the clock that says what day it is
 * in Lagos (a booking in the past is refused). Built once per app and kept.
 */
export function validateWithConfig<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  build: (config: AppConfig) => T,
) {
  type Validator = ReturnType<typeof validate<T, Target>>
  const built = new WeakMap<AppConfig, Validator>()
  const middleware: MiddlewareHandler<AppEnv> = (c, next) => {
    const config = c.var.config
    let validator = built.get(config)
    if (!validator) built.set(config, (validator = validate(target, build(config))))
    return (validator as unknown as MiddlewareHandler<AppEnv>)(c, next)
  }
  return middleware as unknown as Validator
}

/**
 * The JSON of a body the call may leave out (none, or only white space, reads as undefined), for the calls
 * the original client makes without one, which validate() would refuse; malformed JSON is a 400.
 */
export async function optionalJson(c: Context): Promise<unknown> {
  const text = (await c.req.text()).trim()
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    fail(400, 'Malformed JSON in request body')
  }
}

/** Parses a numeric route id; null when it is not a positive integer. */
export function parseId(raw: string | undefined): number | null {
  const id = Number(raw)
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

/**
 * Every body is capped while it streams in (413 `{ message }` before it is read whole, from its
 * Content-Length when it has one): JSON and forms are small; multipart uploads get the image cap plus
 * room for the text fields (the upload routes check the file itself exactly).
 */
export function bodyLimits(config: AppConfig): MiddlewareHandler {
  const tooLarge = (message: string) => () => {
    throw new HTTPException(413, { message })
  }
  const upload = bodyLimit({
    maxSize: config.maxUploadBytes + 64 * 1024,
    onError: tooLarge(`The upload is too large. The limit is ${config.maxUploadBytes / 1024 / 1024} MB.`),
  })
  const small = bodyLimit({
    maxSize: config.maxJsonBytes,
    onError: tooLarge(`The request body is too large. The limit is ${config.maxJsonBytes / 1024} KB.`),
  })
  return (c, next) => {
    // Nothing to limit on a read. (Looking for its body builds a whole Request object on Node: a fifth
    // of a catalogue GET's time.)
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    return /^multipart\/form-data/i.test(c.req.header('Content-Type') ?? '')
      ? upload(c, next)
      : small(c, next)
  }
}
