import { useEffect, useRef } from 'react'

/**
 * For an inline form that replaces the button that opened it: when `open` turns false, focus goes back to
 * the element the returned ref is on (or the first button or link inside it), instead of being dropped on
 * the page's body with the form that had it.
 */
export function useFocusWhenClosed<T extends HTMLElement>(open: boolean) {
  const ref = useRef<T>(null)
  const wasOpen = useRef(open)
  useEffect(() => {
    if (wasOpen.current && !open) {
      const element = ref.current
      const control = element?.matches('button, a[href]')
        ? element
        : element?.querySelector<HTMLElement>('button:not([disabled]), a[href]')
      ;(control ?? element)?.focus()
    }
    wasOpen.current = open
  }, [open])
  return ref
}
