import type { ReactNode } from 'react'

/** The line that says why a form was not sent; nothing while there is no message. */
export function FormError({
  message,
  className = 'text-sm text-red-700',
}: {
  message?: ReactNode
  /** Classes for the line, where a page's forms set it in their own style. */
  className?: string
}) {
  if (!message) return null
  return (
    <p role="alert" className={className}>
      {message}
    </p>
  )
}

interface FormActionsProps {
  /** Why the last send failed, on its own line above the buttons (FormError); nothing while there is none. */
  error?: ReactNode
  /** Classes for that line, where a page's forms set it in their own style. */
  errorClassName?: string
  onCancel: () => void
  cancelLabel?: string
  /** True while the form is being sent: the submit button is then disabled. */
  pending: boolean
  submitLabel: ReactNode
  /** What the submit button says while pending; left out, it keeps its label. */
  pendingLabel?: string
  /** Classes for the row of buttons. */
  className?: string
  /** Classes added to both buttons (e.g. flex-1 to share the row). */
  buttonClassName?: string
}

/**
 * A form's Cancel and submit buttons, the submit one disabled while the form is being sent, under the line
 * that says why the last send failed.
 */
export function FormActions({
  error,
  errorClassName,
  onCancel,
  cancelLabel = 'Cancel',
  pending,
  submitLabel,
  pendingLabel,
  className = 'flex justify-end gap-3',
  buttonClassName,
}: FormActionsProps) {
  const extra = buttonClassName ? ` ${buttonClassName}` : ''
  return (
    <>
      <FormError message={error} className={errorClassName} />
      <div className={className}>
        <button type="button" className={`btn-secondary${extra}`} onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="submit" className={`btn-primary${extra}`} disabled={pending}>
          {pending && pendingLabel ? pendingLabel : submitLabel}
        </button>
      </div>
    </>
  )
}

/** How the last send of a form went. */
export type FormResult = { ok: boolean; text: string } | null

/**
 * The line that reports how the last send went: read out politely when it worked, at once when it did not.
 * Kept in the page while empty so that the first message is announced too.
 */
export function ResultLine({
  result,
  id,
  className = 'text-sm',
  okClassName = 'text-brand-700',
  errorClassName = 'text-red-600',
}: {
  result: FormResult
  id?: string
  /** Classes for the line whatever the result. */
  className?: string
  okClassName?: string
  errorClassName?: string
}) {
  return (
    <p
      id={id}
      role={result && !result.ok ? 'alert' : 'status'}
      className={`${className} ${result?.ok ? okClassName : errorClassName}`}
    >
      {result?.text}
    </p>
  )
}

/** A settings form's Save button, with the line saying how the last save went beside it. */
export function SaveRow({
  label,
  pending,
  result,
  className = 'flex flex-wrap items-center gap-3',
}: {
  label: string
  pending: boolean
  result: FormResult
  className?: string
}) {
  return (
    <div className={className}>
      <button type="submit" className="btn-primary" disabled={pending}>
        {pending ? 'Saving...' : label}
      </button>
      <ResultLine result={result} />
    </div>
  )
}
