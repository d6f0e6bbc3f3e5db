import { useParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { CustomerDocumentPage } from '../../../components/documents/document-pages'
import { quoteKeys, useQuoteLink } from '../api'
import { AnswerQuote } from '../components/answer-quote'
import { QuoteDocument } from '../components/quote-document'

/** /q/:token: the quote the link in the email or SMS opens, to accept or decline without logging in. */
export default function QuoteLinkPage() {
  const token = useParams().token ?? ''
  const quote = useQuoteLink(token)
  const client = useQueryClient()
  return (
    <CustomerDocumentPage
      query={quote}
      title="Quote"
      what="the quote"
      answer={(q) => (
        <AnswerQuote
          quote={q}
          who={{ token }}
          onAnswered={(answered) => client.setQueryData(quoteKeys.link(token), answered)}
        />
      )}
      document={(q) => <QuoteDocument quote={q} />}
    />
  )
}
