/** Ask before acting, and show the answer: the back office's confirm and result dialogs. */
import { useState, type ReactNode } from 'react'
import { DialogActions, Modal } from './modal'
import { errorMessage } from '../../lib/api-client'
import { FormError } from './form-actions'

/**
 * The row a confirm dialog asks about, and the failure to show in it. ask() opens the dialog afresh;
 * dialog() gives the ConfirmDialog its props: open while there is a row, and on yes the action runs and
 * closes it on success, or keeps it open with the server's message.
 */
export function useConfirmAction<T>() {
  const [target, setTarget] = useState<T | null>(null)
  const [error, setError] = useState('')
  function cancel() {
    setTarget(null)
    setError('')
  }
  async function confirm(action: (target: T) => Promise<unknown>) {
    if (target === null) return
    setError('')
    try {
      await action(target)
      setTarget(null)
    } catch (err) {
      setError(errorMessage(err, 'An error occurred, try again later'))
    }
  }
  return {
    target,
    ask(next: T) {
      setError('')
      setTarget(next)
    },
    dialog: (action: (target: T) => Promise<unknown>, busy: boolean) => ({
      open: target !== null,
      busy,
      error,
      onConfirm: () => void confirm(action),
      onCancel: cancel,
    }),
  }
}

/** A yes/no question; `error` is the server's answer when the action failed (shown in the dialog). */
export function ConfirmDialog({
  open,
  title,
  message,
  error,
  onCancel,
  ...actions
}: {
  open: boolean
  title: string
  message: ReactNode
  confirmLabel: string
  busyLabel: string
  cancelLabel?: string
  busy: boolean
  error?: string
  danger?: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      size="sm"
      footer={<DialogActions {...actions} onCancel={onCancel} cancelWhileBusy />}
    >
      <p className="text-slate-700">{message}</p>
      <FormError className="mt-3 text-sm text-red-700" message={error} />
    </Modal>
  )
}

/** A server's answer in a modal with Close (the answers of settings and password saves). */
export function ResultDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Modal open={message !== null} title="Settings" onClose={onClose} size="sm" closeButton>
      <p role="status" className="text-slate-700">
        {message}
      </p>
    </Modal>
  )
}
