/** Quotes' data: the back office's Quotes screens, the customer's /quotes, and the link page /q/:token. */
import type { AcceptQuoteRequest, DeclineQuoteRequest, QuoteStatus } from '../../../contract/quotes.js'
import * as documentData from '../../lib/document-data'
import { documentKeys } from '../../lib/query'

export const quoteKeys = documentKeys('quotes', 'quote-link')

export const useAdminQuotes = (status: QuoteStatus | 'all', q: string) =>
  documentData.useAdminList(quoteKeys, 'GET admins/quotes/', status, q)
export const useAdminQuote = (id: number) =>
  documentData.useAdminOne(quoteKeys, 'GET admins/quotes/{id}/', id)

export const useCreateQuote = () => documentData.useCreate('POST admins/quotes/')
export const useSaveQuoteDraft = () => documentData.useSaveDraft('POST admins/quotes/{id}/')
export const useSendQuote = () => documentData.useStep('POST admins/quotes/{id}/send/')
export const useWithdrawQuote = () => documentData.useStep('POST admins/quotes/{id}/withdraw/')

export const useMyQuotes = () => documentData.useMine(quoteKeys, 'GET quotes/')
export const useMyQuote = (id: number) => documentData.useMineOne(quoteKeys, 'GET quotes/{id}/', id)
export const useQuoteLink = (token: string) =>
  documentData.useLink(quoteKeys, 'GET quote-links/{token}/', token)

/** Who answers a quote: the holder of its signed link (no login) or the logged-in customer. */
export type QuoteAnswerer = documentData.Holder

/** Accepts a quote; the key makes a double tap one acceptance (the server also answers a repeat the same). */
export const acceptQuote = (who: QuoteAnswerer, body: AcceptQuoteRequest, key: string) =>
  documentData.callAsHolder(who, ['POST quote-links/{token}/accept/', 'POST quotes/{id}/accept/'], body, key)

export const declineQuote = (who: QuoteAnswerer, body: DeclineQuoteRequest, key: string) =>
  documentData.callAsHolder(
    who,
    ['POST quote-links/{token}/decline/', 'POST quotes/{id}/decline/'],
    body,
    key,
  )
