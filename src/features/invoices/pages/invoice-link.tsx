import { useParams } from 'react-router'
import { CustomerDocumentPage } from '../../../components/documents/document-pages'
import { useInvoiceLink } from '../api'
import { InvoicePayment } from '../components/invoice-payment'
import { InvoiceDocument } from '../components/invoice-document'

/** /i/:token: the invoice the link in the email or SMS opens, without logging in. */
export default function InvoiceLinkPage() {
  const token = useParams().token ?? ''
  const invoice = useInvoiceLink(token)
  return (
    <CustomerDocumentPage
      query={invoice}
      title="Invoice"
      what="the invoice"
      answer={(inv) => <InvoicePayment invoice={inv} payer={{ token }} refetch={invoice.refetch} />}
      document={(inv) => <InvoiceDocument invoice={inv} />}
    />
  )
}
