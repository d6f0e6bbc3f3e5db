import { errorMessage } from '../../lib/api-client'

/**
 * A server's refusal of a form, to show where it belongs: `field` is the form's field that the answer names
 * (its body's `field`, when the form has one of that name), else null for a message about the whole form.
 */
export function serverRefusal(err: unknown, form: object, fallback: string) {
  const named = (err as { body?: { field?: unknown } } | null)?.body?.field
  return {
    field: typeof named === 'string' && named in form ? named : null,
    message: errorMessage(err, fallback),
  }
}
