import type { AdminOrder } from '../../../contract/orders.js'
import { businessDay } from '../../../contract/dates.js'
import { fieldHas, normalizeQuery } from '../../lib/search'

export type OrderStatusFilter = 'all' | 'completed' | 'processing' | 'shipped'

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
      // The business day (Lagos) the order was placed: the day the server's filter and CSV export use.
      const day = businessDay(o.created)
      if (from && day < from) return false
      if (to && day > to) return false
    }
    return true
  })
}
