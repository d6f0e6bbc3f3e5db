/** Checkout (api/initiate-payment/, verify/), what became of a payment (payments/{txRef}/) and refunds. */
import { z } from 'zod'
import { defineEndpoints } from './endpoint.js'
import { isoTime, naira, paymentStatus, refundStatus, requiredText } from './fields.js'
import { deliveryBody } from './delivery.js'
import { deliveryDetailsAnswer, userOrder } from './orders.js'

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

export const verifyAnswer = z.object({ message: z.string(), status: paymentStatus })
export type VerifyAnswer = z.infer<typeof verifyAnswer>

/** POST api/initiate-payment/: where to send the browser, or (empty cart) a message instead. */
export const initiatePaymentAnswer = z.object({
  payment_url: z.string().optional(),
  message: z.string().optional(),
})
export type InitiatePaymentAnswer = z.infer<typeof initiatePaymentAnswer>

export type RefundStatus = z.infer<typeof refundStatus>

/** GET admins/refunds/: every charge given back (or due to be), newest first. */
export const adminRefundAnswer = z.object({
  id: z.number().int(),
  tx_ref: z.string(),
  customer: z.string(),
  email: z.string(),
  amount: naira,
  status: refundStatus,
  reason: z.string(),
  /** The gateway's last refusal, '' when none. */
  error: z.string(),
  attempts: z.number().int(),
  products: z.string(),
  created: isoTime,
  refunded: isoTime.nullable(),
})
export type AdminRefund = z.infer<typeof adminRefundAnswer>

/** GET payments/{tx_ref}/: what became of one of the caller's payments (the confirmation page). */
export const paymentOutcomeAnswer = z.object({
  tx_ref: z.string(),
  status: paymentStatus,
  message: z.string(),
  /** What was charged, items_total + delivery_fee. */
  amount: naira,
  /** The goods alone. */
  items_total: naira,
  /** Null = to be agreed (not included in amount). */
  delivery_fee: naira.nullable(),
  /** Where it goes, as given at checkout; null for a payment made without the delivery step. */
  delivery: deliveryDetailsAnswer.nullable(),
  created: isoTime,
  settled: isoTime.nullable(),
  /** Until when the stock is held for a pending payment; null once it no longer holds any. */
  held_until: isoTime.nullable(),
  /** The cart as priced when paying; price is the unit price in naira. */
  lines: z.array(
    z.object({
      product_id: z.number().int(),
      name: z.string(),
      image: z.string(),
      quantity: z.number().int(),
      price: naira,
    }),
  ),
  /** The orders the payment placed (empty unless successful). */
  orders: z.array(
    userOrder.pick({ id: true, status: true, product_name: true, quantity: true, price: true }),
  ),
  /** The charge given back, as the refunds list has it; null when none. */
  refund: adminRefundAnswer
    .pick({ status: true, amount: true, reason: true, created: true, refunded: true })
    .nullable(),
})
export type PaymentOutcome = z.infer<typeof paymentOutcomeAnswer>

// ---------- the payment calls' table ----------

export const paymentEndpoints = defineEndpoints('payments', {
  'POST api/initiate-payment/': {
    summary:
      "Opens a payment for the caller's cart, priced by the server, and holds its stock: the answer is " +
      'where to send the browser (`payment_url`), or a `message` alone when the cart is empty.',
    access: 'user',
    body: initiatePaymentBody,
    answer: initiatePaymentAnswer,
    errors: {
      409: 'Less is in stock than the cart holds, or the stock is held for other payments.',
      502: 'The gateway could not start the payment: try again shortly.',
    },
  },
  'POST verify/': {
    summary:
      'Asks the gateway what became of a payment of the caller and settles it: the orders are placed once, ' +
      'however often it is asked.',
    access: 'user',
    body: verifyBody,
    answer: verifyAnswer,
    status: 201,
    errors: {
      400: 'The payment failed, was cancelled or is still pending: `status` says which, `message` why.',
      404: 'The caller has no payment with this tx_ref.',
      502: 'The gateway could not be reached (`status` is pending): try again shortly.',
    },
  },
  'GET pay/return': {
    summary:
      'Where the gateway sends the browser back: the payment is settled, then the browser goes on to the ' +
      "app's confirmation page (an invoice's payment: the invoice's page) with the outcome.",
    access: 'public',
    query: z.object({
      tx_ref: z.string().optional(),
      transaction_id: z.string().optional(),
      status: z.string().optional(),
    }),
    produces: 'redirect',
    status: 303,
  },
  'GET payments/{txRef}/': {
    summary: 'What became of one of the caller’s payments: lines, totals, delivery, orders and any refund.',
    access: 'user',
    answer: paymentOutcomeAnswer,
  },
  'GET admins/refunds/': {
    summary: 'Every charge given back, or due to be, newest first.',
    access: 'admin',
    answer: z.array(adminRefundAnswer),
  },
  'POST payments/webhook/flutterwave/': {
    summary:
      'Flutterwave tells of a charge (its `verif-hash` header proves it); the server asks Flutterwave ' +
      'itself before settling.',
    access: 'public',
    external: true,
    answer: z.object({ message: z.string(), status: paymentStatus.optional() }),
    errors: {
      401: 'The verif-hash header is not the configured secret.',
      502: 'Flutterwave could not be reached: it retries later.',
    },
  },
  'GET pay/sandbox/{txRef}/': {
    summary: "The sandbox gateway's payment page (when the sandbox is the configured gateway).",
    access: 'public',
    produces: 'text/html',
  },
  'POST pay/sandbox/{txRef}/': {
    summary:
      "The sandbox page's form (fields `outcome`: success, decline or cancel, and `signature`): records the " +
      'choice and sends the browser back as the gateway would.',
    access: 'public',
    external: true,
    produces: 'redirect',
    status: 303,
    errors: { 403: 'The form was sent from another site, or its signature is invalid or has expired.' },
  },
})
