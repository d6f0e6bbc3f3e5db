import { Hono, type Context } from 'hono'
import type { CartItem, CartSetAnswer } from '../../contract/cart.js'
import type { CountAnswer } from '../../contract/fields.js'
import { formatNaira, toNaira } from '../../contract/money.js'
import type { AppEnv } from '../types.js'
import type { Queryable } from '../db/index.js'
import { affectedRows } from '../db/dialect.js'
import { currentUser, requireLogin } from '../middleware/auth.js'
import { bodyOf, parseId, validate } from '../middleware/validate.js'
import { answerOnce, idempotent } from '../middleware/idempotency.js'
import { findProduct, stockMessage } from '../lib/catalogue.js'
import { cartLines, cartTotalKobo, type CartLine } from '../lib/cart.js'
import { fail } from '../lib/http-error.js'

/**
 * What the checkout dialog asks the customer before sending them to pay. The dialog then adds the
 * delivery fee of the chosen state to the total it shows, so this says the goods' total is before delivery
 * (it used to say "Delivery fees are not included" above a total that included one).
 */
function checkoutQuestion(lines: CartLine[]): string {
  if (lines.length === 0) return 'Your cart is empty.'
  const items = lines.reduce((sum, l) => sum + l.quantity, 0)
  const totalKobo = cartTotalKobo(lines)
  return (
    `Your cart has ${items} ${items === 1 ? 'item' : 'items'} totalling ${formatNaira(toNaira(totalKobo))} ` +
    'before delivery. Proceed to payment?'
  )
}

/** The original client's cart calls are scattered top-level paths (cart/{id}/, get/carts/, check_cart/, update-cart/): no shared prefix. */
export const cartRoutes = new Hono<AppEnv>({ strict: false })
  // Before cart/{id}/, which would read 'set' as an id. The offline cart's replay: absolute, so in-order replays converge on the device's cart.
  .post('/cart/set', requireLogin, idempotent, validate('json', bodyOf('POST cart/set/')), async (c) => {
    const { db } = c.var
    const user = currentUser(c)
    const { id, quantity } = c.req.valid('json')
    // Each change and its answer in one transaction (answerOnce): a replay after a kill gets the
    // answer, never a second run against a cart that has moved on.
    if (quantity === 0) {
      return db.transaction().execute(async (trx) => {
        await removeLine(trx, user.id, id)
        return answerOnce(c, trx, { message: 'Removed from cart', id, quantity: 0 } satisfies CartSetAnswer)
      })
    }
    const product = await findProduct(db, id)
    if (!product) return c.json({ message: 'Product not found', id }, 404)
    // Less left than asked (it sold while the device was offline): the line keeps what there is, and
    // the answer says so; not a 4xx, which would leave a replayed change stuck in the device's outbox.
    if (product.stock === 0) {
      return db.transaction().execute(async (trx) => {
        await removeLine(trx, user.id, id)
        const answer = { message: stockMessage(product.name, 0), id, quantity: 0 } satisfies CartSetAnswer
        return answerOnce(c, trx, answer)
      })
    }
    const kept = Math.min(quantity, product.stock)
    // A cart line is no reservation: checkout checks the stock again, so the absolute set needs no lock.
    return db.transaction().execute(async (trx) => {
      await trx
        .insertInto('cart_items')
        .values({ user_id: user.id, product_id: id, quantity: kept })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'product_id'])
            .doUpdateSet((eb) => ({ quantity: eb.ref('excluded.quantity') })),
        )
        .execute()
      const message = kept < quantity ? stockMessage(product.name, product.stock) : 'Cart updated'
      return answerOnce(c, trx, { message, id, quantity: kept } satisfies CartSetAnswer)
    })
  })

  .post('/cart/:id', requireLogin, async (c) => {
    const { db } = c.var
    const user = currentUser(c)
    const id = parseId(c.req.param('id'))
    const product = (id && (await findProduct(db, id))) || fail(404, 'Product not found')
    // Conditional upsert: the stock check and the increment are one statement, so two taps (on two
    // instances too) cannot overshoot: the row is inserted or bumped only while stock allows it.
    const result = await db
      .insertInto('cart_items')
      .columns(['user_id', 'product_id', 'quantity'])
      .expression((eb) =>
        eb
          .selectFrom('products')
          // Literals, not parameters: PostgreSQL types a bare parameter in a SELECT list as text.
          .select([eb.lit(user.id).as('user_id'), 'id', eb.lit(1).as('quantity')])
          .where('id', '=', product.id)
          .where('stock', '>', 0),
      )
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'product_id'])
          .doUpdateSet((eb) => ({ quantity: eb('cart_items.quantity', '+', 1) }))
          .where(({ eb, selectFrom }) =>
            eb(
              'cart_items.quantity',
              '<',
              selectFrom('products').select('stock').where('id', '=', product.id),
            ),
          ),
      )
      .executeTakeFirst()
    if (!affectedRows(result)) fail(409, stockMessage(product.name, product.stock))
    return c.json({ message: 'Added to cart' })
  })

  .get('/get/carts', requireLogin, async (c) => {
    const lines = await cartLines(c.var.db, currentUser(c).id)
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

  .get('/check_cart', requireLogin, async (c) => {
    const { count } = await c.var.db
      .selectFrom('cart_items')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', currentUser(c).id)
      .executeTakeFirstOrThrow()
    return c.json({ message: count ? 'not empty' : 'empty', count } satisfies CountAnswer)
  })

  .post('/update-cart', requireLogin, validate('json', bodyOf('POST update-cart/')), async (c) => {
    const { db } = c.var
    const user = currentUser(c)
    const lines = new Map((await cartLines(db, user.id)).map((l) => [l.id, l]))
    // Check every line first, so a bad one changes nothing.
    for (const { id, quantity } of c.req.valid('json').items) {
      const line = lines.get(id)
      if (!line) return c.json({ message: 'That product is not in your cart', id }, 404)
      if (quantity < 1) return c.json({ message: 'Quantity must be at least 1', id }, 400)
      if (quantity > line.stock) return c.json({ message: stockMessage(line.name, line.stock), id }, 400)
      line.quantity = quantity
    }
    await db.transaction().execute(async (trx) => {
      for (const line of lines.values()) {
        await trx
          .updateTable('cart_items')
          .set({ quantity: line.quantity })
          .where('user_id', '=', user.id)
          .where('product_id', '=', line.id)
          .execute()
      }
    })
    return c.json({ message: checkoutQuestion([...lines.values()]) })
  })

/** DELETE admins/delete/{id}/cart/ (any logged-in caller; dispatched by routes/deletions.ts): only ever their own cart. */
export async function removeFromCart(c: Context<AppEnv>) {
  const id = parseId(c.req.param('id'))
  const removed = id ? await removeLine(c.var.db, currentUser(c).id, id) : 0
  if (!removed) fail(404, 'That product is not in your cart')
  return c.body(null, 204)
}

/** Deletes one cart line; how many rows went (0 or 1). */
async function removeLine(db: Queryable, userId: number, productId: number) {
  const result = await db
    .deleteFrom('cart_items')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .executeTakeFirst()
  return affectedRows(result)
}
