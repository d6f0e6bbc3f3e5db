/**
 * A ref that moves the focus to its element when the element appears (a form opened by a button). Not the
 * autoFocus prop: the build runs on Preact, which writes it as the HTML attribute, and a browser honours
 * that attribute once per page load only.
 */
export const focusOnMount = (element: HTMLElement | null) => {
  element?.focus()
}
