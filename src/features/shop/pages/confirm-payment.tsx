import { useEffect, useRef, useState } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react'
import { ApiError, getCsrfToken } from '../../../lib/api-client'
import { refreshDeviceCart, usePaymentOutcome, verifyPayment } from '../api'
import { useUserId } from '../../../lib/session'
import { formatNaira } from '../../../../contract/money.js'
import { deliveryAddressLine, TO_BE_AGREED } from '../../../../contract/delivery.js'
import { localPhone } from '../../../../contract/phone.js'
import { pages } from '../../../../contract/pages.js'
import { USER_SCOPE } from '../../../lib/user-scope'

type Verification =
  | { state: 'processing' }
  | { state: 'success'; message: string }
  | { state: 'failure'; status: string; message: string | null }
  /** Logged out (another address, an expired session): the payment is settled anyway; log in to see it. */
  | { state: 'login' }

const NO_RESPONSE = 'An error occured during verification'

/** Waits until the CSRF token can be fetched (no token, no call: the page stays on processing). */
async function tokenWhenOnline(): Promise<void> {
  for (;;) {
    try {
      await getCsrfToken()
      return
    } catch {
      await new Promise<void>((resolve) => {
        const retry = () => {
          window.removeEventListener('online', retry)
          resolve()
        }
        window.addEventListener('online', retry)
        window.setTimeout(retry, 5000)
      })
    }
  }
}

/**
 * /confirm/payment: the payment page sends the browser here with status, tx_ref and transaction_id.
 * The server asks the gateway itself; the query's status is only passed along, never believed.
 */
export default function ConfirmPayment() {
  const [params] = useSearchParams()
  const location = useLocation()
  const queryClient = useQueryClient()
  const [result, setResult] = useState<Verification>({ state: 'processing' })
  const started = useRef(false)
  const txRef = params.get('tx_ref')
  const status = params.get('status') ?? undefined
  const transactionId = params.get('transaction_id') ?? undefined
  const userId = useUserId()
  const cartRefreshed = useRef(false)

  // A successful payment emptied the server's cart: the device's (and the top bar's count) follow,
  // once the session is known (it may still be loading when the answer comes).
  useEffect(() => {
    if (result.state !== 'success' || userId === null || cartRefreshed.current) return
    cartRefreshed.current = true
    refreshDeviceCart(userId).catch(() => {
      cartRefreshed.current = false
    })
  }, [result.state, userId])

  useEffect(() => {
    // Once per visit, even under StrictMode's double effect: a repeat would only get the same answer.
    if (started.current) return
    started.current = true
    // Settling wrote orders, emptied the cart and added a notification: refresh all private data
    // (only the logged-in user's is in the cache; the session may still be loading here).
    const refresh = () => queryClient.invalidateQueries({ queryKey: USER_SCOPE })
    void (async () => {
      if (!txRef) {
        setResult({ state: 'failure', status: NO_RESPONSE, message: 'The payment reference is missing.' })
        return
      }
      await tokenWhenOnline()
      try {
        const answer = await verifyPayment({ tx_ref: txRef, status, transaction_id: transactionId })
        setResult({ state: 'success', message: answer.message })
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) {
          setResult({ state: 'login' })
          return
        }
        const body =
          err instanceof ApiError
            ? (err.body as { status?: unknown; message?: unknown } | undefined)
            : undefined
        const serverStatus = typeof body?.status === 'string' ? body.status : null
        setResult({
          state: 'failure',
          status: serverStatus ?? (err instanceof ApiError ? err.message : NO_RESPONSE),
          message: serverStatus && typeof body?.message === 'string' ? body.message : null,
        })
      }
      await refresh()
    })()
  }, [queryClient, txRef, status, transactionId])

  return (
    <section className="flex min-h-[60vh] items-center justify-center px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-lg shadow-slate-200/60">
        {result.state === 'processing' && (
          <div role="status" aria-live="polite">
            <LoaderCircle className="mx-auto size-14 animate-spin text-brand-700" aria-hidden />
            <p className="mt-5 text-lg font-medium text-slate-700">Processing your request...</p>
          </div>
        )}
        {result.state === 'success' && (
          <div role="status" aria-live="polite">
            <CircleCheck className="mx-auto size-16 text-brand-600" aria-hidden />
            <h1 className="mt-4 text-3xl font-bold text-slate-900">Success!</h1>
            <p className="mt-2 text-slate-700">Your Order has been Placed successfully.</p>
            <p className="mt-1 text-sm text-slate-500">{result.message}</p>
            {txRef && <OrderSummary txRef={txRef} />}
            <div className="mt-8 flex flex-col gap-3">
              <Link to={pages.home} className="btn-primary">
                Back to HomePage
              </Link>
              <Link to={pages.orders} className="btn-secondary">
                View my orders
              </Link>
            </div>
          </div>
        )}
        {result.state === 'login' && (
          <div role="status">
            <CircleCheck className="mx-auto size-16 text-brand-600" aria-hidden />
            <h1 className="mt-4 text-2xl font-bold text-slate-900">Log in to see your order</h1>
            <p className="mt-2 text-slate-700">
              Your payment has reached us and is being checked with the bank; nothing more is needed from you.
              Log in to see the result and your order.
            </p>
            <Link
              to={pages.login}
              state={{ from: `${location.pathname}${location.search}` }}
              className="btn-primary mt-8 w-full"
            >
              Log in to see your order
            </Link>
          </div>
        )}
        {result.state === 'failure' && (
          <div role="alert">
            <CircleX className="mx-auto size-16 text-red-600" aria-hidden />
            <h1 className="mt-4 text-3xl font-bold text-slate-900">Oops!</h1>
            <p
              className="mt-2 font-semibold text-red-700 first-letter:uppercase"
              data-testid="payment-status"
            >
              {result.status}
            </p>
            {result.message && <p className="mt-2 text-sm text-slate-600">{result.message}</p>}
            <Link to={pages.products} className="btn-primary mt-8 w-full">
              Back to Cart
            </Link>
          </div>
        )}
      </div>
    </section>
  )
}

