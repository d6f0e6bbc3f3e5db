import type { ChangeEvent } from 'react'
import { type DeliveryRequest } from '../../../../contract/delivery.js'
import { NIGERIAN_STATES } from '../../../../contract/nigerian-states.js'

export type DeliveryForm = Required<DeliveryRequest>
export type DeliveryErrors = Partial<Record<keyof DeliveryForm, string>>

const FIELDS: {
  key: Exclude<keyof DeliveryForm, 'state'>
  label: string
  autoComplete: string
  hint?: string
}[] = [
  { key: 'name', label: 'Name', autoComplete: 'name' },
  { key: 'phone_number', label: 'Phone number', autoComplete: 'tel' },
  { key: 'address', label: 'Address', autoComplete: 'street-address' },
  {
    key: 'landmark',
    label: 'Landmark (optional)',
    autoComplete: 'off',
    hint: 'e.g. opposite the First Bank',
  },
  { key: 'city', label: 'City / town', autoComplete: 'address-level2' },
]

/** Checkout's delivery step: who receives the goods, and where. Errors sit under their fields. */
export function DeliveryFields({
  value,
  errors,
  onChange,
}: {
  value: DeliveryForm
  errors: DeliveryErrors
  onChange: (next: DeliveryForm) => void
}) {
  const set = (key: keyof DeliveryForm) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    onChange({ ...value, [key]: e.target.value })
  const describedBy = (key: keyof DeliveryForm, hint?: string) =>
    [errors[key] ? `delivery-${key}-error` : '', hint ? `delivery-${key}-hint` : '']
      .filter(Boolean)
      .join(' ') || undefined
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold text-slate-900">Where should we deliver?</legend>
      {FIELDS.map(({ key, label, autoComplete, hint }) => (
        <div key={key} className={key === 'address' ? 'sm:col-span-2' : undefined}>
          <label htmlFor={`delivery-${key}`} className="field-label">
            {label}
          </label>
          <input
            id={`delivery-${key}`}
            className="field"
            autoComplete={autoComplete}
            type={key === 'phone_number' ? 'tel' : 'text'}
            inputMode={key === 'phone_number' ? 'tel' : undefined}
            value={value[key]}
            onChange={set(key)}
            aria-invalid={!!errors[key]}
            aria-describedby={describedBy(key, hint)}
          />
          {hint && (
            <p id={`delivery-${key}-hint`} className="mt-1 text-xs text-slate-500">
              {hint}
            </p>
          )}
          {errors[key] && (
            <p id={`delivery-${key}-error`} className="mt-1 text-sm text-red-600">
              {errors[key]}
            </p>
          )}
        </div>
      ))}
      <div>
        <label htmlFor="delivery-state" className="field-label">
          State
        </label>
        <select
          id="delivery-state"
          className="field"
          autoComplete="address-level1"
          value={value.state}
          onChange={set('state')}
          aria-invalid={!!errors.state}
          aria-describedby={describedBy('state')}
        >
          <option value="">Choose a state</option>
          {NIGERIAN_STATES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        {errors.state && (
          <p id="delivery-state-error" className="mt-1 text-sm text-red-600">
            {errors.state}
          </p>
        )}
      </div>
    </fieldset>
  )
}
