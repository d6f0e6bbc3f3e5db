import { useCallback, useEffect, useRef, useState } from 'react'

const PREFIX = 'greenshield.draft:'

/**
 * A form's typed values kept on the device until the form is sent, so a reload, a closed tab or a
 * phone that killed the app in the background loses nothing. One key per user and per form (and job):
 * `name` is e.g. "complete:12". Like the outbox, a logout keeps it for the same user's next login; it
 * is only ever shown to that user.
 */
export function draftKey(userId: number | null, name: string) {
  return `${PREFIX}${userId ?? 'guest'}:${name}`
}

function read<T>(key: string): Partial<T> | null {
  try {
    const raw = localStorage.getItem(key)
    return raw ? (JSON.parse(raw) as Partial<T>) : null
  } catch {
    return null
  }
}

/**
 * State that is also written to the device on every change. Returns the value, its setter, and
 * `clear()` (call it once the form's content is safely queued or sent: the draft is then forgotten).
 */
export function useDraft<T extends object>(userId: number | null, name: string, initial: T) {
  const key = draftKey(userId, name)
  const [value, setValue] = useState<T>(initial)
  const untouched = useRef(value)
  const cleared = useRef(false)
  const blank = useRef(JSON.stringify(initial))
  // Read after the first render, not during it: a prerendered page (/book) hydrates with the HTML's
  // empty values first, then shows the draft.
  useEffect(() => {
    const saved = read<T>(key)
    if (saved) setValue((v) => ({ ...v, ...saved }))
  }, [key])
  useEffect(() => {
    // The untouched first value is never written: it would erase the draft before it is read back.
    if (cleared.current || value === untouched.current) return
    try {
      const json = JSON.stringify(value)
      // Nothing typed: no draft (so hasDraft() means there is something to bring back).
      if (json === blank.current) localStorage.removeItem(key)
      else localStorage.setItem(key, json)
    } catch {
      // Storage full or blocked (private mode): the form still works, only the draft is not kept.
    }
  }, [key, value])
  const clear = useCallback(() => {
    cleared.current = true
    localStorage.removeItem(key)
  }, [key])
  const update = useCallback((next: T | ((prev: T) => T)) => {
    cleared.current = false
    setValue(next)
  }, [])
  return [value, update, clear] as const
}

/** Whether a draft exists (e.g. to reopen the form it belongs to after a reload). */
export const hasDraft = (userId: number | null, name: string) => read(draftKey(userId, name)) !== null
