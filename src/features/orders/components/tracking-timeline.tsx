import { Check, PackageCheck, Truck, ClipboardList } from 'lucide-react'
import { orderTimeline, type OrderStatus, type UserOrder } from '../../../../contract/orders.js'
import { formatDateTime } from '../../../../contract/dates.js'

const STEP_TEXT: Record<OrderStatus, { detail: string; Icon: typeof Truck }> = {
  Processing: { detail: 'Order placed and paid', Icon: ClipboardList },
  Shipped: { detail: 'On its way to you', Icon: Truck },
  Completed: { detail: 'Delivered', Icon: PackageCheck },
}

/** Processing -> Shipped -> Completed, each with the moment it happened (from the order's own dates). */
export function TrackingTimeline({ order }: { order: UserOrder }) {
  const steps = orderTimeline(order).map(({ status, at }) => ({ label: status, at, ...STEP_TEXT[status] }))
  return (
    <ol className="relative space-y-6" aria-label={`Tracking for ${order.product_name}`}>
      {steps.map(({ label, detail, at, Icon }, i) => {
        const done = Boolean(at)
        return (
          <li key={label} className="relative flex gap-4">
            {i < steps.length - 1 && (
              <span
                aria-hidden
                className={`absolute left-[1.1rem] top-10 h-[calc(100%-1rem)] w-0.5 ${
                  steps[i + 1].at ? 'bg-brand-600' : 'bg-slate-200'
                }`}
              />
            )}
            <span
              className={`relative grid size-9 shrink-0 place-items-center rounded-full ${
                done ? 'bg-brand-600 text-white' : 'border-2 border-slate-300 bg-white text-slate-400'
              }`}
            >
              {done ? <Check className="size-5" aria-hidden /> : <Icon className="size-4" aria-hidden />}
            </span>
            <div className="pt-1">
              <p className={`font-semibold ${done ? 'text-slate-900' : 'text-slate-500'}`}>
                {label}
                <span className="sr-only">{done ? ' (done)' : ' (not yet)'}</span>
              </p>
              <p className="text-sm text-slate-600">{detail}</p>
              <p className="text-sm text-slate-500">{at ? formatDateTime(at) : 'Not yet'}</p>
            </div>
          </li>
        )
      })}
    </ol>
  )
}
