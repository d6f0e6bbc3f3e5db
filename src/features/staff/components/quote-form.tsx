import { useState, type FormEvent } from 'react'
import type { JobQuoteRequest } from '../../../../contract/quotes.js'
import { useDraft } from '../../../lib/draft'
import {
  blankLine,
  lineInputs,
  LinesEditor,
  previewTotals,
  TotalsRows,
  type EditableLine,
  type LineErrors,
  splitErrors,
} from '../../../components/documents/lines-editor'
import { Field } from '../../../components/ui/field'
import { Checkbox } from '../../../components/ui/checkbox'
import { FormActions } from '../../../components/ui/form-actions'
import { InvalidOutboxBody } from '../../../offline/kinds'

interface Form {
  lines: EditableLine[]
  discount: string
  deposit: string
  note: string
  send: boolean
}
/** The two amounts side by side: the form's name, the server's field (for its error), how each is typed. */
const AMOUNT_FIELDS = [
  { name: 'discount', field: 'discount', label: 'Discount (₦)', inputMode: 'decimal', hint: undefined },
  {
    name: 'deposit',
    field: 'depositPercent',
    label: 'Deposit (%)',
    inputMode: 'numeric',
    hint: '0 for none.',
  },
] as const
const EMPTY: Form = { lines: [blankLine('service')], discount: '', deposit: '0', note: '', send: false }

/**
 * The job's quote, written on the phone: lines (the shared editor), discount, deposit and a note, sent to
 * the customer at once or left for the office. Checked with the server's own schema before it is queued
 * (mistakes show on their lines, nothing typed is lost), and kept on the device while it is typed.
 */
export function QuoteForm({
  userId,
  draft,
  onSave,
  onCancel,
}: {
  userId: number | null
  /** The draft's name on the device, e.g. "quote:12". */
  draft: string
  onSave: (body: Omit<JobQuoteRequest, 'clientKey'>) => Promise<unknown>
  onCancel: () => void
}) {
  const [form, setForm, clearDraft] = useDraft<Form>(userId, draft, EMPTY)
  const [lineErrors, setLineErrors] = useState<LineErrors>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const totals = previewTotals(form.lines, form.discount, null, 0)

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const formEl = e.currentTarget
    setBusy(true)
    try {
      await onSave({
        lines: lineInputs(form.lines),
        discount: form.discount.trim() === '' ? 0 : form.discount,
        // Sent as typed: the server's schema says what is wrong with "abc" or "150".
        depositPercent: (form.deposit.trim() === '' ? 0 : Number(form.deposit)) as number,
        note: form.note,
        send: form.send,
      })
      clearDraft()
    } catch (err) {
      if (!(err instanceof InvalidOutboxBody)) {
        setErrors({ form: 'Could not save it on this phone. Try again.' })
        return
      }
      const { lines, fields } = splitErrors(
        Object.entries(err.fields).map(([path, message]) => ({ path: path.split('.'), message })),
      )
      setLineErrors(lines)
      setErrors(fields)
      requestAnimationFrame(() => formEl.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-xl bg-slate-50 p-3"
      aria-label="Write a quote"
    >
      <LinesEditor
        lines={form.lines}
        onChange={(lines) => {
          setForm((f) => ({ ...f, lines }))
          setLineErrors({})
        }}
        errors={lineErrors}
        idPrefix="job-quote"
      />
      <div className="grid grid-cols-2 gap-3">
        {AMOUNT_FIELDS.map(({ name, field, label, inputMode, hint }) => (
          <Field key={name} id={`job-quote-${name}`} label={label} error={errors[field]} hint={hint}>
            <input
              className="field"
              inputMode={inputMode}
              value={form[name]}
              onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))}
            />
          </Field>
        ))}
      </div>
      <Field id="job-quote-note" label="Note for the customer" error={errors.note}>
        <textarea
          className="field"
          rows={2}
          value={form.note}
          onChange={(e) => setForm((f) => ({ ...f, note: e.target.value }))}
        />
      </Field>
      <section aria-label="Quote total">
        <TotalsRows totals={totals} />
        <p className="mt-1 text-right text-xs text-slate-500">VAT, if any, is added by the office’s rules.</p>
      </section>
      <Checkbox
        label="Send to the customer now (else the office sends it)"
        className="flex items-center gap-2 text-sm text-slate-800"
        boxClassName="size-5 accent-brand-700"
        checked={form.send}
        onChange={(e) => setForm((f) => ({ ...f, send: e.target.checked }))}
      />
      <FormActions
        error={errors.lines ?? errors.form}
        onCancel={onCancel}
        pending={busy}
        submitLabel="Save quote"
        pendingLabel="Saving…"
        className="flex gap-2"
        buttonClassName="flex-1"
      />
    </form>
  )
}
