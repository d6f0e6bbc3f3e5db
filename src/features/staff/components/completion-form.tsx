import { useState, type FormEvent } from 'react'
import type { CompleteRequest } from '../../../../contract/staff.js'
import type { PaymentMethod } from '../../../../contract/job-status.js'
import { useDraft } from '../../../lib/draft'
import { useQueuedSave } from './use-queued-save'
import { SignaturePad } from './signature-pad'
import { Field } from '../../../components/ui/field'
import { textBinder } from '../../../components/ui/use-form-fields'
import { FormActions, FormError } from '../../../components/ui/form-actions'
import { parseNaira } from '../../../../contract/money.js'
import { focusOnMount } from '../../../lib/focus-on-mount'

const blank = (signer: string) => ({
  summary: '',
  recommendations: '',
  signer,
  cannotSign: false,
  reason: '',
  paid: false,
  amount: '',
  method: 'cash' as PaymentMethod,
  reference: '',
})
type Form = ReturnType<typeof blank>
/** The request's field names -> this form's controls (ids c-…). */
const FIELD_OF: Record<string, string> = {
  summary: 'summary',
  recommendations: 'recommendations',
  signer_name: 'signer',
  signature: 'signature',
  signature_refused_reason: 'reason',
  'payment.amount': 'amount',
  'payment.method': 'method',
  'payment.reference': 'reference',
}
const ORDER = ['summary', 'recommendations', 'signer', 'signature', 'reason', 'amount', 'method', 'reference']

/**
 * Complete job: summary, recommendations, the signer and their signature (or why not), payment received.
 * Checked with the server's own schema when queued (InvalidOutboxBody: the problems show under the
 * fields). Everything typed is kept on the device until it is queued (the drawn signature is not: after
 * a reload the customer signs again).
 */
export function CompletionForm({
  defaultSigner,
  onSave,
  onCancel,
  userId,
  draft,
}: {
  defaultSigner: string
  onSave: (body: Omit<CompleteRequest, 'occurred_at'>) => Promise<unknown>
  onCancel: () => void
  userId: number | null
  /** The draft's name on the device, e.g. "complete:12". */
  draft: string
}) {
  const [form, setForm, clearDraft] = useDraft<Form>(userId, draft, blank(defaultSigner))
  const [signature, setSignature] = useState<string | null>(null)
  const { errors, busy, clearError, save } = useQueuedSave<string>({
    // "Signs, or says why not" is about the reason once the box is ticked.
    fieldOf: (path) => (path === 'signature' && form.cannotSign ? 'reason' : (FIELD_OF[path] ?? 'summary')),
    order: ORDER,
    idPrefix: 'c-',
  })
  const set =
    <K extends keyof Form>(key: K) =>
    (value: Form[K]) => {
      setForm((f) => ({ ...f, [key]: value }))
      clearError(key)
    }
  const bind = textBinder(form, (key, value) => set(key)(value))
  const { summary, recommendations, signer, cannotSign, reason, paid, amount, method, reference } = form

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    await save(
      () =>
        onSave({
          summary: summary.trim(),
          recommendations: recommendations.trim(),
          signer_name: signer.trim(),
          signature: cannotSign ? null : signature,
          signature_refused_reason: cannotSign ? reason.trim() : null,
          // "25,000" and "₦25,000" are amounts; anything else goes as typed, for the schema to name.
          payment: paid
            ? { amount: parseNaira(amount) ?? amount, method, reference: reference.trim() }
            : null,
        }),
      clearDraft,
    )
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label="Complete job">
      <Field id="c-summary" label="Summary" error={errors.summary}>
        <textarea
          // The form replaces the button that opened it: focus moves in with it.
          ref={focusOnMount}
          className="field"
          rows={3}
          {...bind('summary')}
        />
      </Field>
      <Field id="c-recommendations" label="Recommendations" error={errors.recommendations}>
        <textarea className="field" rows={2} {...bind('recommendations')} />
      </Field>
      <Field id="c-signer" label="Customer name" error={errors.signer}>
        <input className="field" {...bind('signer')} />
      </Field>
      {!cannotSign && (
        <div id="c-signature" tabIndex={-1}>
          <SignaturePad onChange={setSignature} />
          {errors.signature && <p className="mt-1 text-sm text-red-700">{errors.signature}</p>}
        </div>
      )}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={cannotSign} onChange={(e) => set('cannotSign')(e.target.checked)} />
        Customer could not sign
      </label>
      {cannotSign && (
        <Field id="c-reason" label="Reason" error={errors.reason}>
          <input className="field" {...bind('reason')} />
        </Field>
      )}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={paid} onChange={(e) => set('paid')(e.target.checked)} />
        Payment received
      </label>
      {paid && (
        <div className="grid grid-cols-2 gap-2">
          <Field id="c-amount" label="Amount (₦)" error={errors.amount}>
            <input className="field" inputMode="decimal" {...bind('amount')} />
          </Field>
          <Field id="c-method" label="Paid by" error={errors.method}>
            <select className="field" {...bind('method')}>
              <option value="cash">Cash</option>
              <option value="transfer">Transfer</option>
              <option value="pos">POS</option>
            </select>
          </Field>
          <Field
            id="c-reference"
            label="Reference (optional)"
            error={errors.reference}
            className="col-span-2"
          >
            <input className="field" {...bind('reference')} />
          </Field>
        </div>
      )}
      <FormError
        message={Object.keys(errors).length > 0 && 'Not saved yet: correct the fields marked above.'}
      />
      <FormActions
        className="flex gap-2"
        buttonClassName="flex-1"
        onCancel={onCancel}
        cancelLabel="Back"
        pending={busy}
        submitLabel="Complete job"
      />
    </form>
  )
}
