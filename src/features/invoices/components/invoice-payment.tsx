import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import type { InvoiceAnswer } from '../../../../contract/invoices.js'
import { useInvoicePaymentOutcome, type InvoicePayer } from '../api'
import { AmountDue } from './amount-due'
import { PayInvoice } from './pay-invoice'
import { PaymentOutcomeBanner } from './payment-outcome'

/**
 * Paying an invoice on its page: the outcome of the payment the browser came back from (the gateway's
 * return lands here with ?tx_ref=), the amount due, then the form to pay it or part of it. When a payment settles the
 * invoice is read again, so the amount due shown is the new one.
 */
export function InvoicePayment({
  invoice,
  payer,
  refetch,
}: {
  invoice: InvoiceAnswer
  payer: InvoicePayer
  refetch: () => unknown
}) {
  const [params] = useSearchParams()
  const txRef = params.get('tx_ref')
  const outcome = useInvoicePaymentOutcome(payer, txRef)
  const settled = outcome.data?.status === 'successful'
  useEffect(() => {
    if (settled) void refetch()
  }, [settled, refetch])
  return (
    <>
      {txRef && (
        <PaymentOutcomeBanner outcome={outcome.data} error={outcome.error} loading={outcome.isLoading} />
      )}
      <AmountDue invoice={invoice} />
      {outcome.data?.status !== 'pending' && <PayInvoice key={invoice.due} invoice={invoice} payer={payer} />}
    </>
  )
}
