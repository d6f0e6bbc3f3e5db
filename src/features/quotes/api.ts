/**
 * Quotes' data: the back office's Quotes screens, the customer's /quotes, and the link page /q/:token. Each
 * call is named here, so callApi checks it against the contract; document-data asks them the way quotes and
 * invoices share.
 */
import type {
  AcceptQuoteRequest,
  CreateQuoteRequest,
  DeclineQuoteRequest,
  QuoteDraftRequest,
  QuoteStatus,
} from '../../../contract/quotes.js'
import { callApi } from '../../lib/api-client'
import * as documentData from '../../lib/document-data'
import { documentKeys } from '../../lib/query'

export const quoteKeys = documentKeys('quotes', 'quote-link')

export const useAdminQuotes = (status: QuoteStatus | 'all', q: string) =>
  documentData.useAdminList(quoteKeys, status, q, (query) => callApi('GET admins/quotes/', { query }))
export const useAdminQuote = (id: number) =>
  documentData.useAdminOne(quoteKeys, id, (id) => callApi('GET admins/quotes/{id}/', { params: { id } }))

export const useCreateQuote = () =>
  documentData.useCreate((body: CreateQuoteRequest, options) =>
    callApi('POST admins/quotes/', { body }, options),
  )
export const useSaveQuoteDraft = () =>
  documentData.useSaveDraft((id, body: QuoteDraftRequest) =>
    callApi('POST admins/quotes/{id}/', { params: { id }, body }),
  )
export const useSendQuote = () =>
  documentData.useStep((id) => callApi('POST admins/quotes/{id}/send/', { params: { id } }))
export const useWithdrawQuote = () =>
  documentData.useStep((id) => callApi('POST admins/quotes/{id}/withdraw/', { params: { id } }))

export const useMyQuotes = () => documentData.useMine(quoteKeys, () => callApi('GET quotes/'))
export const useMyQuote = (id: number) =>
  documentData.useMineOne(quoteKeys, id, (id) => callApi('GET quotes/{id}/', { params: { id } }))
export const useQuoteLink = (token: string) =>
  documentData.useLink(quoteKeys, token, (token) =>
    callApi('GET quote-links/{token}/', { params: { token } }),
  )

/** Who answers a quote: the holder of its signed link (no login) or the logged-in customer. */
export type QuoteAnswerer = documentData.Holder

/** Accepts a quote; the key makes a double tap one acceptance (the server also answers a repeat the same). */
export const acceptQuote = (who: QuoteAnswerer, body: AcceptQuoteRequest, key: string) =>
  documentData.callAsHolder(who, key, {
    byLink: (token, options) =>
      callApi('POST quote-links/{token}/accept/', { params: { token }, body }, options),
    byOwner: (id, options) => callApi('POST quotes/{id}/accept/', { params: { id }, body }, options),
  })

export const declineQuote = (who: QuoteAnswerer, body: DeclineQuoteRequest, key: string) =>
  documentData.callAsHolder(who, key, {
    byLink: (token, options) =>
      callApi('POST quote-links/{token}/decline/', { params: { token }, body }, options),
    byOwner: (id, options) => callApi('POST quotes/{id}/decline/', { params: { id }, body }, options),
  })
