import { Hono, type Context } from 'hono'
import {
  orderActionBody,
  orderFilterQuery,
  orderStep,
  type OrderStatus,
  type UserOrder,
} from '../../contract/orders.js'
import type { CountAnswer } from '../../contract/fields.js'
import { localPhone } from '../../contract/phone.js'
import { toKobo, toNaira } from '../../contract/money.js'
import { businessDateTime, businessDay } from '../../contract/dates.js'
import type { AppEnv } from '../types.js'
import { currentUser, requireLogin, requireRole } from '../middleware/auth.js'
import { parseId, validate } from '../middleware/validate.js'
import { notifySqlite } from '../lib/notify.js'
import { sendMessageSqlite } from '../messaging/index.js'
import { csvRow, findOrderDetail, findOrders } from '../lib/orders.js'

const CSV_HEADER = [
  'Order ID',
  'Date',
  'Customer',
  'Phone',
  'Location',
  'Product',
  'Quantity',
  'Unit price (NGN)',
  'Total (NGN)',
  'Status',
]

/** The optional body of order_actions: none, an empty one or `{}` all mean Completed. */
async function readOrderAction(c: Context<AppEnv>) {
  const text = (await c.req.text()).trim()
  let body: unknown = {}
  if (text) {
    try {
      body = JSON.parse(text)
    } catch {
      return { error: 'Malformed JSON in request body' }
    }
  }
  const parsed = orderActionBody.safeParse(body ?? {})
  if (!parsed.success) return { error: "Status must be 'Shipped' or 'Completed'" }
  return { status: parsed.data.status ?? ('Completed' as const) }
}

/** admins/orders/ and admins/orders/export.csv: the admin's list, filtered (contract orderFilterQuery). */
export const adminOrderRoutes = new Hono<AppEnv>({ strict: false })
  .get('/', requireRole('admin'), validate('query', orderFilterQuery), (c) =>
    c.json(findOrders(c.var.sqlite, c.req.valid('query'))),
  )

  .get('/export.csv', requireRole('admin'), validate('query', orderFilterQuery), (c) => {
    const orders = findOrders(c.var.sqlite, c.req.valid('query'))
    const lines = [csvRow(CSV_HEADER)]
    for (const o of orders) {
      lines.push(
        csvRow([
          o.id,
          businessDateTime(o.created),
          o.user,
          localPhone(o.phone_number),
          o.location,
          o.product_name,
          o.quantity,
          o.price.toFixed(2),
          toNaira(toKobo(o.price) * o.quantity).toFixed(2),
          o.status,
        ]),
      )
    }
    const day = businessDay(new Date())
    // The byte-order mark makes Excel read the file as UTF-8 (names like "Ọlá" stay intact).
    return c.body('\uFEFF' + lines.join('\r\n') + '\r\n', 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="orders-${day}.csv"`,
      'Cache-Control': 'no-store',
    })
  })

  // Registered after export.csv, so that path is never read as a reference.
  .get('/:reference', requireRole('admin'), (c) => {
    const order = findOrderDetail(c.var.sqlite, c.req.param('reference'))
    return order ? c.json(order) : c.json({ message: 'Order not found' }, 404)
  })

/** admins/order_actions/{id}/: the admin moves an order forward (contract orderStep: never back). */
export const orderActionRoutes = new Hono<AppEnv>({ strict: false }).post(
  '/:id',
  requireRole('admin'),
  async (c) => {
    const db = c.var.sqlite
    const id = parseId(c.req.param('id'))
    const order = id
      ? (db.prepare('SELECT id, user_id, product_name, quantity, status FROM orders WHERE id = ?').get(id) as
          | {
              id: number
              user_id: number | null
              product_name: string
              quantity: number
              status: OrderStatus
            }
          | undefined)
      : undefined
    if (!order) return c.json({ message: 'Order not found' }, 404)
    const action = await readOrderAction(c)
    if ('error' in action) return c.json({ message: action.error }, 400)
    const target = action.status
    if (orderStep(target) < orderStep(order.status)) {
      return c.json({ message: `This order is already ${order.status.toLowerCase()}.` }, 400)
    }
    if (target === order.status) {
      return c.json({ message: `Order is already ${target.toLowerCase()}.`, status: target })
    }
    const now = new Date().toISOString()
    const item = `${order.quantity} × ${order.product_name}`
    // Guarded by the status read before the body was awaited: of two clicks in flight, only one
    // moves the order and notifies the customer.
    const moved = db.transaction(() => {
      const changed =
        target === 'Shipped'
          ? db
              .prepare("UPDATE orders SET status = 'Shipped', shipped_at = ? WHERE id = ? AND status = ?")
              .run(now, order.id, order.status).changes
          : // A delivered order was necessarily shipped; keep the tracking timeline whole.
            db
              .prepare(
                `UPDATE orders SET status = 'Completed', shipped_at = COALESCE(shipped_at, ?), completed_at = ?
                 WHERE id = ? AND status = ?`,
              )
              .run(now, now, order.id, order.status).changes
      if (!changed) return false
      if (target === 'Shipped')
        notifySqlite(db, order.user_id, 'Order Shipped', `Your order of ${item} is on its way.`)
      else notifySqlite(db, order.user_id, 'Order Delivered', `Your order of ${item} has been delivered.`)
      sendMessageSqlite(
        { db: c.var.sqlite },
        {
          to: order.user_id ?? 0,
          template: target === 'Shipped' ? 'order_shipped' : 'order_delivered',
          data: { items: item },
        },
      )
      return true
    })()
    if (!moved) {
      return c.json({ message: 'This order was changed meanwhile. Reload and try again.' }, 409)
    }
    const message = target === 'Shipped' ? 'Order marked as shipped' : 'Order marked as delivered'
    return c.json({ message, status: target })
  },
)

/** users/orders/: the caller's own orders with their tracking dates. */
export const userOrderRoutes = new Hono<AppEnv>({ strict: false }).get('/', requireLogin, (c) => {
  const rows = c.var.sqlite
    .prepare(
      `SELECT o.id, o.status, o.product_name, o.quantity, o.price_kobo, o.created_at, o.shipped_at, o.completed_at,
                COALESCE(NULLIF(o.product_image, ''), p.image, '') AS image
         FROM orders o LEFT JOIN products p ON p.id = o.product_id
         WHERE o.user_id = ?
         ORDER BY o.created_at DESC, o.id DESC`,
    )
    .all(currentUser(c).id) as {
    id: number
    status: OrderStatus
    product_name: string
    quantity: number
    price_kobo: number
    image: string
    created_at: string
    shipped_at: string | null
    completed_at: string | null
  }[]
  const orders: UserOrder[] = rows.map((o) => ({
    id: o.id,
    status: o.status,
    product_name: o.product_name,
    quantity: o.quantity,
    price: toNaira(o.price_kobo),
    image: o.image,
    created: o.created_at,
    shipped: o.shipped_at,
    completed: o.completed_at,
  }))
  return c.json(orders)
})

/** check_order/: whether the caller has any order. */
export const orderCountRoutes = new Hono<AppEnv>({ strict: false }).get('/', requireLogin, (c) => {
  const count = c.var.sqlite
    .prepare('SELECT COUNT(*) FROM orders WHERE user_id = ?')
    .pluck()
    .get(currentUser(c).id) as number
  const answer: CountAnswer = { message: count ? 'not empty' : 'empty', count }
  return c.json(answer)
})
