// Pieces the invoice and quote screens' tests build their answers from (amounts in naira, as the answers show them).
import { screen, within } from '@testing-library/react'
import type { DocumentLineAnswer, DocumentTotalsAnswer } from '../../contract/documents'
import type { QuoteAnswer } from '../../contract/quotes'

/** Amaka, with every contact detail: whom the admin's drafts are billed to. */
export const AMAKA_BILLED_TO = {
  name: 'Amaka Obi',
  phone: '+2348031234567',
  email: 'amaka@test.ng',
  address: '3 Marina Road',
}

/** One line of work at `unitPrice`, quantity 1, with no product or service kind picked. */
export const serviceLine = (description: string, unitPrice = 0): DocumentLineAnswer => ({
  kind: 'service',
  description,
  quantity: 1,
  unitPrice,
  total: unitPrice,
  productId: null,
  serviceKindId: null,
})

/** Totals with no discount and no first-service offer: the subtotal, plus `vat` at `vatRatePercent`. */
export const totalsWithoutDiscounts = (
  subtotal: number,
  vatRatePercent = 0,
  vat = 0,
): DocumentTotalsAnswer => ({
  subtotal,
  discount: 0,
  firstServiceDiscount: 0,
  firstServicePercent: null,
  vatRatePercent,
  vat,
  total: subtotal + vat,
})

/**
 * What the admin's editor reads of a new draft billed to Amaka for booking 7, an invoice or a quote alike:
 * nothing on it yet, not sent, with the 20% first-service offer and VAT at 7.5%.
 */
export const AMAKAS_NEW_DRAFT = {
  status: 'Draft' as const,
  billedName: 'Amaka Obi',
  customerId: 3,
  bookingId: 7,
  issuedOn: '2026-11-23',
  total: 0,
  billedTo: AMAKA_BILLED_TO,
  sentAt: null,
  note: '',
  offerPercent: 20,
  totals: totalsWithoutDiscounts(0, 7.5),
  link: null,
}

/** A quote's answer while the customer has neither accepted nor declined it and it is not withdrawn. */
export const UNANSWERED_QUOTE = {
  acceptedName: null,
  acceptedAt: null,
  declinedAt: null,
  declineReason: '',
  withdrawnAt: null,
}

/** What a quote's answer says once Amaka accepted it and it became invoice INV-2026-0040, standing as `invoice` says. */
export const acceptedByAmaka = (
  invoice: Pick<NonNullable<QuoteAnswer['invoice']>, 'status' | 'total' | 'deposit' | 'link'>,
) => ({
  status: 'Accepted' as const,
  acceptedName: 'Amaka Obi',
  acceptedAt: '2026-11-23T10:00:00.000Z',
  invoice: { id: 40, number: 'INV-2026-0040', ...invoice },
})

/** The editor's "Totals preview" as "term value" rows. */
export const totalsPreviewRows = () =>
  within(screen.getByRole('region', { name: 'Totals preview' }))
    .getAllByRole('term')
    .map((dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent}`)
