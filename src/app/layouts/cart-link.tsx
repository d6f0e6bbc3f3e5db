import { Link } from 'react-router'
import { ShoppingCart } from 'lucide-react'
import { useLiveQuery } from 'dexie-react-hooks'
import { useSession } from '../../lib/session'
import { db } from '../../offline/db'
import { pages } from '../../../contract/pages.js'

/**
 * The cart and how many items it holds, read from the device's cart (Dexie): right offline too,
 * and updated the moment an item is added anywhere in the app.
 */
export function CartLink() {
  const userId = useSession((s) => s.id)
  const count = useLiveQuery(
    async () =>
      userId === null
        ? 0
        : (await db.cart.where('userId').equals(userId).toArray()).reduce((n, l) => n + l.quantity, 0),
    [userId],
  )
  const label = count ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart, empty'
  return (
    <Link
      to={pages.products}
      aria-label={label}
      className="relative rounded-lg p-2 text-slate-800 hover:bg-slate-100"
    >
      <ShoppingCart className="size-6" aria-hidden />
      {!!count && (
        <span
          aria-hidden
          className="absolute -top-0.5 -right-0.5 grid min-w-5 place-items-center rounded-full bg-brand-700 px-1 text-xs font-bold text-white"
        >
          {count}
        </span>
      )}
    </Link>
  )
}
