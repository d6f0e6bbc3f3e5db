import { useEffect, useRef, type ComponentPropsWithoutRef, type ReactNode } from 'react'

type DialogProps = Omit<ComponentPropsWithoutRef<'dialog'>, 'open' | 'onClose' | 'onCancel' | 'onClick'>

/**
 * The native modal <dialog> that Modal and the slide-in menus are built on: showModal() keeps focus inside,
 * makes the page inert and closes on Escape, so no focus-trap library is needed. Escape and a click on the
 * backdrop call onClose; the content is rendered only while open. Focus goes back to what had it when the
 * dialog opened (the button that opened it), also when the dialog is unmounted while open. When that element
 * is gone or cannot take focus (a menu item of a closed menu, a button disabled meanwhile), it goes to
 * `returnFocusTo` (e.g. the menu's button), else to the page's main region: never lost on the body.
 */
export function NativeDialog({
  open,
  onClose,
  children,
  returnFocusTo,
  ...dialogProps
}: DialogProps & {
  open: boolean
  onClose: () => void
  children: ReactNode
  returnFocusTo?: () => HTMLElement | null | undefined
}) {
  const ref = useRef<HTMLDialogElement>(null)
  // Set while the dialog is open: where focus goes back to when it closes.
  const opener = useRef<{ element: HTMLElement | null } | null>(null)
  const fallback = useRef(returnFocusTo)
  fallback.current = returnFocusTo
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      opener.current = {
        element: document.activeElement instanceof HTMLElement ? document.activeElement : null,
      }
      dialog.showModal()
    }
    if (!open && dialog.open) {
      dialog.close()
      returnFocus(opener, fallback.current)
    }
  }, [open])
  useEffect(() => () => returnFocus(opener, fallback.current), [])
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

function returnFocus(
  opener: { current: { element: HTMLElement | null } | null },
  fallback: (() => HTMLElement | null | undefined) | undefined,
) {
  const pending = opener.current
  opener.current = null
  if (!pending) return
  const candidates = [pending.element, fallback?.(), document.getElementById('main')]
  for (const element of candidates) {
    if (!element?.isConnected || element === document.body) continue
    element.focus()
    if (document.activeElement === element) return
  }
}
