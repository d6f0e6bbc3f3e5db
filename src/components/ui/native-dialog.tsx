import { useEffect, useRef, type ComponentPropsWithoutRef, type ReactNode } from 'react'

type DialogProps = Omit<ComponentPropsWithoutRef<'dialog'>, 'open' | 'onClose' | 'onCancel' | 'onClick'>

/**
 * The native modal <dialog> that Modal and the slide-in menus are built on: showModal() keeps focus inside,
 * makes the page inert and closes on Escape, so no focus-trap library is needed. Escape and a click on the
 * backdrop call onClose; the content is rendered only while open. Focus goes back to what had it when the
 * dialog opened (the button that opened it), also when the dialog is unmounted while open.
 */
export function NativeDialog({
  open,
  onClose,
  children,
  ...dialogProps
}: DialogProps & { open: boolean; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      dialog.showModal()
    }
    if (!open && dialog.open) {
      dialog.close()
      returnFocus(opener)
    }
  }, [open])
  useEffect(() => () => returnFocus(opener), [])
  return (
    <dialog
      ref={ref}
      {...dialogProps}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault()
        onClose()
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose() // a click or tap on the backdrop
      }}
    >
      {open && children}
    </dialog>
  )
}

function returnFocus(opener: { current: HTMLElement | null }) {
  const element = opener.current
  opener.current = null
  if (element?.isConnected) element.focus()
}
