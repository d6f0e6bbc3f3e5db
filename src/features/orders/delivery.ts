import type { UserOrder } from '../../../contract/index.js'
import { formatDate } from '../../../contract/dates.js'

const DAY_MS = 86_400_000
/** Our promise for a paid order: delivered 2 to 5 days after it was placed. */
export const DELIVERY_MIN_DAYS = 2
export const DELIVERY_MAX_DAYS = 5

/** The line under an order's status: when it arrived, or the window it should arrive in. */
export function deliveryText(order: UserOrder): string {
  if (order.status === 'Completed' && order.completed) return `Delivered on ${formatDate(order.completed)}`
  const placed = Date.parse(order.created)
  return (
    `Delivery between ${formatDate(new Date(placed + DELIVERY_MIN_DAYS * DAY_MS))} ` +
    `and ${formatDate(new Date(placed + DELIVERY_MAX_DAYS * DAY_MS))}`
  )
}
