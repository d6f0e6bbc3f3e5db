import { lazy, Suspense, useState } from 'react'
import { Link } from 'react-router'
import { Lock, ShoppingCart } from 'lucide-react'
import type { CartItem } from '../../../../contract/cart.js'
import { formatNaira } from '../../../../contract/money.js'
import { localPhone } from '../../../../contract/phone.js'
import { pages } from '../../../../contract/pages.js'
import { useCart, useCheckoutProfile, useDeliveryFees } from '../api'
import { useSession } from '../../../lib/session'
import { CartLineItem } from './cart-line-item'
import { FormError } from '../../../components/ui/form-actions'

// The checkout (its delivery form validates with zod) loads only once the cart has lines: a visitor who
// browses /products with an empty cart never downloads it.
const Checkout = lazy(() => import('./checkout').then((m) => ({ default: m.Checkout })))

/** The checkout button's place while its code arrives: the same size, so nothing moves. */
function CheckoutPlaceholder() {
  return (
    <button type="button" className="btn-primary w-full" disabled>
      <Lock className="size-4" aria-hidden />
      Checkout
    </button>
  )
}

const REMOVE_FAILED = 'An error occurred, try again later'

function EmptyCart({ loggedIn }: { loggedIn: boolean }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <span className="grid size-14 place-items-center rounded-full bg-brand-50 text-brand-700">
        <ShoppingCart className="size-7" aria-hidden />
      </span>
      <p className="mt-4 text-lg font-semibold text-slate-900">Your cart is empty</p>
      <p className="mt-1 max-w-sm text-sm text-slate-600">
        {loggedIn ? (
          'Add pest control and cleaning products from the range below.'
        ) : (
          <>
            <Link
              to={pages.login}
              state={{ from: pages.products }}
              className="font-semibold text-brand-700 hover:underline"
            >
              Log in
            </Link>{' '}
            to add products to your cart.
          </>
        )}
      </p>
    </div>
  )
}

/** The cart on /products: empty view, or the lines, totals and checkout. */
export function CartSection() {
  const session = useSession()
  const userId = session.status === 'authenticated' ? session.id : null
  const cart = useCart()
  const { data: profile } = useCheckoutProfile()
  const { data: fees } = useDeliveryFees()
  const [removing, setRemoving] = useState<number | null>(null)
  const [removeError, setRemoveError] = useState<string | null>(null)

  const remove = async (line: CartItem) => {
    setRemoving(line.id)
    setRemoveError(null)
    try {
      await cart.remove(line)
    } catch {
      setRemoveError(REMOVE_FAILED)
    } finally {
      setRemoving(null)
    }
  }

  const lines = cart.lines ?? []
  const itemCount = lines.reduce((sum, l) => sum + l.quantity, 0)
  const total = lines.reduce((sum, l) => sum + l.quantity * l.prices, 0)
  const savings = lines.reduce((sum, l) => sum + l.quantity * Math.max(0, l.originalPrice - l.prices), 0)

  return (
    <section aria-labelledby="cart-heading" className="mx-auto max-w-7xl px-4 py-8">
      <h2 id="cart-heading" className="mb-4 flex items-center gap-2 text-xl font-bold text-slate-900">
        <ShoppingCart className="size-5 text-brand-700" aria-hidden />
        Your Cart
        {itemCount > 0 && (
          <span className="rounded-full bg-brand-100 px-2 py-0.5 text-sm font-semibold text-brand-800">
            {itemCount}
          </span>
        )}
      </h2>
      {session.status === 'loading' || (userId !== null && cart.isLoading) ? (
        // The empty cart's own box, invisible, holds the place: most first visits end there, and
        // nothing below moves when the session answers (the prerendered page starts here).
        <div role="status" className="relative">
          <div className="invisible" aria-hidden>
            <EmptyCart loggedIn={false} />
          </div>
          <p className="absolute inset-0 grid place-items-center text-slate-500">Loading your cart...</p>
        </div>
      ) : lines.length === 0 ? (
        <EmptyCart loggedIn={userId !== null} />
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
          <div className="rounded-2xl border border-slate-200 bg-white px-4">
            <ul className="divide-y divide-slate-200" aria-label="Cart items">
              {lines.map((line) => (
                <CartLineItem
                  key={line.id}
                  line={line}
                  removing={removing === line.id}
                  onQuantityChange={(q) => void cart.setQuantity(line, q)}
                  onRemove={() => void remove(line)}
                />
              ))}
            </ul>
            <FormError className="pb-4 text-sm text-red-700" message={removeError} />
          </div>
          <aside className="rounded-2xl border border-slate-200 bg-white p-4" aria-label="Order summary">
            <dl className="space-y-2 text-sm">
              <div className="flex justify-between">
                <dt className="text-slate-600">Items</dt>
                <dd className="font-medium tabular-nums">{itemCount}</dd>
              </div>
              {savings > 0 && (
                <div className="flex justify-between text-brand-800">
                  <dt>You save</dt>
                  <dd className="font-medium tabular-nums">{formatNaira(savings)}</dd>
                </div>
              )}
              <div className="flex justify-between border-t border-slate-200 pt-2 text-base">
                <dt className="font-semibold">Total</dt>
                <dd className="font-bold tabular-nums" data-testid="cart-total">
                  {formatNaira(total)}
                </dd>
              </div>
            </dl>
            <ul className="my-4 space-y-1 text-xs text-slate-600">
              <li>Delivery fees are not included.</li>
              <li>All sales are final, no returns.</li>
            </ul>
            <Suspense fallback={<CheckoutPlaceholder />}>
              <Checkout
                items={lines.map(({ id, quantity }) => ({ id, quantity }))}
                itemsTotal={total}
                fees={fees}
                delivery={
                  profile && {
                    name: [profile.first_name, profile.last_name].filter(Boolean).join(' '),
                    phone_number: profile.phone_number ? localPhone(profile.phone_number) : '',
                    address: profile.location,
                    landmark: profile.landmark ?? '',
                    city: profile.city ?? '',
                    ...(profile.state && { state: profile.state }),
                  }
                }
              />
            </Suspense>
          </aside>
        </div>
      )}
    </section>
  )
}
