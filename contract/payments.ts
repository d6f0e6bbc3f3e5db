/** Checkout (api/initiate-payment/, verify/). */
import { z } from 'zod'
import { requiredText } from './fields.js'

export const verifyBody = z.object({
  tx_ref: requiredText('tx_ref', 100),
  status: z.string().max(50).optional(),
  transaction_id: z.union([z.string(), z.number()]).optional(),
})
export type VerifyRequest = z.input<typeof verifyBody>
export interface VerifyAnswer {
  message: string
  status: string
}
/** POST api/initiate-payment/: where to send the browser, or (empty cart) a message instead. */
export interface InitiatePaymentAnswer {
  payment_url?: string
  message?: string
}
