/**
 * The first-service offer as the public pages state it: what the admin set (Back office → Invoices →
 * Billing rules), kept on this device, else the default the pages were prerendered with.
 */
import {
  DEFAULT_BILLING_SETTINGS,
  firstServicePercentOf,
  type PublicBilling,
} from '../../contract/billing-rules.js'
import { callApi } from './api-client'
import { rememberedCall } from './remembered-call'

const isPublicBilling = (v: unknown): v is PublicBilling =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as PublicBilling).firstServiceOffer === 'boolean' &&
  Number.isInteger((v as PublicBilling).firstServicePercent) &&
  typeof (v as PublicBilling).vatRatePercent === 'number'

const billing = rememberedCall<PublicBilling>({
  key: 'greenshield.billing',
  ask: () => callApi('GET billing-settings/'),
  accept: (answer) => (isPublicBilling(answer) ? answer : null),
})

export const rememberBilling = billing.remember
/** For tests: forget that this page load already asked. */
export const resetBillingCall = billing.reset

/**
 * The offer's percentage off the work of a customer's first service invoice (never products), or null
 * while the admin has it off.
 */
export function useFirstServiceOffer(): number | null {
  return firstServicePercentOf(billing.use() ?? DEFAULT_BILLING_SETTINGS)
}
