import type { Database } from '../db/index.js'
import type { DeliveryDetails } from '../../contract/delivery.js'
import { stockMessage } from '../lib/catalogue.js'
import { iso, itemsTotalKobo, type PaymentLine } from './rows.js'
import { lockProducts, releaseReservations } from './reservations.js'

export interface OpenPaymentInput {
  userId: number
  lines: PaymentLine[]
  gateway: string
  returnOrigin: string
  now: number
  holdMinutes: number
  delivery?: DeliveryDetails | null
  /** Added to the items; null = to be agreed (nothing added). */
  deliveryFeeKobo?: number | null
}

export type OpenPaymentResult =
  { ok: true; txRef: string; amountKobo: number; expiresAt: string } | { ok: false; message: string }

/**
 * Records a pending payment and holds its stock for holdMinutes, in one transaction that first locks
 * the products' rows: the stock check and the hold cannot be split by another buyer, on any instance.
 * The caller's own earlier holds (a checkout started again) do not count against it and are released
 * when this one is made.
 */
export async function openPayment(
  db: Database,
  input: OpenPaymentInput,
  txRef: string,
): Promise<OpenPaymentResult> {
  const { userId, lines, now, holdMinutes } = input
  const at = iso(now)
  const expiresAt = iso(now + holdMinutes * 60_000)
  const feeKobo = input.deliveryFeeKobo ?? null
  const amountKobo = itemsTotalKobo(lines) + (feeKobo ?? 0)
  return db.transaction().execute(async (trx): Promise<OpenPaymentResult> => {
    await lockProducts(trx, lines)
    for (const line of lines) {
      const row = await trx
        .selectFrom('products as p')
        .select((eb) => [
          'p.name',
          'p.stock',
          eb
            .selectFrom('payment_reservations as r')
            .innerJoin('payments as pay', 'pay.id', 'r.payment_id')
            .select((e) => e.fn.coalesce(e.fn.sum<number>('r.quantity'), e.lit(0)).as('held'))
            .whereRef('r.product_id', '=', 'p.id')
            .where('r.status', '=', 'held')
            .where('r.expires_at', '>', at)
            // Another customer's (or an account since deleted): "IS NOT ?" written as its two cases.
            .where((e) => e.or([e('pay.user_id', '<>', userId), e('pay.user_id', 'is', null)]))
            .as('held'),
        ])
        .where('p.id', '=', line.productId)
        .executeTakeFirst()
      if (!row || row.stock < line.quantity) {
        return { ok: false, message: stockMessage(row?.name ?? line.name, row?.stock ?? 0) }
      }
      const free = row.stock - Number(row.held ?? 0)
      if (free < line.quantity) {
        return {
          ok: false,
          message:
            free > 0
              ? `Only ${free} of ${row.name} can be bought right now: other customers are paying for the rest. You have not been charged.`
              : `${row.name} is held for other customers who are paying for it right now. You have not been charged; please try again in ${holdMinutes} minutes.`,
        }
      }
    }
    await trx
      .updateTable('payment_reservations')
      .set({ status: 'released', ended_at: at })
      .where('status', '=', 'held')
      .where('payment_id', 'in', (eb) =>
        eb.selectFrom('payments').select('id').where('user_id', '=', userId).where('status', '=', 'pending'),
      )
      .execute()
    const { id: paymentId } = await trx
      .insertInto('payments')
      .values({
        tx_ref: txRef,
        user_id: userId,
        amount_kobo: amountKobo,
        currency: 'NGN',
        gateway: input.gateway,
        lines: JSON.stringify(lines),
        return_origin: input.returnOrigin,
        delivery: input.delivery ? JSON.stringify(input.delivery) : null,
        delivery_fee_kobo: feeKobo,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx
      .insertInto('payment_reservations')
      .values(
        lines.map((line) => ({
          payment_id: paymentId,
          product_id: line.productId,
          quantity: line.quantity,
          expires_at: expiresAt,
          created_at: at,
        })),
      )
      .execute()
    return { ok: true, txRef, amountKobo, expiresAt }
  })
}

/** The gateway could not start the payment: it fails at once and its stock is free again. */
export async function abandonPayment(db: Database, txRef: string, now: number) {
  await db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('payments')
      .set({ status: 'failed', message: 'The payment provider could not start the payment.' })
      .where('tx_ref', '=', txRef)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst()
    if (changed) await releaseReservations(trx, changed.id, 'released', now)
  })
}
