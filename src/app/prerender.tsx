/**
 * The server entry of the build's prerender (scripts/prerender.ts): renders one public route to HTML with
 * React's static renderer, which waits for every lazy page, as the browser's first render will produce it
 * (anonymous visitor, no data yet), so main.tsx can hydrate it without a change.
 */
import { StrictMode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom'
import { QueryClientProvider } from '@tanstack/react-query'
import { ClientOnlyError } from '../lib/client-only'
import { createQueryClient } from './query-client'
import { AppErrorBoundary } from './route-error'
import { routes } from './router'

export async function renderRoute(url: string): Promise<string> {
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request(new URL(url, 'http://localhost')))
  if (context instanceof Response) throw new Error(`${url}: the route table answered a redirect`)
  const router = createStaticRouter(handler.dataRoutes, context)
  const errors: unknown[] = []
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppErrorBoundary>
        <QueryClientProvider client={createQueryClient()}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </QueryClientProvider>
      </AppErrorBoundary>
    </StrictMode>,
    {
      onError(error) {
        if (error instanceof ClientOnlyError) return ClientOnlyError.digest
        errors.push(error)
      },
    },
  )
  let html = ''
  for await (const chunk of prelude) html += String(chunk)
  if (errors.length) throw new AggregateError(errors, `${url} failed to prerender`)
  return html
}
