import type { AdminOrder, AdminOrderDetail, OrderFilter, OrderStatus } from '../../contract/orders.js'
import type { DeliveryDetails } from '../../contract/delivery.js'
import { toNaira } from '../../contract/money.js'
import { addDays, businessDayStart } from '../../contract/dates.js'
import { sql, type SqlBool } from 'kysely'
import type { Queryable } from '../db/index.js'
import { textSearch } from './search.js'

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** An order's reference: its payment's tx_ref, or "#<id>" for a line placed without a payment. */
export const REFERENCE = sql<string>`COALESCE(pay.tx_ref, '#' || CAST(o.id AS TEXT))`
/**
 * The name, phone and address are copied onto the order at checkout (what was delivered where); the
 * account's current ones fill in for orders that lack them. Written out (not an alias) where the WHERE
 * clause needs it: PostgreSQL does not see SELECT aliases there.
 */
const CUSTOMER = sql<string>`COALESCE(NULLIF(o.customer_name, ''),
  NULLIF(TRIM(u.first_name || ' ' || u.last_name), ''), CAST(u.email AS TEXT), '')`
/** The account's address in one line, as deliveryAddressLine writes it: "12 Awolowo Rd (landmark), Ikeja, Lagos". */
const PROFILE_ADDRESS_LINE = sql<string>`NULLIF(u.location
  || CASE WHEN u.landmark <> '' THEN ' (' || u.landmark || ')' ELSE '' END
  || CASE WHEN u.city <> '' THEN ', ' || u.city ELSE '' END
  || CASE WHEN u.state <> '' THEN ', ' || u.state ELSE '' END, '')`
/** Orders newest first, filtered, in one query (10,000 orders read in a few milliseconds). */
export async function findOrders(
  db: Queryable,
  filter: OrderFilter = {},
  reference?: string,
): Promise<AdminOrder[]> {
  let query = db
    .selectFrom('orders as o')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('payments as pay', 'pay.id', 'o.payment_id')
    .select([
      'o.id',
      'o.product_name',
      'o.quantity',
      'o.price_kobo',
      'o.status',
      'o.created_at',
      CUSTOMER.as('customer'),
      sql<string>`COALESCE(NULLIF(o.phone_number, ''), u.phone_number, '')`.as('phone_number'),
      sql<string>`COALESCE(NULLIF(o.location, ''), ${PROFILE_ADDRESS_LINE}, '')`.as('location'),
      REFERENCE.as('reference'),
      sql<string>`COALESCE(CAST(u.email AS TEXT), '')`.as('email'),
      'pay.delivery_fee_kobo',
    ])
  if (reference !== undefined) query = query.where(sql<SqlBool>`${REFERENCE} = ${reference}`)
  if (filter.status && filter.status !== 'all')
    query = query.where('o.status', '=', capitalised(filter.status))
  if (filter.q) {
    query = query.where(
      textSearch(filter.q, [
        CUSTOMER,
        sql`o.product_name`,
        sql`COALESCE(CAST(u.email AS TEXT), '')`,
        REFERENCE,
      ]),
    )
  }
  if (filter.from) query = query.where('o.created_at', '>=', businessDayStart(filter.from).toISOString())
  if (filter.to)
    query = query.where('o.created_at', '<', businessDayStart(addDays(filter.to, 1)).toISOString())
  const rows = await query
    .orderBy(sql`COALESCE(pay.settled_at, o.created_at)`, 'desc')
    // Lines without a payment after the paid ones of the same moment, as SQLite ordered NULLs.
    .orderBy(sql`COALESCE(o.payment_id, 0)`, 'desc')
    .orderBy('o.id', 'desc')
    .execute()
  return rows.map((o) => ({
    id: o.id,
    user: o.customer,
    phone_number: o.phone_number,
    location: o.location,
    product_name: o.product_name,
    quantity: o.quantity,
    price: toNaira(o.price_kobo),
    status: o.status as OrderStatus,
    created: o.created_at,
    reference: o.reference,
    email: o.email,
    delivery_fee: o.delivery_fee_kobo === null ? null : toNaira(o.delivery_fee_kobo),
  }))
}

/** One order (all the lines of one payment) for the admin; undefined when no line has this reference. */
export async function findOrderDetail(
  db: Queryable,
  reference: string,
): Promise<AdminOrderDetail | undefined> {
  const lines = await findOrders(db, {}, reference)
  if (lines.length === 0) return undefined
  const payment = await db
    .selectFrom('payments')
    .select(['amount_kobo', 'delivery', 'delivery_fee_kobo', 'created_at'])
    .where('tx_ref', '=', reference)
    .executeTakeFirst()
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
