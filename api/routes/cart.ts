import { Hono, type Context } from 'hono'
import { cartSetBody, updateCartBody, type CartItem, type CartSetAnswer } from '../../contract/cart.js'
import type { CountAnswer } from '../../contract/fields.js'
import { formatNaira, toNaira } from '../../contract/money.js'
import type { AppEnv } from '../types.js'
import { currentUser, requireLogin } from '../middleware/auth.js'
import { parseId, validate } from '../middleware/validate.js'
import { idempotent } from '../middleware/idempotency.js'
import { findProductSqlite, stockMessage } from '../lib/catalogue.js'
import { cartLines, cartTotalKobo, type CartLine } from '../lib/cart.js'

/** What the checkout dialog asks the customer before sending them to pay. */
function checkoutQuestion(lines: CartLine[]): string {
  if (lines.length === 0) return 'Your cart is empty.'
  const items = lines.reduce((sum, l) => sum + l.quantity, 0)
  const totalKobo = cartTotalKobo(lines)
  return (
    `Your cart has ${items} ${items === 1 ? 'item' : 'items'} totalling ${formatNaira(toNaira(totalKobo))}. ` +
    'Delivery fees are not included. Proceed to payment?'
  )
}

/** SPEC scatters the cart over top-level paths (cart/{id}/, get/carts/, check_cart/, update-cart/): no shared prefix. */
export const cartRoutes = new Hono<AppEnv>({ strict: false })
  // Before cart/{id}/, which would read 'set' as an id. The offline cart's replay (contract cartSetBody): absolute, so in-order replays converge on the device's cart.
  .post('/cart/set', requireLogin, idempotent, validate('json', cartSetBody), (c) => {
    const { sqlite: db } = c.var
    const user = currentUser(c)
    const { id, quantity } = c.req.valid('json')
    if (quantity === 0) {
      db.prepare('DELETE FROM cart_items WHERE user_id = ? AND product_id = ?').run(user.id, id)
      return c.json({ message: 'Removed from cart', id, quantity: 0 } satisfies CartSetAnswer)
    }
    const product = findProductSqlite(db, id)
    if (!product) return c.json({ message: 'Product not found', id }, 404)
    // Less left than asked (it sold while the device was offline): the line keeps what there is, and
    // the answer says so; not a 4xx, which would leave a replayed change stuck in the outbox.
    if (product.stock === 0) {
      db.prepare('DELETE FROM cart_items WHERE user_id = ? AND product_id = ?').run(user.id, id)
      return c.json({ message: stockMessage(product.name, 0), id, quantity: 0 } satisfies CartSetAnswer)
    }
    const kept = Math.min(quantity, product.stock)
    db.prepare(
      `INSERT INTO cart_items (user_id, product_id, quantity) VALUES (?, ?, ?)
       ON CONFLICT (user_id, product_id) DO UPDATE SET quantity = excluded.quantity`,
    ).run(user.id, id, kept)
    const message = kept < quantity ? stockMessage(product.name, product.stock) : 'Cart updated'
    return c.json({ message, id, quantity: kept } satisfies CartSetAnswer)
  })

  .post('/cart/:id', requireLogin, (c) => {
    const { sqlite: db } = c.var
    const user = currentUser(c)
    const id = parseId(c.req.param('id'))
    const product = id ? findProductSqlite(db, id) : undefined
    if (!product) return c.json({ message: 'Product not found' }, 404)
    // Conditional upsert: the stock check and the increment are one statement, so two taps cannot overshoot.
    const added = db
      .prepare(
        `INSERT INTO cart_items (user_id, product_id, quantity)
         SELECT ?, ?, 1 WHERE ? > 0
         ON CONFLICT (user_id, product_id) DO UPDATE SET quantity = quantity + 1 WHERE quantity < ?`,
      )
      .run(user.id, product.id, product.stock, product.stock).changes
    if (!added) return c.json({ message: stockMessage(product.name, product.stock) }, 409)
    return c.json({ message: 'Added to cart' })
  })

  .get('/get/carts', requireLogin, (c) => {
    const lines = cartLines(c.var.sqlite, currentUser(c).id)
    return c.json(
      lines.map((l): CartItem => ({
        id: l.id,
        name: l.name,
        description: l.description,
        image: l.image,
        prices: toNaira(l.price_kobo),
        originalPrice: toNaira(l.original_price_kobo),
        stock: l.stock,
        quantity: l.quantity,
      })),
    )
  })

  .get('/check_cart', requireLogin, (c) => {
    const count = c.var.sqlite
      .prepare('SELECT COUNT(*) FROM cart_items WHERE user_id = ?')
      .pluck()
      .get(currentUser(c).id) as number
    return c.json({ message: count ? 'not empty' : 'empty', count } satisfies CountAnswer)
  })

  .post('/update-cart', requireLogin, validate('json', updateCartBody), (c) => {
    const { sqlite: db } = c.var
    const user = currentUser(c)
    const lines = new Map(cartLines(db, user.id).map((l) => [l.id, l]))
    // Check every line first, so a bad one changes nothing.
    for (const { id, quantity } of c.req.valid('json').items) {
      const line = lines.get(id)
      if (!line) return c.json({ message: 'That product is not in your cart', id }, 404)
      if (quantity < 1) return c.json({ message: 'Quantity must be at least 1', id }, 400)
      if (quantity > line.stock) return c.json({ message: stockMessage(line.name, line.stock), id }, 400)
      line.quantity = quantity
    }
    const setQuantity = db.prepare('UPDATE cart_items SET quantity = ? WHERE user_id = ? AND product_id = ?')
    db.transaction(() => {
      for (const line of lines.values()) setQuantity.run(line.quantity, user.id, line.id)
    })()
    return c.json({ message: checkoutQuestion([...lines.values()]) })
  })

/** DELETE admins/delete/{id}/cart/ (any logged-in caller; dispatched by routes/deletions.ts): only ever their own cart. */
export function removeFromCart(c: Context<AppEnv>) {
  const id = parseId(c.req.param('id'))
  const removed = id
    ? c.var.sqlite
        .prepare('DELETE FROM cart_items WHERE user_id = ? AND product_id = ?')
        .run(currentUser(c).id, id).changes
    : 0
  return removed ? c.body(null, 204) : c.json({ message: 'That product is not in your cart' }, 404)
}
