import { formatDateTime } from '../../../../contract/dates.js'
import { formatNaira } from '../../../../contract/money.js'
import type { RefundStatus } from '../../../../contract/payments.js'
import { Card } from '../../../components/ui/page-header'
import { EmptyState, QueryGate } from '../../../components/ui/query-state'
import { useAdminRefunds } from '../api'

const STATE: Record<RefundStatus, { label: string; colour: string }> = {
  pending: { label: 'Due', colour: 'bg-yellow-100 text-yellow-800' },
  processing: { label: 'Processing', colour: 'bg-blue-100 text-blue-800' },
  refunded: { label: 'Refunded', colour: 'bg-green-100 text-green-800' },
  failed: { label: 'Failed', colour: 'bg-red-100 text-red-800' },
}

/** Charges given back through the gateway (GET admins/refunds/), with their state and why. */
export function RefundsPanel() {
  const refunds = useAdminRefunds()
  return (
    <QueryGate query={refunds} what="refunds">
      {refunds.data?.length === 0 ? (
        <EmptyState>No refunds</EmptyState>
      ) : (
        <ul className="space-y-3" aria-label="Refunds">
          {refunds.data?.map((r) => (
            <li key={r.id}>
              <Card className="flex flex-wrap items-start justify-between gap-3 p-4 text-sm">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">
                    {formatNaira(r.amount)} to {r.customer}
                    {r.email && r.email !== r.customer && (
                      <span className="font-normal text-slate-500"> · {r.email}</span>
                    )}
                  </p>
                  <p className="text-slate-600">{r.products}</p>
                  <p className="text-slate-600">{r.reason}</p>
                  <p className="mt-1 font-mono text-xs break-all text-slate-500">{r.tx_ref}</p>
                  <p className="text-xs text-slate-500">
                    Since {formatDateTime(r.created)}
                    {r.refunded && <> · refunded {formatDateTime(r.refunded)}</>}
                  </p>
                  {r.status === 'failed' && r.error && (
                    <p className="mt-1 text-xs text-red-700">
                      The gateway refused ({r.attempts} {r.attempts === 1 ? 'try' : 'tries'}): {r.error}
                    </p>
                  )}
                </div>
                <span
                  className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE[r.status].colour}`}
                >
                  {STATE[r.status].label}
                </span>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </QueryGate>
  )
}
