import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type { z } from 'zod'

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
  })

/** Parses a numeric route id; null when it is not a positive integer. */
export function parseId(raw: string | undefined): number | null {
  const id = Number(raw)
  return Number.isSafeInteger(id) && id > 0 ? id : null
}
