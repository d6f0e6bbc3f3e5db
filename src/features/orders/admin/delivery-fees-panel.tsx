import { useState, type FormEvent } from 'react'
import { deliveryFeesBody, type DeliveryFee } from '../../../../contract/delivery.js'
import { ApiError } from '../../../lib/api-client'
import { Card } from '../../../components/ui/page-header'
import { Field } from '../../../components/ui/field'
import { QueryGate } from '../../../components/ui/query-state'
import { useDeliveryFeesTable, useSaveDeliveryFees } from '../api'
import { SaveRow, type FormResult } from '../../../components/ui/form-actions'

/** The delivery fee per state; a blank fee is "to be agreed" (nothing charged at checkout). */
export function DeliveryFeesPanel() {
  const fees = useDeliveryFeesTable()
  return (
    <QueryGate query={fees} what="delivery fees">
      {/* Not re-mounted when the saved table comes back: the form keeps its "saved" line. */}
      {fees.data && <FeesForm fees={fees.data} />}
    </QueryGate>
  )
}

function FeesForm({ fees }: { fees: DeliveryFee[] }) {
  const save = useSaveDeliveryFees()
  const [values, setValues] = useState(() =>
    Object.fromEntries(fees.map((f) => [f.state, f.fee === null ? '' : String(f.fee)])),
  )
  const [result, setResult] = useState<FormResult>(null)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setResult(null)
    const parsed = deliveryFeesBody.safeParse({
      fees: fees.map((f) => ({
        state: f.state,
        // As typed: "2,500" and "₦2,500" are fees too (the schema reads them).
        fee: values[f.state].trim() === '' ? null : values[f.state],
      })),
    })
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const state = fees[Number(issue.path[1])]?.state
      setResult({ ok: false, text: `${state ? `${state}: ` : ''}${issue.message}` })
      return
    }
    try {
      const answer = await save.mutateAsync(parsed.data)
      setResult({ ok: true, text: answer.message })
    } catch (err) {
      setResult({
        ok: false,
        text: err instanceof ApiError ? err.message : 'Could not save. Please try again.',
      })
    }
  }

  return (
    <Card className="p-4">
      <form onSubmit={submit} aria-label="Delivery fees" noValidate>
        <p className="text-sm text-slate-600">
          The fee added at checkout for each state, in naira. Leave it blank for &ldquo;to be agreed&rdquo;:
          the customer pays for the goods only and you agree the delivery fee with them.
        </p>
        <div className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {fees.map((f) => (
            <Field
              key={f.state}
              id={`fee-${f.state}`}
              label={f.state}
              className="flex items-center justify-between gap-2"
              labelClassName="text-sm font-medium text-slate-800"
            >
              <input
                className="field w-32 text-right"
                inputMode="decimal"
                placeholder="To be agreed"
                value={values[f.state]}
                onChange={(e) => setValues({ ...values, [f.state]: e.target.value })}
              />
            </Field>
          ))}
        </div>
        <SaveRow
          className="mt-4 flex flex-wrap items-center gap-3"
          label="Save delivery fees"
          pending={save.isPending}
          result={result}
        />
      </form>
    </Card>
  )
}
