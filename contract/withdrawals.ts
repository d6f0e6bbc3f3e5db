/** Money out: withdrawals (admins/withdrawals/) and the payout account (admins/payment-settings/). */
import { z } from 'zod'
import { nairaField, requiredText } from './fields.js'

export const withdrawalBody = z.object({
  amount: nairaField('Amount is required', 'Amount must be a number of naira, e.g. 25,000').pipe(
    z.number().positive('Amount must be more than ₦0'),
  ),
})
export type WithdrawalRequest = z.input<typeof withdrawalBody>
/** A withdrawal is paid into the payout account: without one there is nowhere to send it. */
export const NO_PAYOUT_ACCOUNT =
  'Add the payout account (bank, account name and number) in Settings → Payment before requesting a withdrawal.'
export type WithdrawalStatus = 'Pending' | 'Paid' | 'Rejected' | 'Cancelled'
export interface Withdrawal {
  id: number
  amount: number
  status: WithdrawalStatus
  created: string
  /** Who asked ('' for an automatic one or a deleted account). */
  admin: string
  /** The account it is paid into, as it was when requested. */
  bank_name: string
  account_name: string
  account_number: string
  /** The bank's transfer reference, once Paid. */
  reference: string
  /** Made by the automatic-withdrawal rule. */
  automatic: boolean
  /** When it was last moved (Paid or Cancelled); null while Pending. */
  updated: string | null
}

/**
 * POST admins/withdrawals/{id}/: a Pending withdrawal becomes Paid (with the bank's reference) or
 * Cancelled (the money goes back to the balance). Either is final.
 */
export const withdrawalActionBody = z.discriminatedUnion(
  'status',
  [
    z.object({ status: z.literal('Paid'), reference: requiredText('Transfer reference', 100) }),
    z.object({ status: z.literal('Cancelled') }),
  ],
  { error: "Status must be 'Paid' (with a reference) or 'Cancelled'" },
)
export type WithdrawalActionRequest = z.input<typeof withdrawalActionBody>

export const paymentSettingsBody = z.object({
  bank_name: requiredText('Bank name', 120),
  account_name: requiredText('Account name', 120),
  account_number: z
    .string({ error: 'Account number is required' })
    .trim()
    .regex(/^\d{10}$/, 'Account number must be 10 digits (NUBAN)'),
  swift_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z0-9]{8}|[A-Z0-9]{11})?$/, 'SWIFT code must be 8 or 11 letters and digits')
    .default(''),
  auto_withdraw: z.boolean().default(false),
  threshold: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    nairaField('Threshold is required', 'Threshold must be a number of naira, e.g. 50,000')
      .pipe(z.number().min(0, 'Threshold cannot be negative'))
      .default(0),
  ),
})
export type PaymentSettingsRequest = z.input<typeof paymentSettingsBody>
export type PaymentSettings = z.output<typeof paymentSettingsBody>
/** What GET admins/payment-settings/ answers before the payout account is first saved. */
export const EMPTY_PAYMENT_SETTINGS: Readonly<PaymentSettings> = Object.freeze({
  bank_name: '',
  account_name: '',
  account_number: '',
  swift_code: '',
  auto_withdraw: false,
  threshold: 0,
})
