import type { UseQueryResult } from '@tanstack/react-query'
import type { QuoteAnswer } from '../../../../contract/quotes.js'
import { CustomerDocumentPage } from '../../../components/documents/document-pages'
import type { QuoteAnswerer } from '../api'
import { AnswerQuote } from './answer-quote'
import { QuoteDocument } from './quote-document'

/** A quote as its customer opens it (/quotes/:id or the link /q/:token): to accept or decline, printable. */
export function CustomerQuotePage({
  back,
  quote,
  who,
  onAnswered,
}: {
  back?: [string, string]
  quote: UseQueryResult<QuoteAnswer>
  who: QuoteAnswerer
  /** The answered quote, for the page's cache. */
  onAnswered: (quote: QuoteAnswer) => void
}) {
  return (
    <CustomerDocumentPage
      back={back}
      query={quote}
      title="Quote"
      what="the quote"
      answer={(q) => <AnswerQuote quote={q} who={who} onAnswered={onAnswered} />}
      document={(q) => <QuoteDocument quote={q} />}
    />
  )
}
