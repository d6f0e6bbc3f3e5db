import type { ComponentProps, ComponentType, JSXElementConstructor } from 'react'

export const isServer = () => typeof window === 'undefined'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React's lazy()
type AnyComponent = JSXElementConstructor<any>

/**
 * A lazy() loader for a part of the page only the browser can render (it needs window, IndexedDB, or a
 * deliberate wait). The build's prerender writes `onServer` in its place (what the browser shows while the
 * part loads: the Suspense fallback), and the browser renders the part itself once its code is in.
 */
export function inBrowserOnly<T extends AnyComponent>(
  load: () => Promise<{ default: T }>,
  onServer: ComponentType<ComponentProps<T>> = () => null,
): () => Promise<{ default: T | ComponentType<ComponentProps<T>> }> {
  return () => (isServer() ? Promise.resolve({ default: onServer }) : load())
}
