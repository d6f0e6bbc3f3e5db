import { cloneElement, useId, type ReactElement, type ReactNode } from 'react'

/** What a Field hands its control: the ids and states that tie it to the label, the hint and the error. */
export interface FieldControlProps {
  id: string
  'aria-invalid'?: true
  'aria-describedby'?: string
}

interface FieldProps {
  /** The control's id; the hint and error ids are made from it. Left out, one is made up. */
  id?: string
  /** The visible label, which is the control's accessible name. */
  label: string
  /** A line under the control that says what to type. */
  hint?: ReactNode
  /** The mistake to fix, shown under the control; the control is then marked invalid. */
  error?: string | null
  /** Classes for the wrapper (e.g. a grid span). */
  className?: string
  /** Classes for the label, where a compact row needs a smaller one than the forms' usual label. */
  labelClassName?: string
  /**
   * The control: an input, select or textarea (it is given the props above), or, when the control sits
   * inside other markup, a function that spreads them where they belong.
   */
  children: ReactElement<Partial<FieldControlProps>> | ((control: FieldControlProps) => ReactNode)
}

/**
 * One labelled form control with its hint and error. The error comes first in the control's description so
 * a screen reader reads what is wrong before the hint; focusFirstInvalid finds it by aria-invalid.
 */
export function Field({
  id: given,
  label,
  hint,
  error,
  className,
  labelClassName = 'field-label',
  children,
}: FieldProps) {
  const made = useId()
  const id = given ?? made
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined
  const control: FieldControlProps = {
    id,
    ...(error ? { 'aria-invalid': true as const } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  }
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {typeof children === 'function' ? children(control) : withControl(children, control)}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  )
}

/** Gives the element the Field's props, keeping any description of its own after the Field's. */
function withControl(element: ReactElement<Partial<FieldControlProps>>, control: FieldControlProps) {
  const own = element.props['aria-describedby']
  const describedBy = [control['aria-describedby'], own].filter(Boolean).join(' ') || undefined
  return cloneElement(element, { ...control, 'aria-describedby': describedBy })
}
