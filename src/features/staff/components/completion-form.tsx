import { useState, type FormEvent } from 'react'
import { TextField } from '../../../components/ui/text-field'
import type { CompleteRequest } from '../../../../contract/staff.js'
import type { PaymentMethod } from '../../../../contract/job-status.js'
import { SignaturePad } from './signature-pad'
import { parseNaira } from '../../../../contract/money.js'

/** Complete job: summary, recommendations, the signer and their signature (or why not), payment received. */
export function CompletionForm({
  defaultSigner,
  onSave,
  onCancel,
}: {
  defaultSigner: string
  onSave: (body: Omit<CompleteRequest, 'occurred_at'>) => void
  onCancel: () => void
}) {
  const [summary, setSummary] = useState('')
  const [recommendations, setRecommendations] = useState('')
  const [signer, setSigner] = useState(defaultSigner)
  const [signature, setSignature] = useState<string | null>(null)
  const [cannotSign, setCannotSign] = useState(false)
  const [reason, setReason] = useState('')
  const [paid, setPaid] = useState(false)
  const [amount, setAmount] = useState('')
  const [method, setMethod] = useState<PaymentMethod>('cash')
  const [reference, setReference] = useState('')
  const [error, setError] = useState('')

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const problem = !summary.trim()
      ? 'Write a short summary of the work.'
      : !signer.trim()
        ? 'Enter the name of the customer who signs.'
        : cannotSign
          ? !reason.trim()
            ? 'Say why the customer could not sign.'
            : ''
          : !signature
            ? 'The customer signs in the box, or tick “Customer could not sign”.'
            : paid && !((parseNaira(amount) ?? 0) > 0)
              ? 'Enter the amount received.'
              : ''
    if (problem) {
      setError(problem)
      return
    }
    onSave({
      summary: summary.trim(),
      recommendations: recommendations.trim(),
      signer_name: signer.trim(),
      signature: cannotSign ? null : signature,
      signature_refused_reason: cannotSign ? reason.trim() : null,
      payment: paid ? { amount: parseNaira(amount) ?? 0, method, reference: reference.trim() } : null,
    })
  }

  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Complete job">
      <div>
        <label htmlFor="c-summary" className="field-label">
          Summary
        </label>
        <textarea
          id="c-summary"
          className="field"
          rows={3}
          value={summary}
          onChange={(e) => setSummary(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor="c-recommendations" className="field-label">
          Recommendations
        </label>
        <textarea
          id="c-recommendations"
          className="field"
          rows={2}
          value={recommendations}
          onChange={(e) => setRecommendations(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor="c-signer" className="field-label">
          Customer name
        </label>
        <input id="c-signer" className="field" value={signer} onChange={(e) => setSigner(e.target.value)} />
      </div>
      {!cannotSign && <SignaturePad onChange={setSignature} />}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={cannotSign} onChange={(e) => setCannotSign(e.target.checked)} />
        Customer could not sign
      </label>
      {cannotSign && (
        <div>
          <label htmlFor="c-reason" className="field-label">
            Reason
          </label>
          <input id="c-reason" className="field" value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
      )}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={paid} onChange={(e) => setPaid(e.target.checked)} />
        Payment received
      </label>
      {paid && (
        <div className="grid grid-cols-2 gap-2">
          <div>
            <label htmlFor="c-amount" className="field-label">
              Amount (₦)
            </label>
            <input
              id="c-amount"
              className="field"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </div>
          <div>
            <label htmlFor="c-method" className="field-label">
              Paid by
            </label>
            <select
              id="c-method"
              className="field"
              value={method}
              onChange={(e) => setMethod(e.target.value as PaymentMethod)}
            >
              <option value="cash">Cash</option>
              <option value="transfer">Transfer</option>
              <option value="pos">POS</option>
            </select>
          </div>
          <div className="col-span-2">
            <TextField
              id="c-reference"
              label="Reference (optional)"
              value={reference}
              onChange={(e) => setReference(e.target.value)}
            />
          </div>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <button type="button" className="btn-secondary flex-1" onClick={onCancel}>
          Back
        </button>
        <button type="submit" className="btn-primary flex-1">
          Complete job
        </button>
      </div>
    </form>
  )
}
