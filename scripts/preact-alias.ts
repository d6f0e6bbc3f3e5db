import { createRequire } from 'node:module'
import path from 'node:path'

/**
 * react-router's package points every import condition at its development build (dev warnings on; an
 * open upstream issue, remix-run/react-router#14102). Its production build sits beside it.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
)

/**
 * The browser build runs the app on Preact (preact/compat, about 4 KB against react-dom's 55 KB compressed):
 * the same React API, a tenth of the script a phone downloads, parses and runs before a page answers a tap.
 * The prerender renders with it too, so the HTML and the browser's first render agree (ids, markup).
 */
export const PREACT_ALIAS = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-router$/, replacement: reactRouterProduction },
]
