import { useState, type MouseEvent } from 'react'
import { Lock } from 'lucide-react'
import {
  deliveryBody,
  TO_BE_AGREED,
  type DeliveryFee,
  type DeliveryRequest,
} from '../../../../contract/delivery.js'
import { formatNaira } from '../../../../contract/money.js'
import { ApiError } from '../../../lib/api-client'
import { useUserId } from '../../../lib/session'
import { initiatePayment, updateCart } from '../api'
import { DialogActions, Modal } from '../../../components/ui/modal'
import { Checkbox } from '../../../components/ui/checkbox'
import { DeliveryFields, type DeliveryErrors, type DeliveryForm } from './delivery-form'
import { focusFirstInvalid } from '../../../lib/focus-first-invalid'
import { fieldErrors } from '../../../lib/field-errors'

interface CheckoutProps {
  items: { id: number; quantity: number }[]
  /** Naira, the goods alone (the cart's total). */
  itemsTotal?: number
  /** The delivery form's starting values (from the profile). */
  delivery?: Partial<DeliveryRequest>
  /** Fees per state (GET delivery-fees/); a state without one is "to be agreed". */
  fees?: DeliveryFee[]
  disabled?: boolean
  /** Sends the browser to the payment page (injectable for tests). */
  goTo?: (url: string) => void
}

const UPDATE_FAILED = 'An error occured, please try again later'
const INITIATION_FAILED = 'Payment initiation failed.'
const UNEXPECTED = 'An error occurred. Please try again.'

/** The reason a refused call gives, when it is more than the generic line above it. */
const detailOf = (err: unknown) => (err instanceof ApiError && err.status < 500 ? err.message : null)

const EMPTY_DELIVERY: DeliveryForm = {
  name: '',
  phone_number: '',
  address: '',
  landmark: '',
  city: '',
  state: '' as DeliveryForm['state'],
}

/** The delivery step's rules are the server's own (contract deliveryBody): the same messages, field by field. */
export function validateDelivery(form: DeliveryForm) {
  const parsed = deliveryBody.safeParse(form)
  if (parsed.success) return { data: parsed.data, errors: {} as DeliveryErrors }
  return { data: null, errors: fieldErrors(parsed.error) }
}

/**
 * Checkout: send the device's quantities (POST /update-cart/), then a dialog with the
 * server's answer, the delivery step (pre-filled from the profile) and what will be paid; Proceed starts
 * the payment with the delivery details and leaves for the payment page.
 */
export function Checkout({
  items,
  itemsTotal,
  delivery,
  fees = [],
  disabled,
  goTo = (url) => window.location.assign(url),
}: CheckoutProps) {
  const userId = useUserId()
  const [syncing, setSyncing] = useState(false)
  const [syncError, setSyncError] = useState<{ text: string; detail: string | null } | null>(null)
  const [question, setQuestion] = useState<string | null>(null)
  const [paying, setPaying] = useState(false)
  const [payError, setPayError] = useState<{ text: string; detail: string | null } | null>(null)
  const [form, setForm] = useState<DeliveryForm>(EMPTY_DELIVERY)
  const [errors, setErrors] = useState<DeliveryErrors>({})
  const [saveToProfile, setSaveToProfile] = useState(false)

  const checkout = async () => {
    if (syncing) return
    setSyncing(true)
    setSyncError(null)
    try {
      const answer = await updateCart(userId, items)
      setPayError(null)
      setErrors({})
      // What the customer typed last time stays; otherwise the profile's details.
      setForm((current) => (current.name || current.address ? current : { ...EMPTY_DELIVERY, ...delivery }))
      // An incomplete profile is worth filling: offered ticked.
      setSaveToProfile(!delivery?.phone_number || !delivery?.address || !delivery?.city || !delivery?.state)
      setQuestion(answer.message)
    } catch (err) {
      setSyncError({ text: UPDATE_FAILED, detail: detailOf(err) })
    } finally {
      setSyncing(false)
    }
  }

  const proceed = async (e: MouseEvent<HTMLButtonElement>) => {
    setPayError(null)
    const { data, errors: found } = validateDelivery(form)
    setErrors(found)
    if (!data) {
      focusFirstInvalid(e.currentTarget)
      return
    }
    setPaying(true)
    try {
      const answer = await initiatePayment({ delivery: data, save_to_profile: saveToProfile })
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

  const fee = form.state ? (fees.find((f) => f.state === form.state)?.fee ?? null) : undefined

  return (
    <>
      <button
        type="button"
        className="btn-primary w-full aria-disabled:cursor-wait aria-disabled:opacity-60"
        onClick={checkout}
        // Busy, not disabled, while the cart is sent: a disabled button drops the keyboard focus, and the
        // dialog it opens would then have nothing to give focus back to.
        aria-disabled={syncing || undefined}
        disabled={disabled || items.length === 0}
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
        footer={
          <DialogActions
            onCancel={close}
            onConfirm={proceed}
            confirmLabel="Proceed"
            busyLabel="Processing..."
            busy={paying}
          />
        }
      >
        <p className="text-slate-700">{question}</p>
        <div className="mt-4">
          <DeliveryFields
            value={form}
            errors={errors}
            onChange={(next) => {
              // A field's error goes as soon as it is edited.
              const changed = (Object.keys(next) as (keyof DeliveryForm)[]).filter((k) => next[k] !== form[k])
              setErrors((e) =>
                Object.fromEntries(
                  Object.entries(e).filter(([k]) => !changed.includes(k as keyof DeliveryForm)),
                ),
              )
              setForm(next)
            }}
          />
          <Checkbox
            label="Save these details to my profile"
            className="mt-3 flex items-center gap-2 text-sm text-slate-700"
            checked={saveToProfile}
            onChange={(e) => setSaveToProfile(e.target.checked)}
          />
        </div>
        {itemsTotal !== undefined && (
          <dl className="mt-4 space-y-1 rounded-xl bg-slate-50 p-3 text-sm" aria-label="Amount to pay">
            <div className="flex justify-between">
              <dt className="text-slate-600">Items</dt>
              <dd className="tabular-nums">{formatNaira(itemsTotal)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Delivery</dt>
              <dd className="text-right tabular-nums">
                {fee === undefined ? 'Choose a state' : fee === null ? 'To be agreed' : formatNaira(fee)}
              </dd>
            </div>
            <div className="flex justify-between border-t border-slate-200 pt-1 font-semibold">
              <dt>To pay now</dt>
              <dd className="tabular-nums" data-testid="checkout-total">
                {formatNaira(itemsTotal + (fee ?? 0))}
              </dd>
            </div>
          </dl>
        )}
        {itemsTotal !== undefined && fee === null && (
          <p className="mt-1 px-3 text-xs text-slate-600">{TO_BE_AGREED}.</p>
        )}
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
