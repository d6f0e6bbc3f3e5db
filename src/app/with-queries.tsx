import { createElement, lazy, type ComponentProps, type ComponentType } from 'react'

let queryProvider: typeof import('./query-provider') | undefined
const loadQueryProvider = () => import('./query-provider').then((module) => (queryProvider = module))

/** The app's query cache once a page or panel that reads the API has loaded it; until then, none. */
export const loadedQueryClient = () => queryProvider?.queryClient

/**
 * lazy() for a page or panel that reads the API: loads it together with the query cache
 * (./query-provider.tsx) and renders it inside the cache's provider.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy's
export function lazyWithQueries<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(async () => {
    const [{ default: Inner }, { QueryProvider }] = await Promise.all([load(), loadQueryProvider()])
    const WithQueries = (props: ComponentProps<T>) => (
      <QueryProvider>{createElement(Inner, props)}</QueryProvider>
    )
    return { default: WithQueries }
  })
}
