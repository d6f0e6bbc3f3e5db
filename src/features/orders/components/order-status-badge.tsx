import type { OrderStatus } from '../../../../contract/orders.js'

/** SPEC: Completed green, Processing yellow, otherwise (Shipped) blue. */
const styles: Record<OrderStatus, string> = {
  Completed: 'bg-green-100 text-green-800',
  Processing: 'bg-yellow-100 text-yellow-800',
  Shipped: 'bg-blue-100 text-blue-800',
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${styles[status]}`}>
      {status}
    </span>
  )
}
