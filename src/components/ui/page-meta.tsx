import { createContext, useContext, useId, useLayoutEffect, type ReactNode } from 'react'
import { isServer } from '../../lib/client-only'

export const SITE_NAME = 'GreenShield'

interface Head {
  title: string
  description?: string
}
type Named = Head & { depth: number }

/**
 * Each route names itself in tabs, history and search results. Routes nest (a "No access" page inside a
 * route that has its own title), so the deepest PageMeta on screen wins. Written into <head> by hand rather
 * than rendered as <title>: the build runs on Preact, which does not hoist <title> as React 19 does.
 */
const Depth = createContext(0)
const onScreen = new Map<string, Named>()

function writeHead() {
  let deepest: Named | undefined
  for (const named of onScreen.values()) if (!deepest || named.depth >= deepest.depth) deepest = named
  if (!deepest) return
  document.title = deepest.title
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')
  if (!meta) {
    meta = document.createElement('meta')
    meta.name = 'description'
    document.head.append(meta)
  }
  // A route without a description of its own shows the site's (index.html's), kept on the element before
  // the first route replaces it. A prerendered page's <meta> has it already, beside its route's own.
  meta.dataset.siteDescription ??= meta.content
  meta.content = deepest.description ?? meta.dataset.siteDescription
}

/** What the build's prerender writes into the page's <head>: the deepest PageMeta of the route it rendered. */
let prerendered: Named | null = null
/** Read (and forgotten) by src/app/prerender.tsx after each route. */
export function takePrerenderedHead(): Head | null {
  const head = prerendered
  prerendered = null
  return head
}

export function PageMeta({
  title,
  description,
  children,
}: {
  title: string
  description?: string
  children?: ReactNode
}) {
  const depth = useContext(Depth) + 1
  const id = useId()
  const fullTitle = `${title} | ${SITE_NAME}`
  if (isServer() && (!prerendered || depth >= prerendered.depth))
    prerendered = { title: fullTitle, description, depth }
  useLayoutEffect(() => {
    onScreen.set(id, { title: fullTitle, description, depth })
    writeHead()
    return () => {
      onScreen.delete(id)
      writeHead()
    }
  }, [id, fullTitle, description, depth])
  return <Depth.Provider value={depth}>{children}</Depth.Provider>
}
