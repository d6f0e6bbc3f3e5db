/**
 * The app's one query cache (react-query), loaded with the first page or panel that reads the API rather
 * than with every page: the marketing pages and the public shell (top bar, footer) read none, and a first
 * visit to them skips the library (about 10 KB of JavaScript before the first tap). Pages and panels that
 * do read it are lazy-loaded through lazyWithQueries (./with-queries.tsx).
 */
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query'
import { useContext, type ReactNode } from 'react'
import { isServer } from '../lib/client-only'
import { createQueryClient, dropPrivateDataOnUserChange } from './query-client'

export const queryClient = createQueryClient()
// Nothing is cached before this module loads, so nothing of a previous user can be missed.
if (!isServer()) dropPrivateDataOnUserChange(queryClient)

/** Provides the app's cache, unless a cache is provided already (a test's own, or an outer page's). */
export function QueryProvider({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext)
  if (outer) return children
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
}
