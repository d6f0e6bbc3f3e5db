import { useState } from 'react'
import { errorMessage } from '../../../lib/api-client'

/** The answer of a settings save: the server's message, or why it failed. */
export interface Outcome {
  ok: boolean
  text: string
}

/** Runs a save, busy meanwhile, and reports the server's message (or the failure's) to onOutcome. */
export function useSaveOutcome(onOutcome: (outcome: Outcome) => void) {
  const [busy, setBusy] = useState(false)
  async function run(save: () => Promise<{ message: string }>, fallback: string): Promise<boolean> {
    setBusy(true)
    try {
      onOutcome({ ok: true, text: (await save()).message })
      return true
    } catch (err) {
      onOutcome({ ok: false, text: errorMessage(err, fallback) })
      return false
    } finally {
      setBusy(false)
    }
  }
  return { busy, run }
}
