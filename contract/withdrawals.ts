/** Money out: withdrawals (admins/withdrawals/) and the payout account (admins/payment-settings/). */
import { z } from 'zod'
import { defineEndpoints } from './endpoint.js'
import { isoTime, messageAnswer, naira, nairaField, requiredText } from './fields.js'

export const withdrawalBody = z.object({
  amount: nairaField('Amount is required', 'Amount must be a number of naira, e.g. 25,000').pipe(
    z.number().positive('Amount must be more than ₦0'),
  ),
})
export type WithdrawalRequest = z.input<typeof withdrawalBody>
/** A withdrawal is paid into the payout account: without one there is nowhere to send it. */
export const NO_PAYOUT_ACCOUNT =
  'Add the payout account (bank, account name and number) in Settings → Payment before requesting a withdrawal.'

/** The bank account withdrawals are paid into. */
const payoutAccount = z.object({
  bank_name: z.string(),
  account_name: z.string(),
  account_number: z.string(),
})

export const WITHDRAWAL_STATUSES = ['Pending', 'Paid', 'Rejected', 'Cancelled'] as const
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number]
export const withdrawal = z.object({
  id: z.number().int(),
  amount: naira,
  status: z.enum(WITHDRAWAL_STATUSES),
  created: isoTime,
  /** Who asked ('' for an automatic one or a deleted account). */
  admin: z.string(),
  /** The account it is paid into, as it was when requested. */
  ...payoutAccount.shape,
  /** The bank's transfer reference, once Paid. */
  reference: z.string(),
  /** Made by the automatic-withdrawal rule. */
  automatic: z.boolean(),
  /** When it was last moved (Paid or Cancelled); null while Pending. */
  updated: isoTime.nullable(),
})
export type Withdrawal = z.infer<typeof withdrawal>

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
/** The payout account as saved (all blank, threshold 0, until it is first saved). */
export const paymentSettings = payoutAccount.extend({
  swift_code: z.string(),
  auto_withdraw: z.boolean(),
  /** Past it, a withdrawal of the whole balance is requested by itself. */
  threshold: naira,
})
export type PaymentSettings = z.infer<typeof paymentSettings>
/** What GET admins/payment-settings/ answers before the payout account is first saved. */
export const EMPTY_PAYMENT_SETTINGS: Readonly<PaymentSettings> = Object.freeze({
  bank_name: '',
  account_name: '',
  account_number: '',
  swift_code: '',
  auto_withdraw: false,
  threshold: 0,
})

export const withdrawalEndpoints = defineEndpoints('withdrawals', {
  'POST admins/withdrawals/': {
    summary: 'Requests a withdrawal of part of the balance into the payout account.',
    access: 'admin',
    body: withdrawalBody,
    answer: messageAnswer.extend({ id: z.number().int() }),
    status: 201,
  },
  'GET admins/withdrawals/': {
    summary: 'Every withdrawal, newest first.',
    access: 'admin',
    answer: z.array(withdrawal),
  },
  'POST admins/withdrawals/{id}/': {
    summary: 'Marks a Pending withdrawal Paid (with the transfer reference) or Cancelled; either is final.',
    access: 'admin',
    body: withdrawalActionBody,
    answer: messageAnswer.extend({ status: z.enum(WITHDRAWAL_STATUSES) }),
    errors: { 409: 'The withdrawal is no longer Pending (it was paid, cancelled or changed meanwhile).' },
  },
  'GET admins/payment-settings/': {
    summary: 'The payout account withdrawals are paid into, and the automatic-withdrawal rule.',
    access: 'admin',
    answer: paymentSettings,
  },
  'POST admins/payment-settings/': {
    summary: 'Saves the payout account; switched on past the threshold, a withdrawal is requested at once.',
    access: 'admin',
    body: paymentSettingsBody,
    answer: messageAnswer,
    status: 201,
  },
})
