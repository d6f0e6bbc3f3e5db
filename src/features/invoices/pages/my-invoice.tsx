import { useParams } from 'react-router'
import { pages } from '../../../../contract/pages.js'
import { useMyInvoice } from '../api'
import { CustomerInvoicePage } from '../components/customer-invoice-page'

/** /invoices/:id: one of the customer's invoices, printable. */
export default function MyInvoice() {
  const id = Number(useParams().id)
  const invoice = useMyInvoice(id)
  return <CustomerInvoicePage back={[pages.invoices, 'My invoices']} invoice={invoice} payer={{ id }} />
}
