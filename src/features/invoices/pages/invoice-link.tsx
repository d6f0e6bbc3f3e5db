import { useParams } from 'react-router'
import { useInvoiceLink } from '../api'
import { CustomerInvoicePage } from '../components/customer-invoice-page'

/** /i/:token: the invoice the link in the email or SMS opens, without logging in. */
export default function InvoiceLinkPage() {
  const token = useParams().token ?? ''
  const invoice = useInvoiceLink(token)
  return <CustomerInvoicePage invoice={invoice} payer={{ token }} />
}
