import { z } from 'zod'

/**
 * A schema's refusal as one message per field (the first one zod gives for it), keyed by the field's name,
 * so a form can show each under its control. Issues about the whole body are left out: the caller shows those.
 */
export function fieldErrors<T>(error: z.ZodError<T>) {
  const found: Partial<Record<keyof T & string, string>> = {}
  const flat = z.flattenError(error).fieldErrors as Record<string, string[] | undefined>
  for (const [key, messages] of Object.entries(flat)) {
    if (messages?.[0]) found[key as keyof T & string] = messages[0]
  }
  return found
}
