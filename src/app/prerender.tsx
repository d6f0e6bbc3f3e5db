/**
 * The server entry of the build's prerender (scripts/prerender.ts): renders one public route to HTML with
 * React's static renderer, which waits for every lazy page, as the browser's first render will produce it
 * (anonymous visitor, no data yet), so start-app.tsx can hydrate it without a change.
 */
import { prerenderToNodeStream } from 'react-dom/static'
import { StaticRouter } from 'react-router'
import { ClientOnlyError } from '../lib/client-only'
import { AppTree } from './app-tree'

/**
 * Twice: the first pass loads every lazy page and component, so in the second nothing suspends and each
 * Suspense boundary is written in place. (A boundary that suspends, or a large one, is written as its
 * fallback plus a hidden copy swapped in by an inline script: the footer would paint first and then
 * move, CLS 0.4.)
 */
export async function renderRoute(url: string): Promise<string> {
  await renderOnce(url)
  const html = await renderOnce(url)
  const waiting = html.match(/.{0,400}<template id="B:\d+"/)
  if (waiting) throw new Error(`${url}: a Suspense boundary still waited in the second pass: ${waiting[0]}`)
  return html
}

async function renderOnce(url: string): Promise<string> {
  const errors: unknown[] = []
  const { prelude } = await prerenderToNodeStream(
    <AppTree router={({ children }) => <StaticRouter location={url}>{children}</StaticRouter>} />,
    {
      // Never split a large page into a fallback and a later swap: the HTML is final, not streamed.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
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
