import { lazy, Suspense, type ComponentType } from 'react'

/**
 * A part of a prerendered page that the browser hydrates in a task of its own, after the rest of the page.
 * Preact hydrates a tree in one go, and on a slow phone one long task is time a tap waits for (Lighthouse's
 * Total Blocking Time adds up every task's time over 50 ms). Meant for what is below the fold: its HTML
 * stays on screen meanwhile, as Preact keeps a waiting lazy part's prerendered DOM. The prerender renders
 * the same wrapper (it waits for lazy parts), so the two trees, and the ids useId gives, agree. Once in, the
 * part renders at once wherever it is used again.
 * For hydration only: a part the browser renders itself would appear a task late, moving what follows it,
 * and nested in a lazy part that has just loaded it made Preact swap that part in over two frames (a layout
 * shift). A client-rendered page shows its lower part a task later with state instead (home-content.tsx).
 */
export function hydrateLater<P extends object>(Part: ComponentType<P>): ComponentType<P> {
  const Later = lazy(
    () =>
      new Promise<{ default: ComponentType<P> }>((resolve) => setTimeout(() => resolve({ default: Part }))),
  )
  function HydratedLater(props: P) {
    return (
      <Suspense fallback={null}>
        <Later {...props} />
      </Suspense>
    )
  }
  return HydratedLater
}
