import type { QuoteAnswer } from '../../../../contract/quotes.js'
import { DocumentView } from '../../../components/documents/document-view'

/** A quote as the printable document; the first-service offer is named, as it comes off the invoice. */
export function QuoteDocument({ quote }: { quote: QuoteAnswer }) {
  const extra: [string, number][] =
    quote.depositPercent > 0 ? [[`Deposit on acceptance (${quote.depositPercent}%)`, quote.deposit]] : []
  const notes = [
    quote.offerPercent !== null
      ? `${quote.offerPercent}% off your first service is taken off the invoice.`
      : '',
    quote.note,
  ].filter(Boolean)
  return (
    <DocumentView
      doc={{
        ...quote,
        title: 'Quote',
        dateLine: ['Valid until', quote.validUntil],
        extra,
        note: notes.join('\n\n'),
      }}
    />
  )
}
