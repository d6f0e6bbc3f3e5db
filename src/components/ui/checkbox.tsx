import type { InputHTMLAttributes, ReactNode } from 'react'

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> {
  /** The words beside the box, which are its accessible name. */
  label: ReactNode
  /** Classes for the label that holds the box and the words. */
  className?: string
  /** Classes for the box itself. */
  boxClassName?: string
}

/** A checkbox inside its label, so that a tap on the words ticks it too; the input's props go to the box. */
export function Checkbox({
  label,
  className = 'flex items-center gap-2 text-sm text-slate-700',
  boxClassName = 'size-4 accent-brand-700',
  ...input
}: CheckboxProps) {
  return (
    <label className={className}>
      <input type="checkbox" className={boxClassName} {...input} />
      {label}
    </label>
  )
}
