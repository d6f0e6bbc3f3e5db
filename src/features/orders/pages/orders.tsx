import { Link } from 'react-router'
import { PackageOpen, WifiOff } from 'lucide-react'
import { pages } from '../../../../contract/pages.js'
import { useMyOrders } from '../api'
import { OrderCard } from '../components/order-card'

/** /orders: the customer's orders, readable offline from the last visit's snapshot. */
export default function Orders() {
  const orders = useMyOrders()

  return (
    <section className="min-h-[60vh]">
      <div className="mx-auto max-w-5xl px-4 py-8">
        <h1 className="text-2xl font-bold text-slate-900">My Orders</h1>
        {orders.isFromSnapshot && (
          <p className="mt-2 flex items-center gap-2 text-sm text-amber-800">
            <WifiOff className="size-4" aria-hidden /> Showing your saved orders; they refresh when you are
            online.
          </p>
        )}
        {orders.isLoading ? (
          <p role="status" className="py-12 text-center text-slate-500">
            Loading your orders...
          </p>
        ) : orders.error ? (
          <p role="alert" className="py-12 text-center text-red-700">
            We could not load your orders. Check your connection and try again.
          </p>
        ) : !orders.data?.length ? (
          <div className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <PackageOpen className="size-12 text-brand-600" aria-hidden />
            <p className="mt-4 text-lg font-semibold text-slate-900">No current orders!</p>
            <p className="mt-1 text-slate-600">Browse our range for the best pest control solutions!</p>
            <Link to={pages.products} className="btn-primary mt-6">
              Start Shopping
            </Link>
          </div>
        ) : (
          <ul className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-2">
            {orders.data.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
