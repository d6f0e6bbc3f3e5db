/** The customer's cart (cart/{id}/, get/carts/, check_cart/, update-cart/, admins/delete/{id}/cart/). */
import { z } from 'zod'

export interface CartItem {
  /** The product id. */
  id: number
  name: string
  description: string
  image: string
  prices: number
  originalPrice: number
  stock: number
  quantity: number
}

export const updateCartBody = z.object({
  items: z
    .array(
      z.object({
        id: z.coerce.number().int().positive(),
        quantity: z.coerce
          .number({ error: 'Quantity must be a number' })
          .int('Quantity must be a whole number'),
      }),
      { error: 'items must be a list of { id, quantity }' },
    )
    .max(500),
})
export type UpdateCartRequest = z.input<typeof updateCartBody>

/**
 * POST cart/set/: one line set to an absolute quantity (0 removes it). The device's offline changes are
 * replayed as these, in order: sending one twice leaves the cart the same, so a replay is always safe.
 */
export const cartSetBody = z.object({
  id: z.coerce.number({ error: 'id must be a product id' }).int().positive('id must be a product id'),
  quantity: z.coerce
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(0, 'Quantity cannot be negative')
    .max(10_000, 'Quantity is too large'),
})
export type CartSetRequest = z.input<typeof cartSetBody>
/** The answer: the quantity the line now has (lowered to the stock when less is left). */
export interface CartSetAnswer {
  message: string
  id: number
  quantity: number
}
