import { useParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { quoteKeys, useQuoteLink } from '../api'
import { CustomerQuotePage } from '../components/customer-quote-page'

/** /q/:token: the quote the link in the email or SMS opens, to accept or decline without logging in. */
export default function QuoteLinkPage() {
  const token = useParams().token ?? ''
  const quote = useQuoteLink(token)
  const client = useQueryClient()
  return (
    <CustomerQuotePage
      quote={quote}
      who={{ token }}
      onAnswered={(answered) => client.setQueryData(quoteKeys.link(token), answered)}
    />
  )
}
