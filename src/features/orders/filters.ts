import type { AdminOrder } from '../../../contract/index.js'
import { fieldHas, normalizeQuery } from '../../lib/search'

export type OrderStatusFilter = 'all' | 'completed' | 'processing' | 'shipped'

/** Lagos keeps UTC+1 all year (no daylight saving). */
const LAGOS_OFFSET_MS = 3_600_000
/**
 * The business day (Lagos) an order was placed, YYYY-MM-DD: the same day the server's `from`/`to`
 * filter and CSV export use, so the list and the export agree.
 */
export function orderDay(order: Pick<AdminOrder, 'created'>): string {
  const t = Date.parse(order.created)
  return Number.isNaN(t) ? '' : new Date(t + LAGOS_OFFSET_MS).toISOString().slice(0, 10)
}

export interface OrderFilters {
  search: string
  status: OrderStatusFilter
  /** Inclusive YYYY-MM-DD bounds; '' leaves that side open. */
  from: string
  to: string
}

export function filterOrders(orders: AdminOrder[], { search, status, from, to }: OrderFilters): AdminOrder[] {
  const q = normalizeQuery(search)
  return orders.filter((o) => {
    if (status !== 'all' && o.status.toLowerCase() !== status) return false
    if (q && ![o.user, o.product_name, o.email ?? '', o.reference ?? ''].some((f) => fieldHas(f, q)))
      return false
    if (from || to) {
      const day = orderDay(o)
      if (from && day < from) return false
      if (to && day > to) return false
    }
    return true
  })
}
