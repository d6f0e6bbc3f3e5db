import { formatDay } from '../../../../contract/dates.js'
import { pages } from '../../../../contract/pages.js'
import { CustomerDocumentsPage } from '../../../components/documents/document-pages'
import { useMyQuotes } from '../api'
import { QuoteStatusBadge } from '../components/quote-status'

/** /quotes: the customer's quotes, what each comes to and until when it can be accepted. */
export default function MyQuotes() {
  const quotes = useMyQuotes()
  return (
    <CustomerDocumentsPage
      title="My quotes"
      query={quotes}
      what="your quotes"
      empty="No quotes yet. When we price work for one of your bookings, the quote appears here."
      href={(q) => pages.quote(q.id)}
      more={(q) =>
        q.status === 'Sent' && (
          <p className="font-semibold text-slate-900">Valid until {formatDay(q.validUntil)}</p>
        )
      }
      status={(q) => <QuoteStatusBadge status={q.status} />}
    />
  )
}
