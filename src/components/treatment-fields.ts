/**
 * A treatment's fields as a person corrects them: the technician's refused treatment on the phone and
 * the office's correction in the back office use the same ones.
 */
import type { EditableField } from '../offline/kinds'

export const TREATMENT_FIELDS: EditableField[] = [
  { path: 'product_name', label: 'Product' },
  { path: 'quantity', label: 'Quantity', type: 'number' },
  { path: 'unit', label: 'Unit' },
  { path: 'target_pest', label: 'Target pest' },
  { path: 'area', label: 'Area' },
  { path: 'method', label: 'Method' },
]

export const TREATMENT_CORRECTION_FIELDS: EditableField[] = [
  ...TREATMENT_FIELDS,
  { path: 'reason', label: 'Reason for the correction' },
]
