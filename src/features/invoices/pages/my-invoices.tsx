import { Link } from 'react-router'
import { formatDay } from '../../../../contract/dates.js'
import { formatNaira } from '../../../../contract/money.js'
import { Card, linkButton } from '../../../components/ui/page-header'
import { EmptyState, QueryGate } from '../../../components/ui/query-state'
import { useMyInvoices } from '../api'
import { InvoiceStatusBadge } from '../components/invoice-status'

/** /invoices: the customer's invoices, what each comes to and what is still due. */
export default function MyInvoices() {
  const invoices = useMyInvoices()
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">My invoices</h1>
      <QueryGate query={invoices} what="your invoices">
        {invoices.data?.length === 0 ? (
          <EmptyState>No invoices yet. After a service, its invoice appears here.</EmptyState>
        ) : (
          <ul className="space-y-3">
            {invoices.data?.map((inv) => (
              <li key={inv.id}>
                <Card className="flex flex-wrap items-start justify-between gap-3 p-4 text-sm">
                  <div className="min-w-0">
                    <Link to={`/invoices/${inv.id}`} className={`${linkButton} font-mono text-base`}>
                      {inv.number}
                    </Link>
                    <p className="text-slate-600">
                      Issued {formatDay(inv.issuedOn)} · total {formatNaira(inv.total)}
                    </p>
                    {inv.due > 0 && (
                      <p className="font-semibold text-slate-900">
                        {formatNaira(inv.due)} due by {formatDay(inv.dueDate)}
                      </p>
                    )}
                  </div>
                  <InvoiceStatusBadge status={inv.status} />
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryGate>
    </div>
  )
}
