import type { OrderStatus } from '../../contract/orders.js'
import type { PaymentOutcome } from '../../contract/payments.js'
import type { InvoicePaymentOutcome } from '../../contract/invoices.js'
import { toNaira } from '../../contract/money.js'
import type { Queryable } from '../db/index.js'
import { refundOf } from './refunds.js'
import {
  PENDING_MESSAGE,
  deliveryOf,
  iso,
  itemsTotalKobo,
  linesOf,
  successMessageOf,
  type PaymentRow,
} from './rows.js'

/** What became of one payment, as its payer reads it on the confirmation page. */
export async function paymentDetail(
  db: Queryable,
  payment: PaymentRow,
  now: number,
): Promise<PaymentOutcome> {
  const lines = linesOf(payment)
  const held = await db
    .selectFrom('payment_reservations')
    .select((eb) => eb.fn.min('expires_at').as('until'))
    .where('payment_id', '=', payment.id)
    .where('status', '=', 'held')
    .where('expires_at', '>', iso(now))
    .executeTakeFirst()
  const heldUntil = held?.until ?? null
  const orders = (await db
    .selectFrom('orders')
    .select(['id', 'status', 'product_name', 'quantity', 'price_kobo'])
    .where('payment_id', '=', payment.id)
    .orderBy('id')
    .execute()) as {
    id: number
    status: OrderStatus
    product_name: string
    quantity: number
    price_kobo: number
  }[]
  const refund = await refundOf(db, payment.id)
  const settledAnswer = payment.status === 'successful' ? successMessageOf(payment) : payment.message
  return {
    tx_ref: payment.tx_ref,
    status: payment.status,
    message: payment.status === 'pending' ? PENDING_MESSAGE : settledAnswer,
    amount: toNaira(payment.amount_kobo),
    items_total: toNaira(itemsTotalKobo(lines)),
    delivery_fee: payment.delivery_fee_kobo === null ? null : toNaira(payment.delivery_fee_kobo),
    delivery: deliveryOf(payment),
    created: payment.created_at,
    settled: payment.settled_at,
    held_until: heldUntil,
    lines: lines.map((l) => ({
      product_id: l.productId,
      name: l.name,
      image: l.image,
      quantity: l.quantity,
      price: toNaira(l.unitPriceKobo),
    })),
    orders: orders.map((o) => ({
      id: o.id,
      status: o.status,
      product_name: o.product_name,
      quantity: o.quantity,
      price: toNaira(o.price_kobo),
    })),
    refund: refund
      ? {
          status: refund.status,
          amount: toNaira(refund.amount_kobo),
          reason: refund.reason,
          created: refund.created_at,
          refunded: refund.refunded_at,
        }
      : null,
  }
}

/** What became of a payment on an invoice, as the page the payer comes back to reads it. */
export async function invoicePaymentOutcome(
  db: Queryable,
  payment: PaymentRow,
): Promise<InvoicePaymentOutcome> {
  const refund = await refundOf(db, payment.id)
  return {
    tx_ref: payment.tx_ref,
    status: payment.status,
    message:
      payment.status === 'pending'
        ? PENDING_MESSAGE
        : payment.status === 'successful'
          ? successMessageOf(payment)
          : payment.message,
    amount: toNaira(payment.amount_kobo),
    refund: refund ? { status: refund.status, amount: toNaira(refund.amount_kobo) } : null,
  }
}
