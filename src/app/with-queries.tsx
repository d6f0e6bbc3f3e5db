import { createElement, lazy, type ComponentProps, type ComponentType } from 'react'

/**
 * lazy() for a page or panel that reads the API: loads it together with the query cache
 * (./query-provider.tsx) and renders it inside the cache's provider.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy's
export function lazyWithQueries<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(async () => {
    const [{ default: Inner }, { QueryProvider }] = await Promise.all([load(), import('./query-provider')])
    const WithQueries = (props: ComponentProps<T>) => (
      <QueryProvider>{createElement(Inner, props)}</QueryProvider>
    )
    return { default: WithQueries }
  })
}
