import { useState, type FormEvent } from 'react'
import { TextField } from '../../../components/ui/text-field'
import type { Product } from '../../../../contract/catalogue.js'

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

/** Add treatment: the product from the saved catalogue (or typed), quantity, unit, target pest, area, method. */
export function TreatmentForm({
  products,
  onSave,
  onCancel,
}: {
  products: Product[]
  onSave: (t: TreatmentInput) => void
  onCancel: () => void
}) {
  const [form, setForm] = useState({ product: '', quantity: '', unit: 'ml', pest: '', area: '', method: '' })
  const [error, setError] = useState('')
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }))
  const usable = products.filter((p) => p.category !== 'Equipment')

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const quantity = Number(form.quantity)
    if (!form.product.trim() || !form.pest.trim() || !form.area.trim()) {
      setError('Product, target pest and area are needed.')
      return
    }
    if (!(quantity > 0)) {
      setError('Quantity must be more than 0.')
      return
    }
    const match = products.find((p) => p.name.toLowerCase() === form.product.trim().toLowerCase())
    onSave({
      product_id: match?.id ?? null,
      product_name: match?.name ?? form.product.trim(),
      quantity,
      unit: form.unit,
      target_pest: form.pest.trim(),
      area: form.area.trim(),
      method: form.method.trim(),
    })
  }

  return (
    <form onSubmit={submit} className="space-y-3 rounded-xl bg-slate-50 p-3" aria-label="Add treatment">
      <div>
        <label htmlFor="t-product" className="field-label">
          Product
        </label>
        <input
          id="t-product"
          // The form replaces the button that opened it: focus moves in with it.
          autoFocus
          className="field"
          list="t-products"
          value={form.product}
          onChange={set('product')}
          placeholder="Choose or type a product"
          autoComplete="off"
        />
        <datalist id="t-products">
          {usable.map((p) => (
            <option key={p.id} value={p.name} />
          ))}
        </datalist>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <div>
          <label htmlFor="t-quantity" className="field-label">
            Quantity
          </label>
          <input
            id="t-quantity"
            className="field"
            inputMode="decimal"
            value={form.quantity}
            onChange={set('quantity')}
          />
        </div>
        <div>
          <label htmlFor="t-unit" className="field-label">
            Unit
          </label>
          <select id="t-unit" className="field" value={form.unit} onChange={set('unit')}>
            {UNITS.map((u) => (
              <option key={u}>{u}</option>
            ))}
          </select>
        </div>
      </div>
      <TextField
        id="t-pest"
        label="Target pest"
        value={form.pest}
        onChange={set('pest')}
        placeholder="e.g. Cockroaches"
      />
      <TextField
        id="t-area"
        label="Area"
        value={form.area}
        onChange={set('area')}
        placeholder="e.g. Kitchen"
      />
      <TextField id="t-method" label="Method" list="t-methods" value={form.method} onChange={set('method')} />
      <datalist id="t-methods">
        {METHODS.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <button type="button" className="btn-secondary flex-1" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn-primary flex-1">
          Save treatment
        </button>
      </div>
    </form>
  )
}
