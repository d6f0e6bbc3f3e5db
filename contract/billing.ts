/** The rules quotes and invoices follow: VAT, the first-service offer, how long a quote stands, when an invoice is due. */
import { z } from 'zod'
import { defineEndpoints } from './endpoint.js'
import { messageAnswer } from './fields.js'
import type { BillingSettings, PublicBilling } from './billing-rules.js'

const wholeDays = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number of days` })
    .int(`${label} must be a whole number of days`)
    .min(min, `${label} must be at least ${min} day${min === 1 ? '' : 's'}`)
    .max(max, `${label} can be at most ${max} days`)

export const billingSettingsBody = z.object({
  /** 0 = no VAT (the default: a small business under the threshold charges none). */
  vatRatePercent: z
    .number({ error: 'VAT rate must be a number, e.g. 7.5' })
    .min(0, 'VAT rate cannot be negative')
    .max(50, 'VAT rate can be at most 50%')
    .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, 'VAT rate takes two decimals at most'),
  firstServiceOffer: z.boolean({ error: 'Say whether the first-service offer is on' }),
  firstServicePercent: z
    .number({ error: 'The offer must be a whole percentage' })
    .int('The offer must be a whole percentage')
    .min(1, 'The offer must be at least 1%')
    .max(100, 'The offer can be at most 100%'),
  quoteValidDays: wholeDays('A quote’s validity', 1, 365),
  invoiceDueDays: wholeDays('Payment terms', 0, 365),
})
export type BillingSettingsRequest = z.input<typeof billingSettingsBody>
export const billingSettingsAnswer = billingSettingsBody satisfies z.ZodType<BillingSettings>

export const publicBillingAnswer = billingSettingsBody.pick({
  vatRatePercent: true,
  firstServiceOffer: true,
  firstServicePercent: true,
}) satisfies z.ZodType<PublicBilling>

export {
  DEFAULT_BILLING_SETTINGS,
  firstServicePercentOf,
  type BillingSettings,
  type PublicBilling,
} from './billing-rules.js'

export const billingEndpoints = defineEndpoints('billing', {
  'GET billing-settings/': {
    summary: 'The first-service offer and the VAT rate, as the public pages state them.',
    access: 'public',
    answer: publicBillingAnswer,
  },
  'GET admins/billing-settings/': {
    summary: 'The billing rules: VAT, the first-service offer, quote validity and payment terms.',
    access: 'admin',
    answer: billingSettingsAnswer,
  },
  'POST admins/billing-settings/': {
    summary:
      'Saves the billing rules. Quotes and invoices already written keep the rules they were written with.',
    access: 'admin',
    body: billingSettingsBody,
    answer: messageAnswer.extend({ settings: billingSettingsAnswer }),
  },
})
