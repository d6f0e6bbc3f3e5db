import type { Queryable } from '../db/index.js'

/** One cart line with the product's current price and stock (what checkout prices from, never the browser). */
export interface CartLine {
  /** The product id. */
  id: number
  name: string
  description: string
  image: string
  price_kobo: number
  original_price_kobo: number
  stock: number
  quantity: number
}

/** The caller's cart with each product's current price and stock, oldest line first. */
export function cartLines(db: Queryable, userId: number): Promise<CartLine[]> {
  return db
    .selectFrom('cart_items as ci')
    .innerJoin('products as p', 'p.id', 'ci.product_id')
    .select([
      'p.id',
      'p.name',
      'p.description',
      'p.image',
      'p.price_kobo',
      'p.original_price_kobo',
      'p.stock',
      'ci.quantity',
    ])
    .where('ci.user_id', '=', userId)
    .orderBy('ci.added_at')
    .orderBy('p.id')
    .execute()
}

/** Total of the lines at their current prices, in kobo. */
export const cartTotalKobo = (lines: Pick<CartLine, 'quantity' | 'price_kobo'>[]) =>
  lines.reduce((sum, l) => sum + l.quantity * l.price_kobo, 0)
