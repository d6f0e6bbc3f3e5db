import { useParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { PrintButton } from '../../../components/documents/document-view'
import { QueryGate } from '../../../components/ui/query-state'
import { quoteKeys, useQuoteLink } from '../api'
import { AnswerQuote } from '../components/answer-quote'
import { QuoteDocument } from '../components/quote-document'

/** /q/:token: the quote the link in the email or SMS opens, to accept or decline without logging in. */
export default function QuoteLinkPage() {
  const token = useParams().token ?? ''
  const quote = useQuoteLink(token)
  const client = useQueryClient()
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <QueryGate query={quote} what="the quote">
        {quote.data && (
          <div className="space-y-4">
            <h1 className="text-2xl font-bold text-slate-900">Quote {quote.data.number}</h1>
            <AnswerQuote
              quote={quote.data}
              who={{ token }}
              onAnswered={(answered) => client.setQueryData(quoteKeys.link(token), answered)}
            />
            <PrintButton />
            <QuoteDocument quote={quote.data} />
          </div>
        )}
      </QueryGate>
    </div>
  )
}
