/**
 * The billing rules as plain values (no zod), so a public page can state the first-service offer without
 * carrying the schemas: contract/billing.ts validates them.
 */
export interface BillingSettings {
  /** 0 = no VAT (the default: a small business under the threshold charges none). */
  vatRatePercent: number
  firstServiceOffer: boolean
  firstServicePercent: number
  quoteValidDays: number
  invoiceDueDays: number
}

/** What anyone may read: the pages that mention the offer and VAT say what applies today. */
export type PublicBilling = Pick<
  BillingSettings,
  'vatRatePercent' | 'firstServiceOffer' | 'firstServicePercent'
>

export const DEFAULT_BILLING_SETTINGS: Readonly<BillingSettings> = Object.freeze({
  vatRatePercent: 0,
  firstServiceOffer: true,
  firstServicePercent: 20,
  quoteValidDays: 14,
  invoiceDueDays: 7,
})

/** The first-service offer's percentage, or null while the admin has it off. */
export const firstServicePercentOf = (
  s: Pick<BillingSettings, 'firstServiceOffer' | 'firstServicePercent'>,
) => (s.firstServiceOffer ? s.firstServicePercent : null)
