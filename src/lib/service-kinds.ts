/**
 * The service kinds and their prices, for /services (a marketing page: no query library) and /book. Plain
 * client: the first render (as prerendered) has none; right after hydration the last list kept on this
 * device shows, then the server's (through the service worker, which keeps a copy for offline use). A
 * failure keeps what is shown, and the next page that needs the list asks again.
 */
import { useEffect, useState } from 'react'
import type { ServiceKind } from '../../contract/services.js'
import { callApi } from './api-client'

export const SERVICE_KINDS_KEY = 'greenshield.service-kinds'

const isKindList = (v: unknown): v is ServiceKind[] =>
  Array.isArray(v) &&
  v.every(
    (k) =>
      typeof k === 'object' &&
      k !== null &&
      Number.isInteger((k as ServiceKind).id) &&
      typeof (k as ServiceKind).name === 'string' &&
      typeof (k as ServiceKind).price === 'number' &&
      ['fixed', 'per_unit', 'from'].includes((k as ServiceKind).price_rule),
  )

function remembered(): ServiceKind[] | null {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(SERVICE_KINDS_KEY) ?? 'null')
    return isKindList(saved) ? saved : null
  } catch {
    return null
  }
}

const listeners = new Set<(kinds: ServiceKind[]) => void>()

/** Keeps the list on this device and shows it wherever it is on screen (also after an admin saves a kind). */
export function rememberServiceKinds(kinds: unknown): void {
  if (!isKindList(kinds)) return
  const shown = kinds.filter((k) => k.active)
  try {
    localStorage.setItem(SERVICE_KINDS_KEY, JSON.stringify(shown))
  } catch {
    // Storage full or blocked: the list still shows for this page load.
  }
  listeners.forEach((show) => show(shown))
}

let asked: Promise<void> | null = null
/** One call per page load, shared by every place that shows the list; a failed one is tried again later. */
function askServer(): Promise<void> {
  asked ??= callApi('GET services/')
    .then(rememberServiceKinds)
    .catch(() => {
      asked = null
    })
  return asked
}

/** For tests: forget that this page load already asked. */
export const resetServiceKindsCall = () => {
  asked = null
}

/** The kinds a customer may choose, in the admin's order; null until a list is known. */
export function useServiceKinds(): ServiceKind[] | null {
  const [kinds, setKinds] = useState<ServiceKind[] | null>(null)
  useEffect(() => {
    const kept = remembered()
    if (kept) setKinds(kept)
    listeners.add(setKinds)
    void askServer()
    return () => {
      listeners.delete(setKinds)
    }
  }, [])
  return kinds
}
