/** Quotes' data: the back office's Quotes screens, the customer's /quotes, and the link page /q/:token. */
import { useQuery } from '@tanstack/react-query'
import type {
  AcceptQuoteRequest,
  CreateQuoteRequest,
  DeclineQuoteRequest,
  QuoteDraftRequest,
  QuoteStatus,
} from '../../../contract/quotes.js'
import { callApi } from '../../lib/api-client'
import { documentKeys, onlineOnlyQuery, signedInQuery, useOnlineOnlyMutation } from '../../lib/query'
import { listFilterQuery } from '../../lib/search'
import { useUserId } from '../../lib/session'

export const quoteKeys = documentKeys('quotes', 'quote-link')

export const useAdminQuotes = (status: QuoteStatus | 'all', q: string) => {
  const userId = useUserId()
  return useQuery(
    onlineOnlyQuery(userId, quoteKeys.admin(userId, status, q), () =>
      callApi('GET admins/quotes/', { query: listFilterQuery(status, q) }),
    ),
  )
}

export const useAdminQuote = (id: number) => {
  const userId = useUserId()
  return useQuery(
    onlineOnlyQuery(userId, quoteKeys.adminDetail(userId, id), () =>
      callApi('GET admins/quotes/{id}/', { params: { id } }),
    ),
  )
}

export const useCreateQuote = () =>
  useOnlineOnlyMutation(({ body, key }: { body: CreateQuoteRequest; key: string }) =>
    callApi('POST admins/quotes/', { body }, { idempotencyKey: key }),
  )

export const useSaveQuoteDraft = () =>
  useOnlineOnlyMutation(({ id, body }: { id: number; body: QuoteDraftRequest }) =>
    callApi('POST admins/quotes/{id}/', { params: { id }, body }),
  )

export const useSendQuote = () =>
  useOnlineOnlyMutation((id: number) => callApi('POST admins/quotes/{id}/send/', { params: { id } }))

export const useWithdrawQuote = () =>
  useOnlineOnlyMutation((id: number) => callApi('POST admins/quotes/{id}/withdraw/', { params: { id } }))

export const useMyQuotes = () => {
  const userId = useUserId()
  return useQuery(signedInQuery(userId, quoteKeys.mine(userId), () => callApi('GET quotes/')))
}

export const useMyQuote = (id: number) => {
  const userId = useUserId()
  return useQuery(
    signedInQuery(userId, quoteKeys.mineDetail(userId, id), () =>
      callApi('GET quotes/{id}/', { params: { id } }),
    ),
  )
}

export const useQuoteLink = (token: string) =>
  useQuery({
    queryKey: quoteKeys.link(token),
    queryFn: () => callApi('GET quote-links/{token}/', { params: { token } }),
    retry: false,
  })

/** Who answers a quote: the holder of its signed link (no login) or the logged-in customer. */
export type QuoteAnswerer = { token: string } | { id: number }

/** Accepts a quote; the key makes a double tap one acceptance (the server also answers a repeat the same). */
export const acceptQuote = (who: QuoteAnswerer, body: AcceptQuoteRequest, key: string) =>
  'token' in who
    ? callApi(
        'POST quote-links/{token}/accept/',
        { params: { token: who.token }, body },
        { idempotencyKey: key },
      )
    : callApi('POST quotes/{id}/accept/', { params: { id: who.id }, body }, { idempotencyKey: key })

export const declineQuote = (who: QuoteAnswerer, body: DeclineQuoteRequest, key: string) =>
  'token' in who
    ? callApi(
        'POST quote-links/{token}/decline/',
        { params: { token: who.token }, body },
        { idempotencyKey: key },
      )
    : callApi('POST quotes/{id}/decline/', { params: { id: who.id }, body }, { idempotencyKey: key })
