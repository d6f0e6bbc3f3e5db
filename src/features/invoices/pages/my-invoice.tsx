import { Link, useParams } from 'react-router'
import { ArrowLeft } from 'lucide-react'
import { PrintButton } from '../../../components/documents/document-view'
import { linkButton } from '../../../components/ui/page-header'
import { QueryGate } from '../../../components/ui/query-state'
import { useMyInvoice } from '../api'
import { InvoicePayment } from '../components/invoice-payment'
import { InvoiceDocument } from '../components/invoice-document'

/** /invoices/:id: one of the customer's invoices, printable. */
export default function MyInvoice() {
  const id = Number(useParams().id)
  const invoice = useMyInvoice(id)
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Link
        to="/invoices"
        className={`${linkButton} mb-4 inline-flex items-center gap-1 text-sm print:hidden`}
      >
        <ArrowLeft className="size-4" aria-hidden /> My invoices
      </Link>
      <QueryGate query={invoice} what="the invoice">
        {invoice.data && (
          <div className="space-y-4">
            <h1 className="text-2xl font-bold text-slate-900">Invoice {invoice.data.number}</h1>
            <InvoicePayment invoice={invoice.data} payer={{ id }} refetch={invoice.refetch} />
            <PrintButton />
            <InvoiceDocument invoice={invoice.data} />
          </div>
        )}
      </QueryGate>
    </div>
  )
}
