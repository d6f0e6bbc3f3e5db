import { formatDay } from '../../../../contract/dates.js'
import { formatNaira } from '../../../../contract/money.js'
import { pages } from '../../../../contract/pages.js'
import { CustomerDocumentsPage } from '../../../components/documents/document-pages'
import { useMyInvoices } from '../api'
import { InvoiceStatusBadge } from '../components/invoice-status'

/** /invoices: the customer's invoices, what each comes to and what is still due. */
export default function MyInvoices() {
  const invoices = useMyInvoices()
  return (
    <CustomerDocumentsPage
      title="My invoices"
      query={invoices}
      what="your invoices"
      empty="No invoices yet. After a service, its invoice appears here."
      href={(inv) => pages.invoice(inv.id)}
      more={(inv) =>
        inv.due > 0 && (
          <p className="font-semibold text-slate-900">
            {formatNaira(inv.due)} due by {formatDay(inv.dueDate)}
          </p>
        )
      }
      status={(inv) => <InvoiceStatusBadge status={inv.status} />}
    />
  )
}
