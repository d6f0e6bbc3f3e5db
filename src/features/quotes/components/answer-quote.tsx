import { useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { Link } from 'react-router'
import { acceptQuoteBody, declineQuoteBody, type QuoteAnswer } from '../../../../contract/quotes.js'
import { formatDateTime, formatDay } from '../../../../contract/dates.js'
import { formatNaira } from '../../../../contract/money.js'
import { Field } from '../../../components/ui/field'
import { FormActions, ResultLine, type FormResult } from '../../../components/ui/form-actions'
import { errorMessage } from '../../../lib/api-client'
import { acceptQuote, declineQuote, type QuoteAnswerer } from '../api'

const NOT_SENT = 'We could not send your answer. Check your connection and try again.'

/** What the form says in each of its two modes; its Cancel button switches to the other. */
const MODES = {
  accept: { heading: 'Accept this quote', submitLabel: 'Accept quote', cancelLabel: 'Decline instead' },
  decline: { heading: 'Decline this quote', submitLabel: 'Decline quote', cancelLabel: 'Back to accepting' },
} as const

/** The way to pay the deposit an accepted quote asked for, on the invoice it became, while it can be paid. */
function DepositLink({ quote }: { quote: QuoteAnswer }) {
  const invoice = quote.invoice
  if (!invoice?.deposit || !invoice.link) return null
  return (
    <Link to={invoice.link} className="btn-primary inline-flex">
      Pay the {formatNaira(quote.deposit)} deposit (invoice {invoice.number})
    </Link>
  )
}

/**
 * What the customer can do with a quote: accept it with their name, or decline it with a reason, while it
 * is open; afterwards, what they answered and, after accepting, the deposit to pay when there is one.
 */
export function AnswerQuote({
  quote,
  who,
  onAnswered,
}: {
  quote: QuoteAnswer
  who: QuoteAnswerer
  onAnswered: (quote: QuoteAnswer) => void
}) {
  const [mode, setMode] = useState<'accept' | 'decline'>('accept')
  const [name, setName] = useState('')
  const [reason, setReason] = useState('')
  const [fieldError, setFieldError] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [result, setResult] = useState<FormResult>(null)
  const [pending, setPending] = useState(false)
  // One key per form opened: a double tap, or a resend after a lost answer, is one answer.
  const key = useRef(crypto.randomUUID())

  const closed =
    quote.status === 'Accepted' ? (
      <div className="space-y-3">
        <p>
          Accepted by {quote.acceptedName}
          {quote.acceptedAt && ` on ${formatDateTime(quote.acceptedAt)}`}.
        </p>
        <DepositLink quote={quote} />
      </div>
    ) : quote.status === 'Declined' ? (
      <p>You declined this quote{quote.declineReason && `: “${quote.declineReason}”`}.</p>
    ) : quote.status === 'Expired' ? (
      <p>This quote was valid until {formatDay(quote.validUntil)}. Ask us for a new one.</p>
    ) : quote.status === 'Withdrawn' ? (
      <p>We withdrew this quote. Ask us for a new one.</p>
    ) : null

  if (quote.status !== 'Sent') {
    return (
      <section
        aria-label="Your answer"
        className="space-y-2 rounded-lg border border-slate-200 p-4 text-sm print:hidden"
      >
        <ResultLine result={result} />
        {closed}
      </section>
    )
  }

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (pending) return
    setFormError(null)
    const parsed =
      mode === 'accept' ? acceptQuoteBody.safeParse({ name }) : declineQuoteBody.safeParse({ reason })
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Check what you typed')
      ;(e.currentTarget.elements.namedItem(mode === 'accept' ? 'name' : 'reason') as HTMLElement).focus()
      return
    }
    setPending(true)
    try {
      const answer =
        mode === 'accept'
          ? await acceptQuote(who, { name }, key.current)
          : await declineQuote(who, { reason }, key.current)
      setResult({ ok: true, text: answer.message })
      onAnswered(answer.quote)
    } catch (err) {
      setFormError(errorMessage(err, NOT_SENT))
    }
    setPending(false)
  }

  const switchTo = (next: 'accept' | 'decline') => {
    setMode(next)
    setFieldError(null)
    setFormError(null)
    key.current = crypto.randomUUID()
  }

  const { heading, submitLabel, cancelLabel } = MODES[mode]
  /** A typed change clears the field's error. */
  const edit = (set: (value: string) => void) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    set(e.target.value)
    setFieldError(null)
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-3 rounded-lg border border-slate-200 p-4 print:hidden"
      aria-label={mode === 'accept' ? 'Accept the quote' : 'Decline the quote'}
    >
      <h2 className="text-lg font-semibold text-slate-900">{heading}</h2>
      {mode === 'accept' ? (
        <>
          <p className="text-sm text-slate-700">
            {formatNaira(quote.total)}, valid until {formatDay(quote.validUntil)}.
            {quote.depositPercent > 0 &&
              ` Accepting asks a deposit of ${formatNaira(quote.deposit)} (${quote.depositPercent}%), which you can pay online at once.`}
          </p>
          <Field label="Your full name" error={fieldError} hint="Typing your name is your signature.">
            <input
              name="name"
              autoComplete="name"
              className="field max-w-sm"
              value={name}
              onChange={edit(setName)}
            />
          </Field>
        </>
      ) : (
        <Field label="Reason (optional)" error={fieldError} hint="It helps us to quote better.">
          <textarea name="reason" rows={3} className="field" value={reason} onChange={edit(setReason)} />
        </Field>
      )}
      <FormActions
        error={formError}
        onCancel={() => switchTo(mode === 'accept' ? 'decline' : 'accept')}
        cancelLabel={cancelLabel}
        pending={pending}
        submitLabel={submitLabel}
        pendingLabel="Sending..."
        className="flex flex-wrap gap-3"
      />
    </form>
  )
}