/** The order as paid: reference, lines, fee and where it goes (GET payments/{tx_ref}/). */
function OrderSummary({ txRef }: { txRef: string }) {
  const { data } = usePaymentOutcome(txRef, true)
  if (!data) return <p className="mt-4 text-sm text-slate-600">Reference {txRef}</p>
  return (
    <section aria-label="Order summary" className="mt-6 rounded-xl bg-slate-50 p-4 text-left text-sm">
      <p className="font-semibold text-slate-900">
        Reference <span className="font-mono break-all">{data.tx_ref}</span>
      </p>
      <ul className="mt-2 space-y-1 text-slate-700">
        {data.lines.map((l) => (
          <li key={l.product_id} className="flex justify-between gap-3">
            <span>
              {l.quantity} × {l.name}
            </span>
            <span className="tabular-nums">{formatNaira(l.quantity * l.price)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-1 border-t border-slate-200 pt-2">
        <div className="flex justify-between">
          <dt className="text-slate-600">Delivery</dt>
          <dd className="tabular-nums">
            {data.delivery_fee === null ? 'To be agreed' : formatNaira(data.delivery_fee)}
          </dd>
        </div>
        <div className="flex justify-between font-semibold">
          <dt>Paid</dt>
          <dd className="tabular-nums">{formatNaira(data.amount)}</dd>
        </div>
      </dl>
      {data.delivery_fee === null && <p className="mt-1 text-xs text-slate-600">{TO_BE_AGREED}.</p>}
      {data.delivery && (
        <p className="mt-2 text-slate-700">
          Delivering to {data.delivery.name}, {localPhone(data.delivery.phone_number)}:{' '}
          {deliveryAddressLine(data.delivery)}
        </p>
      )}
    </section>
  )
}
