import { useState } from 'react'
import { Lock } from 'lucide-react'
import { ApiError } from '../../../lib/api-client'
import { initiatePayment, updateCart } from '../api'
import { Modal } from '../../../components/ui/modal'

interface CheckoutProps {
  items: { id: number; quantity: number }[]
  disabled?: boolean
  /** Sends the browser to the payment page (injectable for tests). */
  goTo?: (url: string) => void
}

const UPDATE_FAILED = 'An error occured, please try again later'
const INITIATION_FAILED = 'Payment initiation failed.'
const UNEXPECTED = 'An error occurred. Please try again.'

/** The reason a refused call gives, when it is more than the generic line above it. */
const detailOf = (err: unknown) => (err instanceof ApiError && err.status < 500 ? err.message : null)

/**
 * SPEC section 4, checkout: send the device's quantities (POST /update-cart/), show the server's answer
 * in a dialog with Cancel and Proceed; Proceed starts the payment and leaves for the payment page.
 */
export function Checkout({ items, disabled, goTo = (url) => window.location.assign(url) }: CheckoutProps) {
  const [syncing, setSyncing] = useState(false)
  const [syncError, setSyncError] = useState<{ text: string; detail: string | null } | null>(null)
  const [question, setQuestion] = useState<string | null>(null)
  const [paying, setPaying] = useState(false)
  const [payError, setPayError] = useState<{ text: string; detail: string | null } | null>(null)

  const checkout = async () => {
    setSyncing(true)
    setSyncError(null)
    try {
      const answer = await updateCart(items)
      setPayError(null)
      setQuestion(answer.message)
    } catch (err) {
      setSyncError({ text: UPDATE_FAILED, detail: detailOf(err) })
    } finally {
      setSyncing(false)
    }
  }

  const proceed = async () => {
    setPaying(true)
    setPayError(null)
    try {
      const answer = await initiatePayment()
      if (answer.payment_url) {
        goTo(answer.payment_url)
        return // stays busy while the browser leaves
      }
      setPayError({ text: answer.message || INITIATION_FAILED, detail: null })
    } catch (err) {
      setPayError(
        err instanceof ApiError
          ? { text: INITIATION_FAILED, detail: detailOf(err) }
          : { text: UNEXPECTED, detail: null },
      )
    }
    setPaying(false)
  }

  const close = () => {
    if (!paying) setQuestion(null)
  }

  return (
    <>
      <button
        type="button"
        className="btn-primary w-full"
        onClick={checkout}
        disabled={disabled || syncing || items.length === 0}
      >
        <Lock className="size-4" aria-hidden />
        {syncing ? 'Updating cart...' : 'Checkout'}
      </button>
      {syncError && (
        <div role="alert" className="mt-2 text-sm text-red-700">
          <p>{syncError.text}</p>
          {syncError.detail && <p className="mt-0.5 text-red-600">{syncError.detail}</p>}
        </div>
      )}

      <Modal
        open={question !== null}
        title="Checkout"
        onClose={close}
        size="sm"
        footer={
          <>
            <button type="button" className="btn-secondary" onClick={close} disabled={paying}>
              Cancel
            </button>
            <button type="button" className="btn-primary" onClick={proceed} disabled={paying}>
              {paying ? 'Processing...' : 'Proceed'}
            </button>
          </>
        }
      >
        <p className="text-slate-700">{question}</p>
        {payError && (
          <div role="alert" className="mt-3 text-sm italic text-red-600">
            <p>{payError.text}</p>
            {payError.detail && <p className="mt-0.5">{payError.detail}</p>}
          </div>
        )}
      </Modal>
    </>
  )
}
