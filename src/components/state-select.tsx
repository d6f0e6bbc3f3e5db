import type { ChangeEventHandler } from 'react'
import { NIGERIAN_STATES } from '../../contract/nigerian-states.js'
import type { FieldControlProps } from './ui/field'
import { Options } from './ui/options'

/** The choice of Nigerian state for an address; put inside a Field, which gives it its id and description. */
export function StateSelect({
  value,
  onChange,
  ...control
}: { value: string; onChange: ChangeEventHandler<HTMLSelectElement> } & Partial<FieldControlProps>) {
  return (
    <select className="field" autoComplete="address-level1" value={value} onChange={onChange} {...control}>
      <option value="">Choose a state</option>
      <Options values={NIGERIAN_STATES} />
    </select>
  )
}
