import type { z } from 'zod'

/**
 * A schema's refusal as one message per field (the first one zod gives for it), keyed by the field's name,
 * so a form can show each under its control. Issues about the whole body are left out: the caller shows those.
 * It reads the error's issues rather than calling z.flattenError: src/lib is in every page's first chunk,
 * and a runtime import of zod here put the validation library on every marketing page.
 */
export function fieldErrors<T>(error: z.ZodError<T>) {
  const found: Partial<Record<keyof T & string, string>> = {}
  for (const issue of error.issues) {
    const [key] = issue.path
    if (typeof key === 'string' && !(key in found)) found[key as keyof T & string] = issue.message
  }
  return found
}
