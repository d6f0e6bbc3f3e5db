/**
 * A cart change as an outbox kind, and what the shop does with its queued changes. Loaded with the
 * outbox when the first change is queued (./api.ts), so the catalogue's first visit does without both.
 */
import { cartSetBody } from '../../../contract/cart.js'
import type { AppDatabase } from '../../offline/db'
import { registerOutboxKind } from '../../offline/kinds'

declare module '../../offline/kinds' {
  interface OutboxKinds {
    /** A cart line set to a quantity (POST cart/set/), the offline cart's changes in order. */
    cart: true
  }
}

registerOutboxKind('cart', {
  label: 'Cart change',
  summary: (_entry, text) => {
    const what = text('name') || `product ${text('id')}`
    return Number(text('quantity')) === 0 ? `Remove ${what}` : `${text('quantity')} × ${what}`
  },
  schema: () => cartSetBody,
  fields: [{ path: 'quantity', label: 'Quantity', type: 'number' }],
})

/**
 * Drops a user's queued cart changes once the whole cart has reached the server (the checkout's
 * update-cart sets the server's cart to the device's, so they are in it). Left queued, one held up by a
 * reload would be replayed after the payment and put back what the payment took out of the cart.
 */
export async function dropQueuedCartChanges(db: AppDatabase, userId: number) {
  await db.outbox
    .where('userId')
    .equals(userId)
    .filter((e) => e.kind === 'cart')
    .delete()
}
