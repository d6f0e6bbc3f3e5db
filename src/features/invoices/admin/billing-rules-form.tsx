import { useRef, useState, type FormEvent } from 'react'
import { billingSettingsBody, type BillingSettings } from '../../../../contract/billing.js'
import { errorMessage } from '../../../lib/api-client'
import { fieldErrors } from '../../../lib/field-errors'
import { focusFirstInvalid } from '../../../lib/focus-first-invalid'
import { Field } from '../../../components/ui/field'
import { SaveRow, type FormResult } from '../../../components/ui/form-actions'
import { Card } from '../../../components/ui/page-header'
import { QueryGate } from '../../../components/ui/query-state'
import { useBillingSettings, useSaveBillingSettings } from '../api'

/** The billing rules: VAT, the first-service offer, quote validity and payment terms. */
export function BillingRulesForm() {
  const settings = useBillingSettings()
  return (
    <QueryGate query={settings} what="the billing rules">
      {settings.data && <RulesForm initial={settings.data} />}
    </QueryGate>
  )
}

type Typed = Record<
  'vatRatePercent' | 'firstServicePercent' | 'quoteValidDays' | 'invoiceDueDays',
  string
> & {
  firstServiceOffer: boolean
}

const asNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))

function RulesForm({ initial }: { initial: BillingSettings }) {
  const save = useSaveBillingSettings()
  const [form, setForm] = useState<Typed>({
    vatRatePercent: String(initial.vatRatePercent),
    firstServiceOffer: initial.firstServiceOffer,
    firstServicePercent: String(initial.firstServicePercent),
    quoteValidDays: String(initial.quoteValidDays),
    invoiceDueDays: String(initial.invoiceDueDays),
  })
  const [errors, setErrors] = useState<Partial<Record<keyof Typed, string>>>({})
  const [result, setResult] = useState<FormResult>(null)
  const formRef = useRef<HTMLFormElement>(null)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setResult(null)
    const parsed = billingSettingsBody.safeParse({
      vatRatePercent: asNumber(form.vatRatePercent),
      firstServiceOffer: form.firstServiceOffer,
      firstServicePercent: asNumber(form.firstServicePercent),
      quoteValidDays: asNumber(form.quoteValidDays),
      invoiceDueDays: asNumber(form.invoiceDueDays),
    })
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error))
      focusFirstInvalid(formRef.current)
      return
    }
    setErrors({})
    try {
      const answer = await save.mutateAsync(parsed.data)
      setResult({ ok: true, text: answer.message })
    } catch (err) {
      setResult({ ok: false, text: errorMessage(err, 'Could not save. Please try again.') })
    }
  }

  const text = (name: keyof Omit<Typed, 'firstServiceOffer'>, label: string, hint?: string) => (
    <Field id={`billing-${name}`} label={label} error={errors[name]} hint={hint}>
      <input
        className="field w-32"
        inputMode="decimal"
        value={form[name]}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      />
    </Field>
  )

  return (
    <Card className="mb-6 max-w-2xl p-5">
      <form ref={formRef} onSubmit={submit} noValidate aria-label="Billing rules" className="space-y-4">
        <h2 className="text-lg font-semibold text-slate-900">Billing rules</h2>
        <div className="flex flex-wrap gap-4">
          {text('vatRatePercent', 'VAT rate (%)', '0 = no VAT')}
          {text('invoiceDueDays', 'Invoices due after (days)')}
          {text('quoteValidDays', 'Quotes valid for (days)')}
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={form.firstServiceOffer}
            onChange={(e) => setForm({ ...form, firstServiceOffer: e.target.checked })}
          />
          First-service offer on a customer’s first service invoice
        </label>
        {text(
          'firstServicePercent',
          'Offer (% off the work)',
          'Never on products. Invoices already written keep theirs.',
        )}
        <SaveRow label="Save billing rules" pending={save.isPending} result={result} />
      </form>
    </Card>
  )
}
