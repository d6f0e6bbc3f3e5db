/**
 * A small public answer a page shows without the query library (marketing pages stay light): the last
 * answer kept on this device shows at once after hydration, then the server's (one call per page load,
 * shared by every place that shows it). A failure keeps what is shown; the next page that needs it asks again.
 */
import { useEffect, useState } from 'react'

export interface RememberedCall<T> {
  /** The answer to show; null until one is known (the first render, as prerendered, has none). */
  use: () => T | null
  /** Keeps an answer (e.g. one an admin screen just saved) and shows it wherever it is on screen. */
  remember: (answer: unknown) => void
  /** For tests: forget that this page load already asked. */
  reset: () => void
}

export function rememberedCall<T>(options: {
  /** localStorage key. */
  key: string
  ask: () => Promise<unknown>
  /** The answer as it is kept and shown, or null when it is not one (a stale or foreign value). */
  accept: (answer: unknown) => T | null
}): RememberedCall<T> {
  const { key, ask, accept } = options
  const listeners = new Set<(value: T) => void>()
  let asked: Promise<void> | null = null

  const kept = (): T | null => {
    try {
      return accept(JSON.parse(localStorage.getItem(key) ?? 'null'))
    } catch {
      return null
    }
  }
  const remember = (answer: unknown) => {
    const value = accept(answer)
    if (value === null) return
    try {
      localStorage.setItem(key, JSON.stringify(value))
    } catch {
      // Storage full or blocked: it still shows for this page load.
    }
    listeners.forEach((show) => show(value))
  }
  const askServer = () =>
    (asked ??= ask()
      .then(remember)
      .catch(() => {
        asked = null
      }))

  function use(): T | null {
    const [value, setValue] = useState<T | null>(null)
    useEffect(() => {
      const known = kept()
      if (known !== null) setValue(known)
      listeners.add(setValue)
      void askServer()
      return () => {
        listeners.delete(setValue)
      }
    }, [])
    return value
  }

  return {
    use,
    remember,
    reset: () => {
      asked = null
    },
  }
}
