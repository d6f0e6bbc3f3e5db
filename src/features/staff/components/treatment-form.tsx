import type { FormEvent } from 'react'
import type { Product } from '../../../../contract/catalogue.js'
import { useDraft } from '../../../lib/draft'
import { Field } from '../../../components/ui/field'
import { textBinder } from '../../../components/ui/use-form-fields'
import { FormActions, FormError } from '../../../components/ui/form-actions'
import { useQueuedSave } from './use-queued-save'
import { focusOnMount } from '../../../lib/focus-on-mount'

const UNITS = ['ml', 'L', 'g', 'kg', 'sachets', 'tubes', 'traps', 'pieces']
const METHODS = ['Spray', 'Fogging', 'Gel bait', 'Dusting', 'Traps', 'Fumigation', 'Cleaning']

export interface TreatmentInput {
  product_id: number | null
  product_name: string
  quantity: number
  unit: string
  target_pest: string
  area: string
  method: string
}

const EMPTY = { product: '', quantity: '', unit: 'ml', pest: '', area: '', method: '' }
type Form = typeof EMPTY
/** The request's field names -> this form's. */
const FIELD_OF: Record<string, keyof Form> = {
  product_name: 'product',
  quantity: 'quantity',
  unit: 'unit',
  target_pest: 'pest',
  area: 'area',
  method: 'method',
}

/**
 * Add treatment (or correct one: `initial`): the product from the saved catalogue (or typed), quantity,
 * unit, target pest, area, method. `onSave` queues it after the server's own checks; a refusal there
 * (InvalidOutboxBody) shows under the fields and keeps what was typed. What is typed is kept on the
 * device (`draft`) until it is saved, so a reload loses nothing.
 */
export function TreatmentForm({
  products,
  onSave,
  onCancel,
  userId,
  draft,
  initial,
  label = 'Add treatment',
  submitLabel = 'Save treatment',
}: {
  products: Product[]
  onSave: (t: TreatmentInput) => Promise<unknown>
  onCancel: () => void
  userId: number | null
  /** The draft's name on the device, e.g. "treatment:12". */
  draft: string
  initial?: Partial<Form>
  label?: string
  submitLabel?: string
}) {
  const [form, setForm, clearDraft] = useDraft<Form>(userId, draft, { ...EMPTY, ...initial })
  const { errors, busy, clearError, save } = useQueuedSave<keyof Form>({
    fieldOf: (path) => FIELD_OF[path] ?? 'product',
    order: Object.keys(EMPTY) as (keyof Form)[],
    idPrefix: 't-',
  })
  const bind = textBinder(form, (key, value) => {
    setForm((f) => ({ ...f, [key]: value }))
    clearError(key)
  })
  const usable = products.filter((p) => p.category !== 'Equipment')

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const match = products.find((p) => p.name.toLowerCase() === form.product.trim().toLowerCase())
    await save(
      () =>
        onSave({
          product_id: match?.id ?? null,
          product_name: match?.name ?? form.product.trim(),
          // Sent as typed: the server's schema says what is wrong with "", "abc" or "0".
          quantity: (form.quantity.trim() === '' ? '' : Number(form.quantity)) as number,
          unit: form.unit,
          target_pest: form.pest.trim(),
          area: form.area.trim(),
          method: form.method.trim(),
        }),
      clearDraft,
    )
  }

  /** A control's value and change handler (its Field wires the ids and the error). */
  const field = (key: keyof Form) => ({ className: 'field', ...bind(key) })

  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-xl bg-slate-50 p-3" aria-label={label}>
      <Field id="t-product" label="Product" error={errors.product}>
        <input
          {...field('product')}
          // The form replaces the button that opened it: focus moves in with it.
          ref={focusOnMount}
          list="t-products"
          placeholder="Choose or type a product"
          autoComplete="off"
        />
      </Field>
      <datalist id="t-products">
        {usable.map((p) => (
          <option key={p.id} value={p.name} />
        ))}
      </datalist>
      <div className="grid grid-cols-2 gap-2">
        <Field id="t-quantity" label="Quantity" error={errors.quantity}>
          <input {...field('quantity')} inputMode="decimal" />
        </Field>
        <Field id="t-unit" label="Unit" error={errors.unit}>
          <select {...field('unit')}>
            {[...new Set([...UNITS, form.unit])].map((u) => (
              <option key={u}>{u}</option>
            ))}
          </select>
        </Field>
      </div>
      {(
        [
          ['pest', 'Target pest', 'e.g. Cockroaches'],
          ['area', 'Area', 'e.g. Kitchen'],
          ['method', 'Method', undefined],
        ] as const
      ).map(([key, text, placeholder]) => (
        <Field key={key} id={`t-${key}`} label={text} error={errors[key]}>
          <input
            {...field(key)}
            placeholder={placeholder}
            list={key === 'method' ? 't-methods' : undefined}
          />
        </Field>
      ))}
      <datalist id="t-methods">
        {METHODS.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
      <FormError
        message={Object.values(errors).some(Boolean) && 'Not saved yet: correct the fields marked above.'}
      />
      <FormActions
        className="flex gap-2"
        buttonClassName="flex-1"
        onCancel={onCancel}
        pending={busy}
        submitLabel={submitLabel}
      />
    </form>
  )
}
