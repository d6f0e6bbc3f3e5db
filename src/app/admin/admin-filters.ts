/**
 * The back office's client-side search and filters (SPEC section 5: case-insensitive), as pure functions
 * so the screens memoise them and the tests call them directly.
 */
import type { AdminMessage, AdminOrder, AdminUser, Booking, Product } from '../../../contract/index.js'
import { localPhone } from '../../../contract/phone.js'

const norm = (s: string) => s.trim().toLowerCase()
const has = (field: string | null | undefined, q: string) => (field ?? '').toLowerCase().includes(q)

/** Filter values of SPEC section 9. */
export type RoleFilter = 'all' | 'admin' | 'staff' | 'customer'
export type BookingStatusFilter = 'all' | 'pending' | 'confirmed' | 'completed' | 'cancelled'
export type CategoryFilter = 'all' | 'pest-control' | 'cleaning' | 'equipment'
export type OrderStatusFilter = 'all' | 'completed' | 'processing' | 'shipped'

export function filterUsers(users: AdminUser[], search: string, role: RoleFilter): AdminUser[] {
  const q = norm(search)
  return users.filter(
    (u) =>
      (role === 'all' || u.role.toLowerCase() === role) &&
      (!q ||
        has(u.full_name, q) ||
        has(u.username, q) ||
        has(u.phone_number, q) ||
        has(localPhone(u.phone_number), q)),
  )
}

/** Search by customer name, phone (as stored or typed with the leading 0) or location. */
export function filterBookings(bookings: Booking[], search: string, status: BookingStatusFilter): Booking[] {
  const q = norm(search)
  const qDigits = q.replace(/[\s-]/g, '')
  return bookings.filter(
    (b) =>
      (status === 'all' || b.status.toLowerCase() === status) &&
      (!q ||
        has(b.full_name, q) ||
        has(b.location, q) ||
        (qDigits !== '' && (has(b.phone_number, qDigits) || has(localPhone(b.phone_number), qDigits)))),
  )
}

const categoryValue = (category: Product['category']): string => category.toLowerCase().replace(/\s+/g, '-')

export function filterProducts(products: Product[], search: string, category: CategoryFilter): Product[] {
  const q = norm(search)
  return products.filter(
    (p) =>
      (category === 'all' || categoryValue(p.category) === category) &&
      (!q || has(p.name, q) || has(p.description, q)),
  )
}

export function filterMessages(messages: AdminMessage[], search: string): AdminMessage[] {
  const q = norm(search)
  return q ? messages.filter((m) => has(m.name, q) || has(m.email, q)) : messages
}

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
  const q = norm(search)
  return orders.filter((o) => {
    if (status !== 'all' && o.status.toLowerCase() !== status) return false
    if (q && !has(o.user, q) && !has(o.product_name, q)) return false
    if (from || to) {
      const day = orderDay(o)
      if (from && day < from) return false
      if (to && day > to) return false
    }
    return true
  })
}
