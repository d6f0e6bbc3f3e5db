import { useParams } from 'react-router'
import { CustomerDocumentPage } from '../../../components/documents/document-pages'
import { useMyInvoice } from '../api'
import { InvoicePayment } from '../components/invoice-payment'
import { InvoiceDocument } from '../components/invoice-document'

/** /invoices/:id: one of the customer's invoices, printable. */
export default function MyInvoice() {
  const id = Number(useParams().id)
  const invoice = useMyInvoice(id)
  return (
    <CustomerDocumentPage
      back={['/invoices', 'My invoices']}
      query={invoice}
      title="Invoice"
      what="the invoice"
      answer={(inv) => <InvoicePayment invoice={inv} payer={{ id }} refetch={invoice.refetch} />}
      document={(inv) => <InvoiceDocument invoice={inv} />}
    />
  )
}
