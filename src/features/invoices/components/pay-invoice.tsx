import { useRef, useState, type FormEvent } from 'react'
import { Lock } from 'lucide-react'
import { MIN_PART_PAYMENT, payAmountProblem, type InvoiceAnswer } from '../../../../contract/invoices.js'
import { formatNaira, parseNaira, toKobo } from '../../../../contract/money.js'
import { Field } from '../../../components/ui/field'
import { FormError } from '../../../components/ui/form-actions'
import { ApiError, errorMessage } from '../../../lib/api-client'
import { payInvoice, type InvoicePayer } from '../api'

const plain = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 2 })
const START_FAILED = 'We could not start the payment. Check your connection and try again.'

/**
 * The amount to pay (the amount due, or part of it) and the button that takes the payer to the payment
 * page: card, bank transfer or USSD. Nothing is shown on an invoice with nothing to pay.
 */
export function PayInvoice({
  invoice,
  payer,
  goTo = (url) => window.location.assign(url),
}: {
  invoice: InvoiceAnswer
  payer: InvoicePayer
  goTo?: (url: string) => void
}) {
  // The deposit a quote asked comes first; it is at least a part payment's least amount.
  const [amount, setAmount] = useState(() =>
    plain.format(
      invoice.depositDue > 0
        ? Math.max(invoice.depositDue, Math.min(MIN_PART_PAYMENT, invoice.due))
        : invoice.due,
    ),
  )
  const [fieldError, setFieldError] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [paying, setPaying] = useState(false)
  // One key per amount: a double tap opens one payment, and a changed amount is a new one.
  const keys = useRef(new Map<number, string>())

  if (invoice.status === 'Void' || invoice.status === 'Draft' || invoice.due === 0) return null
  const value = parseNaira(amount)
  const dueKobo = toKobo(invoice.due)

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (paying) return
    setFormError(null)
    const input = e.currentTarget.elements.namedItem('amount') as HTMLInputElement
    const problem =
      value === null || value <= 0
        ? 'Amount must be a number of naira, e.g. 15,000'
        : payAmountProblem(toKobo(value), dueKobo)
    setFieldError(problem)
    if (problem) {
      input.focus()
      return
    }
    const kobo = toKobo(value!)
    const key = keys.current.get(kobo) ?? crypto.randomUUID()
    keys.current.set(kobo, key)
    setPaying(true)
    try {
      const answer = await payInvoice(payer, { amount: value! }, key)
      goTo(answer.payment_url)
      return // stays busy while the browser leaves
    } catch (err) {
      const field = err instanceof ApiError ? (err.body as { field?: string } | null)?.field : undefined
      if (field === 'amount') {
        setFieldError(err instanceof Error ? err.message : START_FAILED)
        input.focus()
      } else setFormError(errorMessage(err, START_FAILED))
    }
    setPaying(false)
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-3 rounded-lg border border-slate-200 p-4 print:hidden"
    >
      <h2 className="text-lg font-semibold text-slate-900">Pay online</h2>
      <Field
        label="Amount to pay (₦)"
        error={fieldError}
        hint={
          invoice.depositDue > 0
            ? `The ${formatNaira(invoice.depositDue)} deposit now, or more, up to the ${formatNaira(invoice.due)} due.`
            : dueKobo > toKobo(MIN_PART_PAYMENT)
              ? `The amount due, or part of it: at least ${formatNaira(MIN_PART_PAYMENT)}.`
              : 'The amount due.'
        }
      >
        <input
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          className="field max-w-xs"
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value)
            setFieldError(null)
          }}
        />
      </Field>
      <FormError message={formError} />
      <button type="submit" className="btn-primary inline-flex items-center gap-2" disabled={paying}>
        <Lock className="size-4" aria-hidden />
        {paying
          ? 'Opening the payment page...'
          : value !== null && value > 0
            ? `Pay ${formatNaira(value)}`
            : 'Pay'}
      </button>
      <p className="text-xs text-slate-500">
        By card, bank transfer or USSD, on our payment provider’s secure page.
      </p>
    </form>
  )
}
