import { useState } from 'react'
import { MapPin } from 'lucide-react'
import type { UserOrder } from '../../../../contract/orders.js'
import { formatNaira } from '../../../../contract/money.js'
import { formatDate } from '../../../../contract/dates.js'
import { ProductThumbnail } from '../../../components/ui/product-thumbnail'
import { Modal } from '../../../components/ui/modal'
import { deliveryText } from '../../../../contract/orders.js'
import { StatusBadge } from '../../../components/ui/status-badge'
import { TrackingTimeline } from './tracking-timeline'

/** One order on /orders: status, delivery window, image, name, quantity, total and tracking. */
export function OrderCard({ order }: { order: UserOrder }) {
  const [tracking, setTracking] = useState(false)
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <StatusBadge status={order.status} />
        <span className="text-xs text-slate-500">Ordered {formatDate(order.created)}</span>
      </div>
      {/* Kept on the device from an older version, an order may not have it yet. */}
      {order.reference && (
        <p className="mt-1 text-xs text-slate-600">
          Order reference <span className="font-mono font-semibold text-slate-800">{order.reference}</span>
        </p>
      )}
      <p className="mt-2 text-sm text-slate-600">{deliveryText(order)}</p>
      <div className="mt-3 flex gap-3">
        <ProductThumbnail image={order.image} />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold leading-snug text-slate-900">{order.product_name}</h2>
          <p className="mt-1 text-sm text-slate-600">QTY: {order.quantity}</p>
          <p className="mt-1 font-bold text-slate-900">{formatNaira(order.quantity * order.price)}</p>
        </div>
      </div>
      <button type="button" className="btn-secondary mt-4 w-full" onClick={() => setTracking(true)}>
        <MapPin className="size-4" aria-hidden />
        Track My Item
      </button>
      <Modal open={tracking} title="Track My Item" onClose={() => setTracking(false)} size="sm">
        <p className="mb-5 text-sm text-slate-600">
          {order.quantity} × {order.product_name}
        </p>
        <TrackingTimeline order={order} />
      </Modal>
    </li>
  )
}
