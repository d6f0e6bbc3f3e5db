import type { InvoiceAnswer } from '../../../../contract/invoices.js'
import { DocumentView } from '../../../components/documents/document-view'

/** An invoice as the printable document: lines, the offer's line, VAT, total, paid and amount due. */
export function InvoiceDocument({ invoice }: { invoice: InvoiceAnswer }) {
  const extra: [string, number][] = []
  if (invoice.paid > 0) extra.push(['Paid', invoice.paid])
  if (invoice.status !== 'Draft' && invoice.status !== 'Void') extra.push(['Amount due', invoice.due])
  return (
    <DocumentView
      doc={{
        ...invoice,
        title: 'Invoice',
        dateLine: ['Due by', invoice.dueDate],
        extra,
        note: invoice.status === 'Void' ? `Void: ${invoice.voidReason}` : invoice.note,
      }}
    />
  )
}
