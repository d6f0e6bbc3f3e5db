import { useParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { CustomerDocumentPage } from '../../../components/documents/document-pages'
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
    <CustomerDocumentPage
      back={['/quotes', 'My quotes']}
      query={quote}
      title="Quote"
      what="the quote"
      answer={(q) => (
        <AnswerQuote
          quote={q}
          who={{ id }}
          onAnswered={(answered) => {
            client.setQueryData(quoteKeys.mineDetail(userId, id), answered)
            void client.invalidateQueries({ queryKey: quoteKeys.mine(userId) })
          }}
        />
      )}
      document={(q) => <QuoteDocument quote={q} />}
    />
  )
}
