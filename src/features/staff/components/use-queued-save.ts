import { useState } from 'react'
import { InvalidOutboxBody, type FieldErrors } from '../../../offline/kinds'

/**
 * What the job's forms keep while they queue an update on the phone: the busy flag, and the mistakes
 * under their fields. The server's schema, run before anything is queued, names mistakes by its request
 * paths; `fieldOf` says which control each belongs to, and the first one (in `order`, ids `idPrefix` +
 * field) takes the focus. A mistake goes when its field is typed in again (clearError).
 */
export function useQueuedSave<K extends string>({
  fieldOf,
  order,
  idPrefix,
}: {
  fieldOf: (path: string) => K
  order: readonly K[]
  idPrefix: string
}) {
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({})
  const [busy, setBusy] = useState(false)

  const clearError = (key: K) => {
    if (!errors[key]) return
    setErrors((found) => {
      const rest = { ...found }
      delete rest[key]
      return rest
    })
  }

  const showErrors = (found: FieldErrors) => {
    const mine: Partial<Record<K, string>> = {}
    for (const [path, message] of Object.entries(found)) mine[fieldOf(path)] ??= message
    setErrors(mine)
    const first = order.find((k) => mine[k])
    if (first) document.getElementById(`${idPrefix}${first}`)?.focus()
  }

  /** Queues the update (then `saved`, e.g. dropping the draft); a refusal shows under its fields. */
  async function save(queue: () => Promise<unknown>, saved: () => void) {
    setBusy(true)
    try {
      await queue()
      saved()
    } catch (err) {
      if (err instanceof InvalidOutboxBody) showErrors(err.fields)
      else
        setErrors({ [order[0]]: 'Could not save it on this phone. Try again.' } as Partial<Record<K, string>>)
    } finally {
      setBusy(false)
    }
  }

  return { errors, busy, clearError, save }
}
