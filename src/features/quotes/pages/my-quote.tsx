import { useParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { pages } from '../../../../contract/pages.js'
import { useUserId } from '../../../lib/session'
import { quoteKeys, useMyQuote } from '../api'
import { CustomerQuotePage } from '../components/customer-quote-page'

/** /quotes/:id: one of the customer's quotes, to accept or decline, printable. */
export default function MyQuote() {
  const id = Number(useParams().id)
  const quote = useMyQuote(id)
  const userId = useUserId()
  const client = useQueryClient()
  return (
    <CustomerQuotePage
      back={[pages.quotes, 'My quotes']}
      quote={quote}
      who={{ id }}
      onAnswered={(answered) => {
        client.setQueryData(quoteKeys.mineDetail(userId, id), answered)
        void client.invalidateQueries({ queryKey: quoteKeys.mine(userId) })
      }}
    />
  )
}
