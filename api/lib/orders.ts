import type { AdminOrder, AdminOrderDetail, OrderFilter, OrderStatus } from '../../contract/orders.js'
import type { DeliveryDetails } from '../../contract/delivery.js'
import { toNaira } from '../../contract/money.js'
import { addDays, businessDayStart } from '../../contract/dates.js'
import type { DB } from '../db/index.js'

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
/** LIKE with the user's % and _ taken literally. */
const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

/** An order's reference: its payment's tx_ref, or "#<id>" for a line placed without a payment. */
const REFERENCE = `COALESCE(pay.tx_ref, '#' || o.id)`

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
  reference: string
  email: string
}

/** Orders newest first, filtered, in one query (10,000 orders read in a few milliseconds). */
export function findOrders(db: DB, filter: OrderFilter = {}, reference?: string): AdminOrder[] {
  const where: string[] = []
  const params: unknown[] = []
  if (reference !== undefined) {
    where.push(`${REFERENCE} = ?`)
    params.push(reference)
  }
  if (filter.status && filter.status !== 'all') {
    where.push('o.status = ?')
    params.push(capitalised(filter.status))
  }
  if (filter.q) {
    where.push(
      `(casefold(customer) LIKE ? ESCAPE '\\' OR casefold(o.product_name) LIKE ? ESCAPE '\\'
        OR casefold(COALESCE(u.email, '')) LIKE ? ESCAPE '\\' OR casefold(${REFERENCE}) LIKE ? ESCAPE '\\')`,
    )
    const needle = likeContains(filter.q.toLowerCase())
    params.push(needle, needle, needle, needle)
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
              COALESCE(NULLIF(o.location, ''), u.location, '') AS location,
              ${REFERENCE} AS reference, COALESCE(u.email, '') AS email
       FROM orders o LEFT JOIN users u ON u.id = o.user_id LEFT JOIN payments pay ON pay.id = o.payment_id
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY COALESCE(pay.settled_at, o.created_at) DESC, o.payment_id DESC, o.id DESC`,
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
    reference: o.reference,
    email: o.email,
  }))
}

/** One order (all the lines of one payment) for the admin; undefined when no line has this reference. */
export function findOrderDetail(db: DB, reference: string): AdminOrderDetail | undefined {
  const lines = findOrders(db, {}, reference)
  if (lines.length === 0) return undefined
  const payment = db
    .prepare('SELECT amount_kobo, delivery, delivery_fee_kobo, created_at FROM payments WHERE tx_ref = ?')
    .get(reference) as
    | { amount_kobo: number; delivery: string | null; delivery_fee_kobo: number | null; created_at: string }
    | undefined
  const itemsKobo = lines.reduce((sum, l) => sum + Math.round(l.price * 100) * l.quantity, 0)
  const first = lines[0]
  return {
    reference,
    created: first.created,
    customer: first.user,
    email: first.email,
    phone_number: first.phone_number,
    location: first.location,
    delivery: payment?.delivery ? (JSON.parse(payment.delivery) as DeliveryDetails) : null,
    items_total: toNaira(itemsKobo),
    delivery_fee:
      payment?.delivery_fee_kobo === null || payment?.delivery_fee_kobo === undefined
        ? null
        : toNaira(payment.delivery_fee_kobo),
    amount: toNaira(payment?.amount_kobo ?? itemsKobo),
    lines: lines.slice().reverse(),
  }
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
