import { useMemo, useState, type HTMLAttributes, type ReactNode } from 'react'
import { Download, SlidersHorizontal } from 'lucide-react'
import { orderMoves, type AdminOrder } from '../../../../contract/orders.js'
import { formatNaira } from '../../../../contract/money.js'
import { localPhone } from '../../../../contract/phone.js'
import { TextField } from '../../../components/ui/text-field'
import { ordersExportUrl, useAdminOrders, useOrderAction } from '../api'
import { formatDateTime } from '../../../../contract/dates.js'
import { OrderDetailDialog } from './order-detail'
import { RefundsPanel } from './refunds-panel'
import { DeliveryFeesPanel } from './delivery-fees-panel'
import { filterOrders, type OrderFilters, type OrderStatusFilter } from '../filters'
import { ConfirmDialog, useConfirmAction } from '../../../components/ui/confirm-dialog'
import { DataTable } from '../../../components/ui/data-table'
import { FilterBar, SearchBox, SelectFilter } from '../../../components/ui/list-filters'
import { Card, PageHeader } from '../../../components/ui/page-header'
import { ListResults, useFilteredPages } from '../../../components/ui/pagination'
import { StatusBadge } from '../../../components/ui/status-badge'
import { CardTop, MobileCards } from '../../../components/ui/mobile-cards'
import { TabList, useTabs } from '../../../components/ui/tabs'

const STATUS_OPTIONS = [
  ['all', 'All Status'],
  ['completed', 'Completed'],
  ['processing', 'Processing'],
  ['shipped', 'Shipped'],
] as const

type Action = { order: AdminOrder; kind: 'done' | 'shipped' }

/** The button of each move an order can make, in the order they come. */
const MOVE_BUTTONS = [
  { move: 'Shipped', kind: 'shipped', label: 'Mark as shipped', tone: 'btn-secondary' },
  { move: 'Completed', kind: 'done', label: 'Mark as done', tone: 'btn-primary' },
] as const

const filterOrdersBy = (orders: AdminOrder[], search: string, filters: Omit<OrderFilters, 'search'>) =>
  filterOrders(orders, { ...filters, search })

// Below 1280 px (a laptop with the sidebar) the phone number goes under the customer and the quantity
// before the price, so Status and Actions stay in view without scrolling sideways.
const WIDE_ONLY = 'hidden xl:table-cell'
const TABS = [
  ['orders', 'Orders'],
  ['refunds', 'Refunds'],
  ['fees', 'Delivery fees'],
] as const
const TAB_KEYS = TABS.map(([key]) => key)

/** The order's reference (opens the order) and when it was placed. */
function OrderCell({
  order,
  onOpen,
  first,
}: {
  order: AdminOrder
  onOpen: (ref: string) => void
  first: boolean
}) {
  return (
    // A later line of the same order is quieter (grey), still readable: faded text failed contrast.
    <div>
      <button
        type="button"
        className={`block max-w-40 truncate font-mono text-xs font-semibold underline-offset-2 hover:underline ${
          first ? 'text-brand-700' : 'text-slate-600'
        }`}
        onClick={() => onOpen(order.reference)}
        title={order.reference}
        aria-label={`${order.reference}: open order details`}
      >
        {order.reference}
      </button>
      <p className="text-xs text-slate-600">{formatDateTime(order.created)}</p>
    </div>
  )
}

function OrderActions({
  order,
  onAction,
  wide,
}: {
  order: AdminOrder
  onAction: (a: Action) => void
  wide?: boolean
}) {
  // In the table, the labels may wrap below 1280 px (two short lines beat a column cut off).
  const size = wide ? 'flex-1 py-2 whitespace-nowrap' : 'px-3 py-1.5 xl:whitespace-nowrap'
  const moves = orderMoves(order.status)
  if (moves.length === 0) return <span className="text-slate-400">—</span>
  // In the table the buttons stack, so the row fits beside the sidebar on a laptop screen.
  return (
    <div className={wide ? 'flex flex-wrap gap-2' : 'flex flex-col gap-1.5'}>
      {MOVE_BUTTONS.filter(({ move }) => moves.includes(move)).map(({ kind, label, tone }) => (
        <button
          key={kind}
          type="button"
          className={`${tone} ${size}`}
          onClick={() => onAction({ order, kind })}
        >
          {label}
        </button>
      ))}
    </div>
  )
}

/** The back office's Orders screen: orders (one row per line, grouped by order), refunds, delivery fees. */
export default function OrdersScreen() {
  const tabs = useTabs(TAB_KEYS)
  const tabList = (
    <TabList
      tabs={tabs}
      label="Orders sections"
      className="mb-4 flex flex-wrap gap-x-2 border-b border-slate-200"
      tabClassName={(selected) =>
        `-mb-px border-b-2 px-3 py-2 text-sm font-semibold ${
          selected ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600'
        }`
      }
    >
      {(_key, i) => TABS[i][1]}
    </TabList>
  )
  const panel = tabs.panelProps(tabs.selected)
  if (tabs.selected === 'orders') return <OrdersList tabs={tabList} panel={panel} />
  return (
    <>
      <PageHeader title="Order Management" />
      {tabList}
      <div {...panel}>{tabs.selected === 'refunds' ? <RefundsPanel /> : <DeliveryFeesPanel />}</div>
    </>
  )
}

