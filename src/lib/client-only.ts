/**
 * Parts of the page that only the browser can render (they need window, IndexedDB, or a deliberate wait)
 * are skipped when the build prerenders the public routes to HTML: their lazy loader rejects with this
 * error on the server, React puts the nearest Suspense fallback into the HTML, and the browser renders
 * the part itself after hydration (React's documented way to keep a part client-only).
 */
export class ClientOnlyError extends Error {
  /** Sent to the browser as the boundary's digest, so hydration knows this was on purpose. */
  static readonly digest = 'client-only'
  constructor() {
    super('Rendered in the browser only')
    this.name = 'ClientOnlyError'
  }
}

export const isServer = () => typeof window === 'undefined'

/** A lazy() loader that loads in the browser and declines on the server. */
export function inBrowserOnly<T>(load: () => Promise<T>): () => Promise<T> {
  return () => (isServer() ? Promise.reject(new ClientOnlyError()) : load())
}
