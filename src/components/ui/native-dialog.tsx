import { useEffect, useRef, type ComponentPropsWithoutRef, type ReactNode } from 'react'

type DialogProps = Omit<ComponentPropsWithoutRef<'dialog'>, 'open' | 'onClose' | 'onCancel' | 'onClick'>

/**
 * The native modal <dialog> that Modal and the slide-in menus are built on: showModal() keeps focus inside,
 * makes the page inert and closes on Escape, so no focus-trap library is needed. Escape and a click on the
 * backdrop call onClose; the content is rendered only while open.
 */
export function NativeDialog({
  open,
  onClose,
  children,
  ...dialogProps
}: DialogProps & { open: boolean; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
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
