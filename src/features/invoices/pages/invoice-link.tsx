import { useParams } from 'react-router'
import { PrintButton } from '../../../components/documents/document-view'
import { QueryGate } from '../../../components/ui/query-state'
import { useInvoiceLink } from '../api'
import { InvoicePayment } from '../components/invoice-payment'
import { InvoiceDocument } from '../components/invoice-document'

/** /i/:token: the invoice the link in the email or SMS opens, without logging in. */
export default function InvoiceLinkPage() {
  const token = useParams().token ?? ''
  const invoice = useInvoiceLink(token)
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <QueryGate query={invoice} what="the invoice">
        {invoice.data && (
          <div className="space-y-4">
            <h1 className="text-2xl font-bold text-slate-900">Invoice {invoice.data.number}</h1>
            <InvoicePayment invoice={invoice.data} payer={{ token }} refetch={invoice.refetch} />
            <PrintButton />
            <InvoiceDocument invoice={invoice.data} />
          </div>
        )}
      </QueryGate>
    </div>
  )
}
