import { useMemo, useState } from 'react'
import { Download, SlidersHorizontal } from 'lucide-react'
import type { AdminOrder } from '../../../contract/index.js'
import { formatNaira } from '../../../contract/money.js'
import { localPhone } from '../../../contract/phone.js'
import { errorMessage } from '../../api/client'
import { ordersExportUrl, useOrderAction, useOrders } from './api'
import { filterOrders, type OrderStatusFilter } from './filters'
import {
  Card,
  ConfirmDialog,
  PageHeader,
  Pagination,
  QueryGate,
  SearchBox,
  SelectFilter,
  StatusBadge,
  usePagination,
} from './ui'

const STATUS_OPTIONS = [
  ['all', 'All Status'],
  ['completed', 'Completed'],
  ['processing', 'Processing'],
  ['shipped', 'Shipped'],
] as const

type Action = { order: AdminOrder; kind: 'done' | 'shipped' }

function OrderActions({
  order,
  onAction,
  wide,
}: {
  order: AdminOrder
  onAction: (a: Action) => void
  wide?: boolean
}) {
  const size = wide ? 'flex-1 py-2' : 'px-3 py-1.5'
  if (order.status === 'Completed') return <span className="text-slate-400">—</span>
  // In the table the buttons stack, so the row fits beside the sidebar on a laptop screen.
  return (
    <div className={wide ? 'flex gap-2' : 'flex flex-col gap-1.5'}>
      {order.status === 'Processing' && (
        <button
          type="button"
          className={`btn-secondary whitespace-nowrap ${size}`}
          onClick={() => onAction({ order, kind: 'shipped' })}
        >
          Mark as shipped
        </button>
      )}
      <button
        type="button"
        className={`btn-primary whitespace-nowrap ${size}`}
        onClick={() => onAction({ order, kind: 'done' })}
      >
        Mark as done
      </button>
    </div>
  )
}

export default function OrdersScreen() {
  const orders = useOrders()
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<OrderStatusFilter>('all')
  const [moreFilters, setMoreFilters] = useState(false)
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [action, setAction] = useState<Action | null>(null)
  const [actionError, setActionError] = useState('')
  const orderAction = useOrderAction()

  const filters = { search, status, from, to }
  const filtered = useMemo(
    () => filterOrders(orders.data ?? [], { search, status, from, to }),
    [orders.data, search, status, from, to],
  )
  const pages = usePagination(filtered, JSON.stringify(filters))
  const exportUrl = ordersExportUrl({ status, q: search, from, to })

  async function confirmAction() {
    if (!action) return
    setActionError('')
    try {
      await orderAction.mutateAsync({
        id: action.order.id,
        status: action.kind === 'shipped' ? 'Shipped' : undefined,
      })
      setAction(null)
    } catch (err) {
      setActionError(errorMessage(err, 'An error occurred, try again later'))
    }
  }

  return (
    <>
      <PageHeader
        title="Order Management"
        actions={
          <>
            <button
              type="button"
              className="btn-secondary"
              aria-expanded={moreFilters}
              aria-controls="order-date-filters"
              onClick={() => setMoreFilters((v) => !v)}
            >
              <SlidersHorizontal className="size-4" aria-hidden /> More Filters
            </button>
            <a href={exportUrl} download className="btn-primary">
              <Download className="size-4" aria-hidden /> Export Orders
            </a>
          </>
        }
      />
      <div className="mb-4 flex flex-wrap gap-3">
        <SearchBox value={search} onChange={setSearch} label="Search orders" placeholder="Search orders..." />
        <SelectFilter value={status} onChange={setStatus} label="Filter by status" options={STATUS_OPTIONS} />
      </div>
      {moreFilters && (
        <Card className="mb-4 flex flex-wrap items-end gap-4 p-4">
          <div id="order-date-filters" className="contents">
            <div>
              <label htmlFor="orders-from" className="field-label">
                From
              </label>
              <input
                id="orders-from"
                type="date"
                value={from}
                max={to || undefined}
                onChange={(e) => setFrom(e.target.value)}
                className="field"
              />
            </div>
            <div>
              <label htmlFor="orders-to" className="field-label">
                To
              </label>
              <input
                id="orders-to"
                type="date"
                value={to}
                min={from || undefined}
                onChange={(e) => setTo(e.target.value)}
                className="field"
              />
            </div>
            <button
              type="button"
              className="btn-secondary"
              onClick={() => {
                setFrom('')
                setTo('')
              }}
              disabled={!from && !to}
            >
              Clear dates
            </button>
          </div>
        </Card>
      )}
      <QueryGate query={orders} what="orders">
        {filtered.length === 0 ? (
          <Card className="p-8 text-center text-slate-500">No orders found</Card>
        ) : (
          <>
            <Card className="hidden overflow-x-auto md:block">
              <table className="w-full text-left text-sm">
                <thead className="bg-slate-50 text-slate-600">
                  <tr>
                    <th className="px-4 py-3 font-medium">User</th>
                    <th className="px-4 py-3 font-medium">Phone no</th>
                    <th className="px-4 py-3 font-medium">Location</th>
                    <th className="px-4 py-3 font-medium">Product</th>
                    <th className="px-4 py-3 font-medium">Quantity</th>
                    <th className="px-4 py-3 font-medium">Price</th>
                    <th className="px-4 py-3 font-medium">Status</th>
                    <th className="px-4 py-3 font-medium">Actions</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {pages.pageItems.map((o) => (
                    <tr key={o.id}>
                      <td className="px-4 py-3 font-medium text-slate-900">{o.user}</td>
                      <td className="px-4 py-3 whitespace-nowrap">{localPhone(o.phone_number)}</td>
                      <td className="px-4 py-3">{o.location}</td>
                      <td className="px-4 py-3">{o.product_name}</td>
                      <td className="px-4 py-3">{o.quantity}</td>
                      <td className="px-4 py-3 whitespace-nowrap">{formatNaira(o.price)}</td>
                      <td className="px-4 py-3">
                        <StatusBadge status={o.status} />
                      </td>
                      <td className="px-4 py-3">
                        <OrderActions order={o} onAction={setAction} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Card>
            <ul className="space-y-3 md:hidden" aria-label="Orders">
              {pages.pageItems.map((o) => (
                <li key={o.id}>
                  <Card className="p-4 text-sm">
                    <div className="flex items-start justify-between gap-3">
                      <div className="min-w-0">
                        <p className="truncate font-semibold text-slate-900">{o.product_name}</p>
                        <p className="text-slate-600">
                          {o.quantity} × {formatNaira(o.price)}
                        </p>
                      </div>
                      <StatusBadge status={o.status} />
                    </div>
                    <p className="mt-2 font-medium text-slate-800">{o.user}</p>
                    <p className="text-slate-600">{localPhone(o.phone_number)}</p>
                    <p className="text-slate-600">{o.location}</p>
                    <div className="mt-3">
                      <OrderActions order={o} onAction={setAction} wide />
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
            <Pagination {...pages} />
          </>
        )}
      </QueryGate>
      <ConfirmDialog
        open={action !== null}
        title={action?.kind === 'shipped' ? 'Mark as shipped' : 'Mark as done'}
        message={
          action?.kind === 'shipped'
            ? `Mark ${action.order.product_name} for ${action.order.user} as shipped?`
            : 'This is to confirm that this order has been delivered?'
        }
        cancelLabel="cancel"
        confirmLabel="confirm"
        busyLabel="Saving..."
        busy={orderAction.isPending}
        error={actionError}
        onConfirm={confirmAction}
        onCancel={() => {
          setAction(null)
          setActionError('')
        }}
      />
    </>
  )
}
