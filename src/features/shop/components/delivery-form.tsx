import { type DeliveryRequest } from '../../../../contract/delivery.js'
import { StateSelect } from '../../../components/state-select'
import { Field } from '../../../components/ui/field'
import { textBinder } from '../../../components/ui/use-form-fields'

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
  const bind = textBinder(value, (key, typed) => onChange({ ...value, [key]: typed }))
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold text-slate-900">Where should we deliver?</legend>
      {FIELDS.map(({ key, label, autoComplete, hint }) => (
        <Field
          key={key}
          id={`delivery-${key}`}
          label={label}
          hint={hint}
          error={errors[key]}
          className={key === 'address' ? 'sm:col-span-2' : undefined}
        >
          <input
            className="field"
            autoComplete={autoComplete}
            type={key === 'phone_number' ? 'tel' : 'text'}
            inputMode={key === 'phone_number' ? 'tel' : undefined}
            {...bind(key)}
          />
        </Field>
      ))}
      <Field id="delivery-state" label="State" error={errors.state}>
        <StateSelect {...bind('state')} />
      </Field>
    </fieldset>
  )
}
