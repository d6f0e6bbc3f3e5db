import type { UseQueryResult } from '@tanstack/react-query'
import type { InvoiceAnswer } from '../../../../contract/invoices.js'
import { CustomerDocumentPage } from '../../../components/documents/document-pages'
import type { InvoicePayer } from '../api'
import { InvoicePayment } from './invoice-payment'
import { InvoiceDocument } from './invoice-document'

/** An invoice as its customer opens it (/invoices/:id or the link /i/:token): to pay, printable. */
export function CustomerInvoicePage({
  back,
  invoice,
  payer,
}: {
  back?: [string, string]
  invoice: UseQueryResult<InvoiceAnswer>
  payer: InvoicePayer
}) {
  return (
    <CustomerDocumentPage
      back={back}
      query={invoice}
      title="Invoice"
      what="the invoice"
      answer={(inv) => <InvoicePayment invoice={inv} payer={payer} refetch={invoice.refetch} />}
      document={(inv) => <InvoiceDocument invoice={inv} />}
    />
  )
}
