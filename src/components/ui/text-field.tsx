import type { InputHTMLAttributes, ReactNode } from 'react'
import { Field } from './field'

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string
  label: string
  hint?: ReactNode
  error?: string | null
}

/** A Field holding a plain input: the short way to write the commonest control. */
export function TextField({ id, label, hint, error, className = 'field', ...input }: TextFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input className={className} {...input} />
    </Field>
  )
}
