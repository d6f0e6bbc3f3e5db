import { useId, type MouseEvent, type ReactNode } from 'react'
import { X } from 'lucide-react'
import { NativeDialog } from './native-dialog'

interface ModalProps {
  open: boolean
  title: ReactNode
  onClose: () => void
  children: ReactNode
  /** Buttons row under the content. */
  footer?: ReactNode
  /** The footer is one Close button, doing what the corner's close button does. */
  closeButton?: boolean
  size?: 'sm' | 'md' | 'lg'
  /** Where focus goes on closing when the opener is gone or disabled (see NativeDialog). */
  returnFocusTo?: () => HTMLElement | null | undefined
}

/** An accessible dialog with a title, a close button and an optional row of buttons. */
export function Modal({
  open,
  title,
  onClose,
  children,
  footer,
  closeButton,
  size = 'md',
  returnFocusTo,
}: ModalProps) {
  // Unique per dialog: a dialog opened over another must not take the first one's title.
  const titleId = useId()
  const width = size === 'sm' ? 'max-w-sm' : size === 'lg' ? 'max-w-3xl' : 'max-w-lg'
  const buttons = closeButton ? (
    <button type="button" className="btn-primary" onClick={onClose}>
      Close
    </button>
  ) : (
    footer
  )
  return (
    <NativeDialog
      open={open}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      aria-labelledby={titleId}
      className={`m-auto w-[calc(100%-2rem)] ${width} rounded-2xl bg-white p-0 text-slate-900 shadow-2xl`}
    >
      <div className="p-6">
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="rounded-md p-1 text-slate-500 hover:bg-slate-100"
            aria-label="Close dialog"
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>
        <div>{children}</div>
        {buttons && <div className="mt-6 flex flex-wrap justify-end gap-3">{buttons}</div>}
      </div>
    </NativeDialog>
  )
}

/**
 * A dialog's footer for an action that takes a moment: Cancel and the action, the action saying `busyLabel`
 * and disabled while it runs (and Cancel too, unless `cancelWhileBusy`).
 */
export function DialogActions({
  onCancel,
  cancelLabel = 'Cancel',
  onConfirm,
  confirmLabel,
  busyLabel,
  busy,
  danger,
  disabled,
  cancelWhileBusy,
}: {
  onCancel: () => void
  cancelLabel?: string
  /** Given the click, e.g. to find the dialog's first invalid field from the button. */
  onConfirm: (e: MouseEvent<HTMLButtonElement>) => void
  confirmLabel: string
  busyLabel: string
  busy: boolean
  /** A destructive action (delete, revoke): the red button. */
  danger?: boolean
  /** The action cannot be taken yet (nothing chosen), busy or not. */
  disabled?: boolean
  /** Cancel stays usable while the action runs: closing the dialog does not stop it. */
  cancelWhileBusy?: boolean
}) {
  return (
    <>
      <button type="button" className="btn-secondary" onClick={onCancel} disabled={busy && !cancelWhileBusy}>
        {cancelLabel}
      </button>
      <button
        type="button"
        className={danger ? 'btn-danger' : 'btn-primary'}
        onClick={onConfirm}
        disabled={busy || disabled}
      >
        {busy ? busyLabel : confirmLabel}
      </button>
    </>
  )
}