/** The Orders tab: its header (filters, export) comes above the tabs, its list in the tab's panel. */
function OrdersList({ tabs, panel }: { tabs: ReactNode; panel: HTMLAttributes<HTMLDivElement> }) {
  const orders = useAdminOrders()
  const [opened, setOpened] = useState<string | null>(null)
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<OrderStatusFilter>('all')
  const [moreFilters, setMoreFilters] = useState(false)
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const pendingAction = useConfirmAction<Action>()
  const action = pendingAction.target
  const orderAction = useOrderAction()

  const otherFilters = useMemo(() => ({ status, from, to }), [status, from, to])
  const { pages } = useFilteredPages(orders.data, search, otherFilters, filterOrdersBy)
  /** Whether the line shown at `i` is the first of its order (the list keeps an order's lines together). */
  const startsOrder = (o: AdminOrder, i: number) =>
    i === 0 || pages.pageItems[i - 1].reference !== o.reference
  const exportUrl = ordersExportUrl({ status, q: search, from, to })

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
      {tabs}
      <div {...panel}>
        <FilterBar>
          <SearchBox value={search} onChange={setSearch} label="Search orders" />
          <SelectFilter
            value={status}
            onChange={setStatus}
            label="Filter by status"
            options={STATUS_OPTIONS}
          />
        </FilterBar>
        {moreFilters && (
          <Card className="mb-4 flex flex-wrap items-end gap-4 p-4">
            <div id="order-date-filters" className="contents">
              {/* Each end bounds the other: the pickers offer no range that ends before it starts. */}
              {[
                { end: 'from', label: 'From', value: from, set: setFrom, bound: { max: to || undefined } },
                { end: 'to', label: 'To', value: to, set: setTo, bound: { min: from || undefined } },
              ].map(({ end, label, value, set, bound }) => (
                <TextField
                  key={end}
                  id={`orders-${end}`}
                  label={label}
                  type="date"
                  value={value}
                  {...bound}
                  onChange={(e) => set(e.target.value)}
                />
              ))}
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
        <ListResults query={orders} what="orders" empty="No orders found" pages={pages}>
          <DataTable
            rows={pages.pageItems}
            compact
            // A new order starts with a stronger line; its other lines are marked by a fainter reference.
            rowClassName={(o, i) => (i > 0 && startsOrder(o, i) ? 'border-t-2 border-slate-300' : undefined)}
            columns={[
              {
                label: 'User',
                className: 'max-w-48',
                cell: (o, i) => (
                  <>
                    <p className="font-medium text-slate-900">{o.user}</p>
                    {o.email && <p className="text-xs break-words text-slate-500">{o.email}</p>}
                    <p className="text-xs whitespace-nowrap text-slate-600 xl:hidden">
                      {localPhone(o.phone_number)}
                    </p>
                    {/* The order this line belongs to: its reference (opens it) and date. */}
                    <div className="mt-1.5">
                      <OrderCell order={o} onOpen={setOpened} first={startsOrder(o, i)} />
                    </div>
                  </>
                ),
              },
              {
                label: 'Phone no',
                cell: (o) => localPhone(o.phone_number),
                className: `whitespace-nowrap ${WIDE_ONLY}`,
                headClassName: WIDE_ONLY,
              },
              { label: 'Location', cell: (o) => o.location },
              { label: 'Product', cell: (o) => o.product_name },
              { label: 'Quantity', cell: (o) => o.quantity, className: WIDE_ONLY, headClassName: WIDE_ONLY },
              {
                label: 'Price',
                className: 'whitespace-nowrap',
                cell: (o) => (
                  <>
                    <span className="xl:hidden">{o.quantity} × </span>
                    {formatNaira(o.price)}
                  </>
                ),
              },
              { label: 'Status', cell: (o) => <StatusBadge status={o.status} /> },
              { label: 'Actions', cell: (o) => <OrderActions order={o} onAction={pendingAction.ask} /> },
            ]}
          />
          <MobileCards items={pages.pageItems} label="Orders">
            {(o) => (
              <>
                <CardTop title={o.product_name} badge={<StatusBadge status={o.status} />}>
                  <p className="text-slate-600">
                    {o.quantity} × {formatNaira(o.price)}
                  </p>
                </CardTop>
                <div className="mt-2">
                  <OrderCell order={o} onOpen={setOpened} first />
                </div>
                <p className="mt-2 font-medium text-slate-800">{o.user}</p>
                {o.email && <p className="text-slate-600">{o.email}</p>}
                <p className="text-slate-600">{localPhone(o.phone_number)}</p>
                <p className="text-slate-600">{o.location}</p>
                <div className="mt-3">
                  <OrderActions order={o} onAction={pendingAction.ask} wide />
                </div>
              </>
            )}
          </MobileCards>
        </ListResults>
      </div>
      <ConfirmDialog
        {...pendingAction.dialog(
          ({ order, kind }) =>
            orderAction.mutateAsync({ id: order.id, status: kind === 'shipped' ? 'Shipped' : undefined }),
          orderAction.isPending,
        )}
        title={action?.kind === 'shipped' ? 'Mark as shipped' : 'Mark as done'}
        message={
          action?.kind === 'shipped'
            ? `Mark ${action.order.product_name} for ${action.order.user} as shipped?`
            : 'This is to confirm that this order has been delivered?'
        }
        cancelLabel="cancel"
        confirmLabel="confirm"
        busyLabel="Saving..."
      />
      <OrderDetailDialog reference={opened} onClose={() => setOpened(null)} />
    </>
  )
}
