import { formatNaira, toNaira } from '../../contract/money.js'
import { deliveryAddressLine, deliveryFeeText } from '../../contract/delivery.js'
import { pages } from '../../contract/pages.js'
import type { Transaction } from 'kysely'
import type { Queryable, Tables } from '../db/index.js'
import { affectedRows, nowIso } from '../db/dialect.js'
import type { GatewayTransaction } from './gateway.js'
import { notify } from '../lib/notify.js'
import { sendMessage } from '../messaging/index.js'
import { runAutoWithdrawal } from '../lib/balance.js'
import { heldByOthers, lockProducts } from './reservations.js'
import {
  PAYMENT_SUCCESS_MESSAGE,
  deliveryOf,
  iso,
  itemsText,
  linesOf,
  settlePending,
  soldOutMessage,
  type PaymentLine,
  type PaymentRow,
} from './rows.js'

/** Thrown inside the settling transaction (rolling it back) when a line's stock is gone. */
export class SoldOut extends Error {
  constructor(readonly productName: string) {
    super(soldOutMessage(productName))
  }
}

/** Who the goods go to and where: checkout's delivery step, else (an older payment) the profile. */
async function recipientOf(db: Queryable, payment: PaymentRow) {
  const customer =
    payment.user_id === null
      ? undefined
      : await db
          .selectFrom('users')
          .select(['first_name', 'last_name', 'phone_number', 'location', 'landmark', 'city', 'state'])
          .where('id', '=', payment.user_id)
          .executeTakeFirst()
  const delivery = deliveryOf(payment)
  const customerName = delivery
    ? delivery.name
    : customer
      ? [customer.first_name, customer.last_name].filter(Boolean).join(' ')
      : ''
  const phone = delivery ? delivery.phone_number : (customer?.phone_number ?? '')
  const location = delivery
    ? deliveryAddressLine(delivery)
    : customer
      ? deliveryAddressLine({ ...customer, address: customer.location })
      : ''
  return { customerName, phone, location }
}

/**
 * Inside the caller's transaction, guarded by the payment's status: the first caller moves it from
 * pending to successful and places the orders (false: another got there first). Stock only goes down
 * where enough is left; otherwise SoldOut is thrown and the caller's transaction rolls back.
 */
export async function placeOrders(
  trx: Transaction<Tables>,
  payment: PaymentRow,
  tx: GatewayTransaction,
  at: number,
): Promise<boolean> {
  const lines = linesOf(payment)
  // The claim: on PostgreSQL a concurrent claimer waits on this row, then finds it no longer pending.
  const claimed = await settlePending(trx, payment.id, {
    status: 'successful',
    message: PAYMENT_SUCCESS_MESSAGE,
    transactionId: tx.transactionId,
  })
  if (!claimed) return false
  const { customerName, phone, location } = await recipientOf(trx, payment)
  // The products' rows, locked in id order (as openPayment does): the holds read below are then the
  // committed ones, and two settlements or a checkout cannot deadlock on them.
  await lockProducts(trx, lines)
  for (const line of lines) {
    // Stock only goes down where enough is left beside what other payments still hold: a payment whose
    // own hold expired gets the goods only if nobody else was promised them since. Never below zero.
    const taken = await trx
      .updateTable('products')
      .set((eb) => ({ stock: eb('stock', '-', line.quantity), updated_at: nowIso() }))
      .where('id', '=', line.productId)
      .where((eb) => eb(eb('stock', '-', heldByOthers(eb, iso(at), payment.id)), '>=', line.quantity))
      .executeTakeFirst()
    if (!affectedRows(taken)) throw new SoldOut(line.name)
    await trx
      .insertInto('orders')
      .values({
        user_id: payment.user_id,
        payment_id: payment.id,
        product_id: line.productId,
        product_name: line.name,
        product_image: line.image,
        quantity: line.quantity,
        price_kobo: line.unitPriceKobo,
        customer_name: customerName,
        phone_number: phone,
        location,
      })
      .execute()
    if (payment.user_id) {
      await trx
        .deleteFrom('cart_items')
        .where('user_id', '=', payment.user_id)
        .where('product_id', '=', line.productId)
        .execute()
    }
  }
  await trx
    .updateTable('payment_reservations')
    .set({ status: 'converted', ended_at: iso(at) })
    .where('payment_id', '=', payment.id)
    .where('status', 'in', ['held', 'expired'])
    .execute()
  await notify(
    trx,
    payment.user_id,
    'Payment Successful',
    orderSummaryText(payment, lines, location),
    { path: pages.orders, label: 'See your orders' },
    'invoices',
  )
  const amount = formatNaira(toNaira(payment.amount_kobo))
  const items = itemsText(lines)
  if (payment.user_id) {
    await sendMessage(
      { db: trx },
      {
        to: payment.user_id,
        template: 'payment_receipt',
        data: { amount, reference: payment.tx_ref, items },
      },
    )
  }
  await sendMessage(
    { db: trx },
    {
      to: 'admins',
      template: 'admin_new_order',
      data: { customer: customerName || 'A customer', amount, items, reference: payment.tx_ref },
    },
  )
  // "Automatic withdrawals": this payment may have taken the balance past the admin's threshold.
  await runAutoWithdrawal(trx)
  return true
}

/** The success notification: reference, what was bought, the fee and where it goes. */
export function orderSummaryText(payment: PaymentRow, lines: PaymentLine[], location: string): string {
  const fee = payment.delivery_fee_kobo === null ? null : toNaira(payment.delivery_fee_kobo)
  return (
    `We received your payment of ${formatNaira(toNaira(payment.amount_kobo))}. ` +
    `Your order has been placed (Reference ${payment.tx_ref}): ${itemsText(lines)}. ` +
    `${deliveryFeeText(fee, formatNaira)}.` +
    (location ? ` Delivery to ${location}.` : '')
  )
}
