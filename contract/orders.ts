/** Paid orders: the customer's list and tracking, the admin's list, moves and CSV export. */
import { z } from 'zod'
import { addDays, businessDay, formatDay, isCalendarDate } from './dates.js'
import type { DeliveryDetails } from './delivery.js'

/** In the order an order goes through them. */
export const ORDER_STATUSES = ['Processing', 'Shipped', 'Completed'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
export interface UserOrder {
  id: number
  /** The order reference (the payment's tx_ref, `#<id>` without one): what the customer quotes. */
  reference: string
  status: OrderStatus
  product_name: string
  quantity: number
  /** Unit price at purchase, naira. */
  price: number
  /** For the order card and its tracking timeline. */
  image: string
  created: string
  shipped: string | null
  completed: string | null
}
export interface AdminOrder {
  id: number
  user: string
  phone_number: string
  location: string
  product_name: string
  quantity: number
  price: number
  status: OrderStatus
  created: string
  /** The payment's reference (tx_ref): the lines of one payment share it; `#<id>` for a line without one. */
  reference: string
  /** The customer's account email ('' once the account is deleted). */
  email: string
  /** The delivery fee of the order (its payment), naira; null when none was charged (to be agreed). */
  delivery_fee: number | null
}

/** GET admins/orders/{reference}/: one order (one payment) with its lines and where it goes. */
export interface AdminOrderDetail {
  reference: string
  created: string
  customer: string
  email: string
  phone_number: string
  location: string
  /** The checkout's delivery step; null for an order placed before it existed. */
  delivery: DeliveryDetails | null
  /** Naira. */
  items_total: number
  /** Naira; null = to be agreed with the customer. */
  delivery_fee: number | null
  /** Naira, what was paid. */
  amount: number
  lines: AdminOrder[]
}

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
