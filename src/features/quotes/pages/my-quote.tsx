import { Link, useParams } from 'react-router'
import { ArrowLeft } from 'lucide-react'
import { useQueryClient } from '@tanstack/react-query'
import { PrintButton } from '../../../components/documents/document-view'
import { linkButton } from '../../../components/ui/page-header'
import { QueryGate } from '../../../components/ui/query-state'
import { useUserId } from '../../../lib/session'
import { quoteKeys, useMyQuote } from '../api'
import { AnswerQuote } from '../components/answer-quote'
import { QuoteDocument } from '../components/quote-document'

/** /quotes/:id: one of the customer's quotes, to accept or decline, printable. */
export default function MyQuote() {
  const id = Number(useParams().id)
  const quote = useMyQuote(id)
  const userId = useUserId()
  const client = useQueryClient()
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Link to="/quotes" className={`${linkButton} mb-4 inline-flex items-center gap-1 text-sm print:hidden`}>
        <ArrowLeft className="size-4" aria-hidden /> My quotes
      </Link>
      <QueryGate query={quote} what="the quote">
        {quote.data && (
          <div className="space-y-4">
            <h1 className="text-2xl font-bold text-slate-900">Quote {quote.data.number}</h1>
            <AnswerQuote
              quote={quote.data}
              who={{ id }}
              onAnswered={(answered) => {
                client.setQueryData(quoteKeys.mineDetail(userId, id), answered)
                void client.invalidateQueries({ queryKey: quoteKeys.mine(userId) })
              }}
            />
            <PrintButton />
            <QuoteDocument quote={quote.data} />
          </div>
        )}
      </QueryGate>
    </div>
  )
}
