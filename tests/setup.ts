import '@testing-library/jest-dom/vitest'
import { configure } from '@testing-library/dom'

// Screens load as lazy chunks (as in the app): on a busy 2-core CI machine the first find can take
// longer than the 1 s default. A real wait, not a weaker check: every assertion stays the same.
configure({ asyncUtilTimeout: 5000 })

// The one jsdom set-up, for every test file that runs in jsdom (node tests skip it).
if (typeof window !== 'undefined' && typeof HTMLDialogElement !== 'undefined') {
  // jsdom does not scroll.
  window.scrollTo = () => {}
  // jsdom has <dialog> but not showModal/close.
  if (!HTMLDialogElement.prototype.showModal) {
    HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
      this.setAttribute('open', '')
    }
    HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
      if (!this.hasAttribute('open')) return
      this.removeAttribute('open')
      this.dispatchEvent(new Event('close'))
    }
  }
}
