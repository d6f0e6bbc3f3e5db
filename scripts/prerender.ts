/**
 * Build step (a Vite plugin, vite.config.ts): after the client bundle is written and before the service
 * worker's precache list is made, renders each public route to HTML (src/app/prerender.tsx, built for
 * Node on the spot) and writes it into the build, so the first paint needs no JavaScript
 * (DESIGN.md "Fast on a 3G phone"):
 *   /            -> index.html (the home page's loading placeholder, SPEC section 9)
 *   /about, ...  -> about.html, ... (the server and the service worker map /about to about.html)
 *   every other route (/book, /admin/...) -> app.html, the empty shell the browser renders alone.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'

export const PRERENDERED_ROUTES = [
  '/',
  '/about',
  '/services',
  '/products',
  '/blog',
  '/contact',
  '/login',
  '/sign',
]
/** The empty shell for the routes not prerendered (the server's and the service worker's fallback). */
export const SHELL_FILE = 'app.html'

const ROOT_DIV = '<div id="root"></div>'
export const fileForRoute = (route: string) => (route === '/' ? 'index.html' : `${route.slice(1)}.html`)

async function buildRenderer(root: string) {
  const outDir = path.join(root, '.vite/prerender')
  await build({
    configFile: false,
    root,
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    build: { ssr: 'src/app/prerender.tsx', outDir, emptyOutDir: true, target: 'node20' },
  })
  // No cache-busting query: the entry's own chunks import it back by its plain URL (one module instance).
  return (await import(pathToFileURL(path.join(outDir, 'prerender.js')).href)) as {
    renderRoute: (url: string) => Promise<string>
  }
}

export function prerender(): Plugin {
  return {
    name: 'prerender-public-routes',
    apply: 'build',
    closeBundle: {
      // Before vite-plugin-pwa's closeBundle, so the prerendered pages are in the precache manifest.
      order: 'pre',
      sequential: true,
      async handler() {
        const config = this.environment.config
        if (config.build.ssr) return
        const outDir = path.resolve(config.root, config.build.outDir)
        const shell = await fs.readFile(path.join(outDir, 'index.html'), 'utf8')
        if (!shell.includes(ROOT_DIV)) throw new Error(`index.html has no ${ROOT_DIV} to prerender into`)
        await fs.writeFile(path.join(outDir, SHELL_FILE), shell)
        const { renderRoute } = await buildRenderer(config.root)
        for (const route of PRERENDERED_ROUTES) {
          const html = await renderRoute(route)
          await fs.writeFile(
            path.join(outDir, fileForRoute(route)),
            shell.replace(ROOT_DIV, `<div id="root">${html}</div>`),
          )
        }
        this.info(`prerendered ${PRERENDERED_ROUTES.join(' ')}`)
      },
    },
  }
}
