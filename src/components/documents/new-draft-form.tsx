import { useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import type { DocumentLineInput } from '../../../contract/documents.js'
import { errorMessage } from '../../lib/api-client'
import { focusFirstInvalid } from '../../lib/focus-first-invalid'
import { TextField } from '../ui/text-field'
import { FormActions } from '../ui/form-actions'
import { Card } from '../ui/page-header'

/** The booking (or account) number typed or chosen in a document's first form, or null when it is not one. */
export function typedId(typed: string) {
  const id = Number(typed)
  return Number.isInteger(id) && id > 0 ? id : null
}

export const BOOKING_NUMBER_MISSING = 'Enter the booking’s number, e.g. 12'

/** The mistake in a typed booking number, under the booking's field; null when it is one. */
export const bookingNumberProblem = (typed: string): DraftProblem | null =>
  typedId(typed) === null ? { field: 'booking', text: BOOKING_NUMBER_MISSING } : null

/** The one line a draft written by hand starts with, to be worded and priced on its page. */
export const startingLines = (): DocumentLineInput[] => [
  { kind: 'service', description: 'Service', quantity: 1, unitPrice: 0 },
]

/** The booking a quote, an invoice or a certificate is written for; a booking's details fill it in. */
export function BookingNumberField({
  id,
  value,
  onChange,
  error,
  hint,
}: {
  id: string
  value: string
  onChange: (value: string) => void
  error: string | null
  hint: string
}) {
  return (
    <TextField
      id={id}
      label="Booking number"
      error={error}
      hint={hint}
      className="field w-40"
      inputMode="numeric"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  )
}

/** A mistake in the new draft's form: under its field when it names one, else above the buttons. */
export type DraftProblem = { field?: string; text: string }

/**
 * The back office's "New quote" / "New invoice": the feature's fields, checked by `check`, then `write` makes
 * the draft and the browser goes to its page to be written. One key per form: a double click or a retry
 * after a lost answer writes one draft (a refusal gets a new key, as the next try is a new request).
 */
export function NewDraftForm({
  noun,
  check,
  write,
  pending,
  onCancel,
  children,
}: {
  /** "quote": "New quote", "Could not write the quote." */
  noun: string
  /** The mistake in what is typed, if any. */
  check: () => DraftProblem | null
  /** Writes the draft with the form's key; answers the path of its page. */
  write: (key: string) => Promise<string>
  pending: boolean
  onCancel: () => void
  /** The fields, given the mistake to show under a field by its name (null for the others). */
  children: (errorOf: (field: string) => string | null) => ReactNode
}) {
  const navigate = useNavigate()
  const [problem, setProblem] = useState<DraftProblem | null>(null)
  const key = useRef(crypto.randomUUID())
  const formRef = useRef<HTMLFormElement>(null)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setProblem(null)
    const typo = check()
    if (typo) {
      setProblem(typo)
      focusFirstInvalid(formRef.current)
      return
    }
    try {
      navigate(await write(key.current))
    } catch (err) {
      key.current = crypto.randomUUID()
      setProblem({ text: errorMessage(err, `Could not write the ${noun}. Please try again.`) })
    }
  }

  return (
    <Card className="mb-6 max-w-2xl p-5">
      <form ref={formRef} onSubmit={submit} noValidate aria-label={`New ${noun}`} className="space-y-4">
        <h2 className="text-lg font-semibold text-slate-900">New {noun}</h2>
        {children((field) => (problem?.field === field ? problem.text : null))}
        <FormActions
          error={problem && !problem.field ? problem.text : undefined}
          onCancel={onCancel}
          pending={pending}
          submitLabel="Write the draft"
          pendingLabel="Writing…"
        />
      </form>
    </Card>
  )
}
