import '@testing-library/jest-dom/vitest'

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
