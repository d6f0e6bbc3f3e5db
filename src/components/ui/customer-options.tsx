import { Field } from './field'

type Customer = { id: number; full_name: string; username: string }

/**
 * A form's Customer field (a plan's, a blank invoice's): first the empty choice, which says so while the list
 * loads, then each account by name with its username, as two customers can share a name.
 */
export function CustomerSelect({
  id,
  error,
  value,
  onChange,
  customers,
  choose,
}: {
  id: string
  error?: string | null
  value: string
  onChange: (value: string) => void
  /** The customers' query. */
  customers: { data?: readonly Customer[]; isPending: boolean }
  /** The empty choice's words: "Choose a customer". */
  choose: string
}) {
  return (
    <Field id={id} label="Customer" error={error}>
      <select className="field" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{customers.isPending ? 'Loading customers…' : choose}</option>
        {customers.data?.map((u) => (
          <option key={u.id} value={u.id}>
            {u.full_name || u.username} ({u.username})
          </option>
        ))}
      </select>
    </Field>
  )
}
