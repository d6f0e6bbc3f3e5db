/** Paid orders: the customer's list and tracking, the admin's list, moves and CSV export. */
import { z } from 'zod'
import { addDays, businessDay, formatDay, isCalendarDate } from './dates.js'
import type { DeliveryDetails } from './delivery.js'
import { defineEndpoints } from './endpoint.js'
import { countAnswer, isoTime, messageAnswer, naira } from './fields.js'
import { NIGERIAN_STATES } from './nigerian-states.js'

/** In the order an order goes through them. */
export const ORDER_STATUSES = ['Processing', 'Shipped', 'Completed'] as const
export const orderStatus = z.enum(ORDER_STATUSES)
export type OrderStatus = z.infer<typeof orderStatus>

export const userOrder = z.object({
  id: z.number().int(),
  /** The order reference (the payment's tx_ref, `#<id>` without one): what the customer quotes. */
  reference: z.string(),
  status: orderStatus,
  product_name: z.string(),
  quantity: z.number().int(),
  /** Unit price at purchase. */
  price: naira,
  /** The picture copied at checkout; the order card and its tracking timeline show it. */
  image: z.string(),
  created: isoTime,
  shipped: isoTime.nullable(),
  completed: isoTime.nullable(),
})
export type UserOrder = z.infer<typeof userOrder>

/** An order line as the back office lists it: who ordered, the line as the customer sees it, and the payment. */
export const adminOrder = z.object({
  id: z.number().int(),
  user: z.string(),
  phone_number: z.string(),
  location: z.string(),
  ...userOrder.pick({ product_name: true, quantity: true, price: true, status: true, created: true }).shape,
  /** The payment's reference (tx_ref): the lines of one payment share it; `#<id>` for a line without one. */
  reference: z.string(),
  /** The customer's account email ('' once the account is deleted). */
  email: z.string(),
  /** The delivery fee of the order (its payment); null when none was charged (to be agreed). */
  delivery_fee: naira.nullable(),
})
export type AdminOrder = z.infer<typeof adminOrder>

/** Where a paid order goes, as the checkout's delivery step stored it. */
export const deliveryDetailsAnswer = z.object({
  name: z.string(),
  phone_number: z.string(),
  address: z.string(),
  landmark: z.string(),
  city: z.string(),
  state: z.enum(NIGERIAN_STATES),
}) satisfies z.ZodType<DeliveryDetails>

/** GET admins/orders/{reference}/: one order (one payment) with its lines and where it goes. */
export const adminOrderDetail = z.object({
  reference: z.string(),
  created: isoTime,
  customer: z.string(),
  email: z.string(),
  phone_number: z.string(),
  location: z.string(),
  /** The checkout's delivery step; null for an order placed before it existed. */
  delivery: deliveryDetailsAnswer.nullable(),
  items_total: naira,
  /** Null = to be agreed with the customer. */
  delivery_fee: naira.nullable(),
  /** What was paid. */
  amount: naira,
  lines: z.array(adminOrder),
})
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>

/** POST admins/order_actions/{id}/: no status (or no body) means Completed. */
export const orderActionBody = z.object({ status: z.enum(['Shipped', 'Completed']).optional() })
export type OrderActionRequest = z.input<typeof orderActionBody>

const isoDay = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `'${name}' must be a date (YYYY-MM-DD)`)
    .refine(isCalendarDate, `'${name}' must be a real date`)
    .optional()

/**
 * The admin's order filters (status all|completed|processing|shipped), the query of
 * admins/orders/ and admins/orders/export.csv; `from`/`to` are inclusive Lagos business days.
 */
export const orderFilterQuery = z
  .object({
    status: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(
        z.enum(['all', 'completed', 'processing', 'shipped'], {
          error: 'Status must be all, completed, processing or shipped',
        }),
      )
      .optional(),
    q: z.string().trim().max(200, 'Search text is too long').optional(),
    from: isoDay('from'),
    to: isoDay('to'),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: "'from' must be on or before 'to'" })
export type OrderFilterRequest = z.input<typeof orderFilterQuery>
export type OrderFilter = z.output<typeof orderFilterQuery>

export const orderEndpoints = defineEndpoints('orders', {
  'GET admins/orders/': {
    summary: 'Every order line, newest payment first, filtered by status, text and Lagos days.',
    access: 'admin',
    query: orderFilterQuery,
    answer: z.array(adminOrder),
  },
  'GET admins/orders/export.csv': {
    summary: 'The order lines the same filters select, as a CSV file (UTF-8 with a byte-order mark).',
    access: 'admin',
    query: orderFilterQuery,
    produces: 'text/csv',
  },
  'GET admins/orders/{reference}/': {
    summary: 'One order (the lines of one payment) with its totals and where it goes.',
    access: 'admin',
    answer: adminOrderDetail,
  },
  'POST admins/order_actions/{id}/': {
    summary: 'Moves an order line forward: to Shipped, or (no body, or no status) to Completed.',
    access: 'admin',
    // No body at all is a Completed, as the original app sends it.
    body: orderActionBody.optional(),
    answer: messageAnswer.extend({ status: z.enum(['Shipped', 'Completed']) }),
    errors: { 409: 'The order was moved by someone else meanwhile.' },
  },
  'GET users/orders/': {
    summary: "The caller's own orders, newest first, with their tracking dates.",
    access: 'user',
    answer: z.array(userOrder),
  },
  'GET check_order/': {
    summary: 'Whether the caller has any order, and how many lines.',
    access: 'user',
    answer: countAnswer,
  },
})

// ---------- order steps ----------

/** Position of a status in ORDER_STATUSES: orders only move to a higher one. */
export const orderStep = (status: OrderStatus): number => ORDER_STATUSES.indexOf(status)

/**
 * Where the admin may move an order from `status`: forward only, and Completed may skip Shipped
 * (Processing → Shipped or Completed; Shipped → Completed; Completed: nowhere).
 */
export function orderMoves(status: OrderStatus): Exclude<OrderStatus, 'Processing'>[] {
  return (['Shipped', 'Completed'] as const).filter((target) => orderStep(target) > orderStep(status))
}

/** The tracking timeline: each step with the moment it happened, null when it has not yet. */
export function orderTimeline(
  order: Pick<UserOrder, 'created' | 'shipped' | 'completed'>,
): { status: OrderStatus; at: string | null }[] {
  return [
    { status: 'Processing', at: order.created },
    { status: 'Shipped', at: order.shipped },
    { status: 'Completed', at: order.completed },
  ]
}

// ---------- delivery promise ----------

/** Our promise for a paid order: delivered 2 to 5 days after the (Lagos) day it was placed. */
export const DELIVERY_MIN_DAYS = 2
export const DELIVERY_MAX_DAYS = 5

/** The first and last business day (YYYY-MM-DD) an order placed at `created` should arrive. */
export function deliveryWindow(created: string): { from: string; to: string } {
  const placed = businessDay(created)
  return { from: addDays(placed, DELIVERY_MIN_DAYS), to: addDays(placed, DELIVERY_MAX_DAYS) }
}

/** The line under an order's status: when it arrived, or the window it should arrive in. */
export function deliveryText(order: Pick<UserOrder, 'status' | 'created' | 'completed'>): string {
  if (order.status === 'Completed' && order.completed)
    return `Delivered on ${formatDay(businessDay(order.completed))}`
  const { from, to } = deliveryWindow(order.created)
  return `Delivery between ${formatDay(from)} and ${formatDay(to)}`
}
