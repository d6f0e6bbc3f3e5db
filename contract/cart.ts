/** The customer's cart (cart/{id}/, get/carts/, check_cart/, update-cart/, admins/delete/{id}/cart/). */
import { z } from 'zod'
import { product } from './catalogue.js'
import { defineEndpoints } from './endpoint.js'
import { countAnswer, messageAnswer, naira } from './fields.js'

/** A line of the cart: the product with its current price and stock, and how many. */
export const cartItem = z.object({
  ...product.pick({ id: true, name: true, description: true, image: true }).shape,
  /** The product's current price (sent as `prices`, as the cart always has). */
  prices: naira,
  ...product.pick({ originalPrice: true, stock: true }).shape,
  quantity: z.number().int(),
})
export type CartItem = z.infer<typeof cartItem>

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
export const cartSetAnswer = messageAnswer.extend(cartItem.pick({ id: true, quantity: true }).shape)
export type CartSetAnswer = z.infer<typeof cartSetAnswer>

export const cartEndpoints = defineEndpoints('cart', {
  'POST cart/set/': {
    summary:
      'Sets one line of the cart to a quantity (0 removes it); less is kept, and said, when less is in stock.',
    access: 'user',
    body: cartSetBody,
    answer: cartSetAnswer,
    idempotent: true,
    errors: { 404: 'No product has this id (the answer names the `id`).' },
  },
  'POST cart/{id}/': {
    summary: 'Adds one of the product to the cart.',
    access: 'user',
    answer: messageAnswer,
    errors: { 409: 'Out of stock, or the cart already holds all there is.' },
  },
  'GET get/carts/': {
    summary: "The caller's cart, one line per product, priced in naira from today's catalogue.",
    access: 'user',
    answer: z.array(cartItem),
  },
  'GET check_cart/': {
    summary: "Whether the caller's cart has lines, and how many.",
    access: 'user',
    answer: countAnswer,
  },
  'POST update-cart/': {
    summary:
      'Sets the quantity of each listed line (lines not listed keep theirs); the answer asks whether to pay.',
    access: 'user',
    body: updateCartBody,
    answer: messageAnswer,
    errors: { 404: 'A listed product is not in the cart (the answer names its `id`).' },
  },
  'DELETE admins/delete/{id}/cart/': {
    summary: "Removes the product from the caller's own cart.",
    access: 'user',
    status: 204,
  },
})
