/**
 * The server entry of the build's prerender (scripts/prerender.ts): renders one public route to HTML as the
 * browser's first render will produce it (anonymous visitor, no data yet), waiting for every lazy page, so
 * start-app.tsx can hydrate it without a change. The build runs the app on Preact (scripts/preact-alias.ts):
 * its renderer marks what a lazy part rendered, and the browser keeps that HTML until the part's code is in.
 */
import { renderToStringAsync } from 'preact-render-to-string'
import { StaticRouter } from 'react-router'
import { takePrerenderedHead } from '../components/ui/page-meta'
import { AppTree } from './app-tree'

export interface PrerenderedRoute {
  html: string
  /** The route's <title> and description (its PageMeta), for the page's <head>. */
  head: { title: string; description?: string } | null
}

export async function renderRoute(url: string): Promise<PrerenderedRoute> {
  takePrerenderedHead()
  const html = await renderToStringAsync(
    <AppTree router={({ children }) => <StaticRouter location={url}>{children}</StaticRouter>} />,
  )
  return { html, head: takePrerenderedHead() }
}
