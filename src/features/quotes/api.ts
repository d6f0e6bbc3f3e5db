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
import { CALL_EVEN_OFFLINE, userScope, useUserMutation } from '../../lib/query'
import { useUserId } from '../../lib/session'

export const quoteKeys = {
  all: (userId: number | null) => [...userScope(userId), 'quotes'] as const,
  admin: (userId: number | null, status: string, q: string) =>
    [...quoteKeys.all(userId), 'admin', status, q] as const,
  adminDetail: (userId: number | null, id: number) => [...quoteKeys.all(userId), 'admin-detail', id] as const,
  mine: (userId: number | null) => [...quoteKeys.all(userId), 'mine'] as const,
  mineDetail: (userId: number | null, id: number) => [...quoteKeys.all(userId), 'mine', id] as const,
  /** Opened by whoever holds the link, logged in or not: outside any user's scope. */
  link: (token: string) => ['quote-link', token] as const,
}

export const useAdminQuotes = (status: QuoteStatus | 'all', q: string) => {
  const userId = useUserId()
  return useQuery({
    ...CALL_EVEN_OFFLINE,
    queryKey: quoteKeys.admin(userId, status, q),
    queryFn: () =>
      callApi('GET admins/quotes/', {
        query: { status: status === 'all' ? undefined : status, q: q || undefined },
      }),
    enabled: userId !== null,
  })
}

export const useAdminQuote = (id: number) => {
  const userId = useUserId()
  return useQuery({
    ...CALL_EVEN_OFFLINE,
    queryKey: quoteKeys.adminDetail(userId, id),
    queryFn: () => callApi('GET admins/quotes/{id}/', { params: { id } }),
    enabled: userId !== null,
  })
}

export const useCreateQuote = () =>
  useUserMutation(
    ({ body, key }: { body: CreateQuoteRequest; key: string }) =>
      callApi('POST admins/quotes/', { body }, { idempotencyKey: key }),
    CALL_EVEN_OFFLINE,
  )

export const useSaveQuoteDraft = () =>
  useUserMutation(
    ({ id, body }: { id: number; body: QuoteDraftRequest }) =>
      callApi('POST admins/quotes/{id}/', { params: { id }, body }),
    CALL_EVEN_OFFLINE,
  )

export const useSendQuote = () =>
  useUserMutation(
    (id: number) => callApi('POST admins/quotes/{id}/send/', { params: { id } }),
    CALL_EVEN_OFFLINE,
  )

export const useWithdrawQuote = () =>
  useUserMutation(
    (id: number) => callApi('POST admins/quotes/{id}/withdraw/', { params: { id } }),
    CALL_EVEN_OFFLINE,
  )

export const useMyQuotes = () => {
  const userId = useUserId()
  return useQuery({
    queryKey: quoteKeys.mine(userId),
    queryFn: () => callApi('GET quotes/'),
    enabled: userId !== null,
  })
}

export const useMyQuote = (id: number) => {
  const userId = useUserId()
  return useQuery({
    queryKey: quoteKeys.mineDetail(userId, id),
    queryFn: () => callApi('GET quotes/{id}/', { params: { id } }),
    enabled: userId !== null,
  })
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
