import type { AdminOrder, OrderFilter, OrderStatus } from '../../contract/orders.js'
import { toNaira } from '../../contract/money.js'
import { addDays, businessDayStart } from '../../contract/dates.js'
import type { DB } from '../db/index.js'

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
/** LIKE with the user's % and _ taken literally. */
const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

interface OrderRow {
  id: number
  user: string
  phone_number: string
  location: string
  product_name: string
  quantity: number
  price_kobo: number
  status: OrderStatus
  created_at: string
}

/** Orders newest first, filtered, in one query (10,000 orders read in a few milliseconds). */
export function findOrders(db: DB, filter: OrderFilter = {}): AdminOrder[] {
  const where: string[] = []
  const params: unknown[] = []
  if (filter.status && filter.status !== 'all') {
    where.push('o.status = ?')
    params.push(capitalised(filter.status))
  }
  if (filter.q) {
    where.push(`(casefold(customer) LIKE ? ESCAPE '\\' OR casefold(o.product_name) LIKE ? ESCAPE '\\')`)
    const needle = likeContains(filter.q.toLowerCase())
    params.push(needle, needle)
  }
  if (filter.from) {
    where.push('o.created_at >= ?')
    params.push(businessDayStart(filter.from).toISOString())
  }
  if (filter.to) {
    where.push('o.created_at < ?')
    params.push(businessDayStart(addDays(filter.to, 1)).toISOString())
  }
  // The name, phone and address are copied onto the order at checkout (what was delivered where);
  // the account's current ones fill in for orders that lack them.
  const rows = db
    .prepare(
      `SELECT o.id, o.product_name, o.quantity, o.price_kobo, o.status, o.created_at,
              COALESCE(NULLIF(o.customer_name, ''), NULLIF(TRIM(u.first_name || ' ' || u.last_name), ''), u.email, '')
                AS customer,
              COALESCE(NULLIF(o.phone_number, ''), u.phone_number, '') AS phone_number,
              COALESCE(NULLIF(o.location, ''), u.location, '') AS location
       FROM orders o LEFT JOIN users u ON u.id = o.user_id
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY o.created_at DESC, o.id DESC`,
    )
    .all(...params) as (Omit<OrderRow, 'user'> & { customer: string })[]
  return rows.map((o) => ({
    id: o.id,
    user: o.customer,
    phone_number: o.phone_number,
    location: o.location,
    product_name: o.product_name,
    quantity: o.quantity,
    price: toNaira(o.price_kobo),
    status: o.status,
    created: o.created_at,
  }))
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, CR or LF, quotes doubled.
 * Text a spreadsheet would run as a formula (= + - @, and tab/CR that some strip first) gets a leading '.
 */
export function csvField(value: string | number): string {
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const csvRow = (fields: (string | number)[]) => fields.map(csvField).join(',')
