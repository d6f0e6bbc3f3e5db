import { useState } from 'react'
import { errorMessage } from '../../lib/api-client'

/**
 * The failure of a form's or a dialog's action, to show in it. `attempt(action)` clears the last failure,
 * runs the action and, when it fails, keeps the server's message (else `fallback`); it answers whether the
 * action worked, so the caller closes or moves on only then. `pending` is true while an action runs, for a
 * call that is not a mutation with its own pending state.
 */
export function useActionError(fallback: string) {
  const [error, setError] = useState('')
  const [pending, setPending] = useState(false)
  async function attempt(action: () => Promise<unknown>) {
    setPending(true)
    setError('')
    try {
      await action()
      return true
    } catch (err) {
      setError(errorMessage(err, fallback))
      return false
    } finally {
      setPending(false)
    }
  }
  return { error, setError, pending, attempt }
}
