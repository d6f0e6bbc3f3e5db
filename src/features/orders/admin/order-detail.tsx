import { formatDateTime } from '../../../../contract/dates.js'
import { deliveryAddressLine, TO_BE_AGREED } from '../../../../contract/delivery.js'
import { formatNaira } from '../../../../contract/money.js'
import { localPhone } from '../../../../contract/phone.js'
import type { AdminOrder } from '../../../../contract/orders.js'
import { Modal } from '../../../components/ui/modal'
import { QueryGate } from '../../../components/ui/query-state'
import { StatusBadge } from '../../../components/ui/status-badge'
import { PlainTable, type TableColumn } from '../../../components/ui/plain-table'
import { useAdminOrderDetail } from '../api'

/** An order's lines in its dialog. */
const LINE_COLUMNS: readonly TableColumn<AdminOrder>[] = [
  { label: 'Product', cell: (l) => l.product_name },
  { label: 'Qty', cell: (l) => l.quantity },
  { label: 'Price', cell: (l) => formatNaira(l.price), className: 'whitespace-nowrap' },
  { label: 'Status', cell: (l) => <StatusBadge status={l.status} /> },
]

/** One order opened from the list: who, where to deliver, its lines and what was paid. */
export function OrderDetailDialog({ reference, onClose }: { reference: string | null; onClose: () => void }) {
  const detail = useAdminOrderDetail(reference)
  const o = detail.data
  return (
    <Modal open={reference !== null} title={`Order ${reference ?? ''}`} onClose={onClose} size="lg">
      <QueryGate query={detail} what="the order">
        {o && (
          <div className="space-y-4 text-sm">
            <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
              <Item label="Placed">{formatDateTime(o.created)}</Item>
              <Item label="Customer">
                {o.customer}
                {o.email && <span className="block text-slate-500">{o.email}</span>}
              </Item>
              <Item label="Deliver to">{o.delivery ? o.delivery.name : o.customer}</Item>
              <Item label="Phone">{localPhone(o.delivery?.phone_number ?? o.phone_number) || '—'}</Item>
              <Item label="Address" className="sm:col-span-2">
                {o.delivery ? deliveryAddressLine(o.delivery) : o.location || '—'}
              </Item>
            </dl>
            <PlainTable rows={o.lines} rowKey={(l) => l.id} columns={LINE_COLUMNS} look="dialog" />
            <div className="space-y-1 rounded-xl bg-slate-50 p-3">
              {/* Only name/value groups inside the list: the note follows it. */}
              <dl className="space-y-1">
                <Row label="Items">{formatNaira(o.items_total)}</Row>
                <Row label="Delivery">
                  {o.delivery_fee === null ? 'To be agreed' : formatNaira(o.delivery_fee)}
                </Row>
                <Row label="Paid" strong>
                  {formatNaira(o.amount)}
                </Row>
              </dl>
              {o.delivery_fee === null && <p className="text-xs text-slate-600">{TO_BE_AGREED}.</p>}
            </div>
          </div>
        )}
      </QueryGate>
    </Modal>
  )
}

function Item({
  label,
  className,
  children,
}: {
  label: string
  className?: string
  children: React.ReactNode
}) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium text-slate-500 uppercase">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  )
}

function Row({ label, strong, children }: { label: string; strong?: boolean; children: React.ReactNode }) {
  return (
    <div className={`flex justify-between ${strong ? 'font-semibold' : ''}`}>
      <dt className={strong ? '' : 'text-slate-600'}>{label}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  )
}
