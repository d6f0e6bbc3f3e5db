/**
 * After a submit that found mistakes: moves the keyboard focus to the first field marked aria-invalid in the
 * form (or dialog) `from` is in, so a screen reader reads that field, its error and a keyboard user can fix
 * it at once; without it, focus stays on the button and nothing is announced. Runs on the next frame, once
 * React has drawn the error state the caller has just set.
 */
export function focusFirstInvalid(from: Element | null | undefined) {
  const scope = from?.closest('form, dialog') ?? from
  if (!scope) return
  requestAnimationFrame(() => {
    const field = scope.querySelector<HTMLElement>('[aria-invalid="true"]')
    if (!field) return
    field.focus()
    field.scrollIntoView?.({ block: 'center' })
  })
}
