/**
 * The service kinds and their prices, for /services (a marketing page: no query library) and /book. Plain
 * client: the first render (as prerendered) has none; right after hydration the last list kept on this
 * device shows, then the server's (through the service worker, which keeps a copy for offline use). A
 * failure keeps what is shown, and the next page that needs the list asks again.
 */
import type { ServiceKind } from '../../contract/services.js'
import { callApi } from './api-client'
import { rememberedCall } from './remembered-call'

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

const serviceKinds = rememberedCall<ServiceKind[]>({
  key: SERVICE_KINDS_KEY,
  ask: () => callApi('GET services/'),
  // Only what a customer may choose is kept and shown.
  accept: (answer) => (isKindList(answer) ? answer.filter((k) => k.active) : null),
})

/** Keeps the list on this device and shows it wherever it is on screen (also after an admin saves a kind). */
export const rememberServiceKinds = serviceKinds.remember
/** For tests: forget that this page load already asked. */
export const resetServiceKindsCall = serviceKinds.reset
/** The kinds a customer may choose, in the admin's order; null until a list is known. */
export const useServiceKinds = serviceKinds.use
