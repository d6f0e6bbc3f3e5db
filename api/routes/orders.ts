import { Hono, type Context } from 'hono'
import { orderFilterQuery, orderStep, type OrderStatus, type UserOrder } from '../../contract/orders.js'
import type { CountAnswer } from '../../contract/fields.js'
import { localPhone } from '../../contract/phone.js'
import { toKobo, toNaira } from '../../contract/money.js'
import { businessDateTime, businessDay } from '../../contract/dates.js'
import type { AppEnv } from '../types.js'
import { currentUser, requireLogin, requireRole } from '../middleware/auth.js'
import { bodyOf, optionalJson, parseId, validate } from '../middleware/validate.js'
import { sql } from 'kysely'
import { affectedRows } from '../db/dialect.js'
import { notify } from '../lib/notify.js'
import { sendMessage } from '../messaging/index.js'
import { findOrderDetail, findOrders, REFERENCE } from '../lib/orders.js'
import { csvRow } from '../lib/csv.js'
import { fail } from '../lib/http-error.js'

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
  // After the original columns, so sheets built on them keep working.
  'Order reference',
  'Delivery fee (NGN)',
]

/** The status the order moves to: none, an empty body or `{}` all mean Completed. */
async function readOrderAction(c: Context<AppEnv>) {
  const parsed = bodyOf('POST admins/order_actions/{id}/').safeParse(await optionalJson(c))
  if (!parsed.success) fail(400, "Status must be 'Shipped' or 'Completed'")
  return parsed.data?.status ?? 'Completed'
}

/** admins/orders/ and admins/orders/export.csv: the admin's list, filtered (contract orderFilterQuery). */
export const adminOrderRoutes = new Hono<AppEnv>({ strict: false })
  .get('/', requireRole('admin'), validate('query', orderFilterQuery), async (c) =>
    c.json(await findOrders(c.var.db, c.req.valid('query'))),
  )

  .get('/export.csv', requireRole('admin'), validate('query', orderFilterQuery), async (c) => {
    const orders = await findOrders(c.var.db, c.req.valid('query'))
    const lines = [csvRow(CSV_HEADER)]
    // An order's fee is on its first line only, so a sum of the column counts each fee once.
    const feeShown = new Set<string>()
    for (const o of orders) {
      const fee = feeShown.has(o.reference) || o.delivery_fee === null ? '' : o.delivery_fee.toFixed(2)
      feeShown.add(o.reference)
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
          o.reference,
          fee,
        ]),
      )
    }
    const day = businessDay(new Date(c.var.config.now()))
    // The byte-order mark makes Excel read the file as UTF-8 (names like "Ọlá" stay intact).
    return c.body('\uFEFF' + lines.join('\r\n') + '\r\n', 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="orders-${day}.csv"`,
      'Cache-Control': 'no-store',
    })
  })

  // Registered after export.csv, so that path is never read as a reference.
  .get('/:reference', requireRole('admin'), async (c) => {
    const order = await findOrderDetail(c.var.db, c.req.param('reference'))
    return c.json(order ?? fail(404, 'Order not found'))
  })

/** admins/order_actions/{id}/: the admin moves an order forward (contract orderStep: never back). */
export const orderActionRoutes = new Hono<AppEnv>({ strict: false }).post(
  '/:id',
  requireRole('admin'),
  async (c) => {
    const { db } = c.var
    const id = parseId(c.req.param('id'))
    const order = id
      ? await db
          .selectFrom('orders')
          .select(['id', 'user_id', 'product_name', 'quantity', 'status'])
          .where('id', '=', id)
          .executeTakeFirst()
      : undefined
    if (!order) fail(404, 'Order not found')
    const status = order.status as OrderStatus
    const target = await readOrderAction(c)
    if (orderStep(target) < orderStep(status)) fail(400, `This order is already ${status.toLowerCase()}.`)
    if (target === status) {
      return c.json({ message: `Order is already ${target.toLowerCase()}.`, status: target })
    }
    const now = new Date(c.var.config.now()).toISOString()
    const item = `${order.quantity} × ${order.product_name}`
    // Guarded by the status read before the body was awaited (one conditional UPDATE): of two clicks in
    // flight, on any instances, only one moves the order and notifies the customer.
    const moved = await db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable('orders')
        .set(
          target === 'Shipped'
            ? { status: 'Shipped', shipped_at: now }
            : // A delivered order was necessarily shipped; keep the tracking timeline whole.
              {
                status: 'Completed',
                shipped_at: sql<string>`COALESCE(shipped_at, ${now})`,
                completed_at: now,
              },
        )
        .where('id', '=', order.id)
        .where('status', '=', status)
        .executeTakeFirst()
      if (!affectedRows(changed)) return false
      if (target === 'Shipped')
        await notify(trx, order.user_id, 'Order Shipped', `Your order of ${item} is on its way.`)
      else await notify(trx, order.user_id, 'Order Delivered', `Your order of ${item} has been delivered.`)
      await sendMessage(
        { db: trx },
        {
          to: order.user_id ?? 0,
          template: target === 'Shipped' ? 'order_shipped' : 'order_delivered',
          data: { items: item },
        },
      )
      return true
    })
    if (!moved) fail(409, 'This order was changed meanwhile. Reload and try again.')
    const message = target === 'Shipped' ? 'Order marked as shipped' : 'Order marked as delivered'
    return c.json({ message, status: target })
  },
)

/** users/orders/: the caller's own orders with their tracking dates. */
export const userOrderRoutes = new Hono<AppEnv>({ strict: false }).get('/', requireLogin, async (c) => {
  const rows = await c.var.db
    .selectFrom('orders as o')
    .leftJoin('products as p', 'p.id', 'o.product_id')
    .leftJoin('payments as pay', 'pay.id', 'o.payment_id')
    .select([
      'o.id',
      REFERENCE.as('reference'),
      'o.status',
      'o.product_name',
      'o.quantity',
      'o.price_kobo',
      'o.created_at',
      'o.shipped_at',
      'o.completed_at',
      // The picture copied at checkout (its bytes outlive the product); older orders show the product's.
      sql<string>`COALESCE(NULLIF(o.product_image, ''), p.image, '')`.as('image'),
    ])
    .where('o.user_id', '=', currentUser(c).id)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .execute()
  const orders: UserOrder[] = rows.map((o) => ({
    id: o.id,
    reference: o.reference,
    status: o.status as OrderStatus,
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
export const orderCountRoutes = new Hono<AppEnv>({ strict: false }).get('/', requireLogin, async (c) => {
  const { count } = await c.var.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', currentUser(c).id)
    .executeTakeFirstOrThrow()
  const answer: CountAnswer = { message: count ? 'not empty' : 'empty', count }
  return c.json(answer)
})
