import { Link } from 'react-router'
import { formatDay } from '../../../../contract/dates.js'
import { formatNaira } from '../../../../contract/money.js'
import { Card, linkButton } from '../../../components/ui/page-header'
import { EmptyState, QueryGate } from '../../../components/ui/query-state'
import { useMyQuotes } from '../api'
import { QuoteStatusBadge } from '../components/quote-status'

/** /quotes: the customer's quotes, what each comes to and until when it can be accepted. */
export default function MyQuotes() {
  const quotes = useMyQuotes()
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">My quotes</h1>
      <QueryGate query={quotes} what="your quotes">
        {quotes.data?.length === 0 ? (
          <EmptyState>
            No quotes yet. When we price work for one of your bookings, the quote appears here.
          </EmptyState>
        ) : (
          <ul className="space-y-3">
            {quotes.data?.map((q) => (
              <li key={q.id}>
                <Card className="flex flex-wrap items-start justify-between gap-3 p-4 text-sm">
                  <div className="min-w-0">
                    <Link to={`/quotes/${q.id}`} className={`${linkButton} font-mono text-base`}>
                      {q.number}
                    </Link>
                    <p className="text-slate-600">
                      Issued {formatDay(q.issuedOn)} · total {formatNaira(q.total)}
                    </p>
                    {q.status === 'Sent' && (
                      <p className="font-semibold text-slate-900">Valid until {formatDay(q.validUntil)}</p>
                    )}
                  </div>
                  <QuoteStatusBadge status={q.status} />
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryGate>
    </div>
  )
}
