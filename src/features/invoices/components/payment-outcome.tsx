import { useEffect, useRef } from 'react'
import { formatNaira } from '../../../../contract/money.js'
import type { InvoicePaymentOutcome } from '../../../../contract/invoices.js'
import { errorMessage } from '../../../lib/api-client'

const REFUND_WORDS = {
  pending: 'A refund is on its way.',
  processing: 'A refund is on its way.',
  refunded: 'It has been refunded; your bank may take a few working days to show it.',
  failed: 'We are refunding it; if it has not reached you in a few days, please call us.',
} as const

/**
 * What became of the payment the browser has just come back from: paid, still being processed (asked again
 * every few seconds), or not paid, with the provider's words. Focused when it appears, so a screen reader
 * reads it first.
 */
export function PaymentOutcomeBanner({
  outcome,
  error,
  loading,
}: {
  outcome: InvoicePaymentOutcome | undefined
  error: unknown
  loading: boolean
}) {
  const box = useRef<HTMLDivElement>(null)
  const status = outcome?.status
  useEffect(() => {
    if (status) box.current?.focus()
  }, [status])
  if (loading) {
    return (
      <p role="status" className="rounded-lg bg-slate-50 p-4 text-slate-700 print:hidden">
        Checking your payment...
      </p>
    )
  }
  if (!outcome) {
    return error ? (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800 print:hidden">
        {errorMessage(error, 'We could not check your payment. Reload the page to try again.')}
      </p>
    ) : null
  }
  const amount = formatNaira(outcome.amount)
  const [tone, heading] =
    outcome.status === 'successful'
      ? ['bg-green-50 text-green-900', `Payment of ${amount} received. Thank you!`]
      : outcome.status === 'pending'
        ? ['bg-amber-50 text-amber-900', `Your payment of ${amount} is being processed`]
        : ['bg-red-50 text-red-900', `Your payment of ${amount} did not go through`]
  return (
    <div
      ref={box}
      tabIndex={-1}
      role={outcome.status === 'failed' || outcome.status === 'cancelled' ? 'alert' : 'status'}
      className={`rounded-lg p-4 outline-none print:hidden ${tone}`}
    >
      <p className="font-semibold">{heading}</p>
      <p className="text-sm">{outcome.message}</p>
      {outcome.refund && <p className="text-sm">{REFUND_WORDS[outcome.refund.status]}</p>}
      <p className="mt-1 text-xs">Reference {outcome.tx_ref}</p>
    </div>
  )
}
