/** Checkout (api/initiate-payment/, verify/). */
import { z } from 'zod'
import { requiredText } from './fields.js'
import type { OrderStatus } from './orders.js'
import { deliveryBody, type DeliveryDetails } from './delivery.js'

/**
 * POST api/initiate-payment/. The body is optional: without `delivery` the profile's name, phone and
 * location are used; the checkout page always sends `delivery`. `save_to_profile` copies it onto the account.
 */
export const initiatePaymentBody = z
  .object({ delivery: deliveryBody.optional(), save_to_profile: z.boolean().default(false) })
  .optional()
export type InitiatePaymentRequest = z.input<typeof initiatePaymentBody>

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
export type RefundStatus = 'pending' | 'processing' | 'refunded' | 'failed'
/** GET payments/{tx_ref}/: what became of one of the caller's payments (the confirmation page). */
export interface PaymentOutcome {
  tx_ref: string
  status: 'pending' | 'successful' | 'failed' | 'cancelled'
  message: string
  /** Naira: what was charged, items_total + delivery_fee. */
  amount: number
  /** Naira: the goods alone. */
  items_total: number
  /** Naira; null = to be agreed (not included in amount). */
  delivery_fee: number | null
  /** Where it goes, as given at checkout; null for a payment made without the delivery step. */
  delivery: DeliveryDetails | null
  created: string
  settled: string | null
  /** Until when the stock is held for a pending payment; null once it no longer holds any. */
  held_until: string | null
  /** The cart as priced when paying; price is the unit price in naira. */
  lines: { product_id: number; name: string; image: string; quantity: number; price: number }[]
  /** The orders the payment placed (empty unless successful). */
  orders: { id: number; status: OrderStatus; product_name: string; quantity: number; price: number }[]
  refund: {
    status: RefundStatus
    amount: number
    reason: string
    created: string
    refunded: string | null
  } | null
}
/** GET admins/refunds/: every charge given back (or due to be), newest first. */
export interface AdminRefund {
  id: number
  tx_ref: string
  customer: string
  email: string
  /** Naira. */
  amount: number
  status: RefundStatus
  reason: string
  /** The gateway's last refusal, '' when none. */
  error: string
  attempts: number
  products: string
  created: string
  refunded: string | null
}
