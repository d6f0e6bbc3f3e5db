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
