/**
 * Build step (a Vite plugin, vite.config.ts): after the client bundle is written and before the service
 * worker's precache list is made, renders each public route to HTML (src/app/prerender.tsx, built for
 * Node on the spot) and writes it into the build, so the first paint needs no JavaScript
 * (ARCHITECTURE.md, "A first visit"):
 *   /            -> index.html (the home page's loading placeholder)
 *   /about, ...  -> about.html, ... (the server and the service worker map /about to about.html)
 *   every other route (/book, /admin/...) -> app.html, the empty shell the browser renders alone.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { PREACT_ALIAS } from './preact-alias'
import { escapeHtml } from '../api/lib/escape-html'
import { pages } from '../contract/pages'
import type { PrerenderedRoute } from '../src/app/prerender'

/** The app that main.tsx loads (once a prerendered page is painted). */
const APP_MODULE = 'src/app/start-app.tsx'

/** Each prerendered route and its page module (src/app/router.tsx), whose chunks the HTML preloads. */
const PAGES: Record<string, string> = {
  [pages.home]: 'src/features/marketing/pages/home.tsx',
  [pages.about]: 'src/features/marketing/pages/about.tsx',
  [pages.services]: 'src/features/marketing/pages/services.tsx',
  [pages.products]: 'src/features/shop/pages/products.tsx',
  [pages.blog]: 'src/features/marketing/pages/blog.tsx',
  [pages.contact]: 'src/features/marketing/pages/contact.tsx',
  [pages.login]: 'src/features/account/pages/login.tsx',
  [pages.signUp]: 'src/features/account/pages/sign-up.tsx',
}
export const PRERENDERED_ROUTES = Object.keys(PAGES)
/** The empty shell for the routes not prerendered (the server's and the service worker's fallback). */
export const SHELL_FILE = 'app.html'

const ROOT_DIV = '<div id="root"></div>'
/** <meta name=...> listing a prerendered page's own chunks, which main.tsx preloads with the app. */
export const PAGE_MODULES_META = 'page-modules'

export const fileForRoute = (route: string) => (route === '/' ? 'index.html' : `${route.slice(1)}.html`)

async function buildRenderer(root: string) {
  // Inside the project so Node finds react & co. in node_modules; dist-server is ignored by the linters
  // and emptied by build:server, which runs next.
  const outDir = path.join(root, 'dist-server/prerender')
  await build({
    configFile: false,
    root,
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: PREACT_ALIAS },
    // Bundled, so the aliases reach the libraries' imports of react too (react-router, zustand, ...).
    ssr: { noExternal: true },
    build: {
      ssr: 'src/app/prerender.tsx',
      outDir,
      emptyOutDir: true,
      target: 'node20',
      // The service worker's registration is a browser-only module of vite-plugin-pwa, imported by the
      // app only after a page is shown (app-tree.tsx), which the prerender never reaches.
      rolldownOptions: { external: [/^virtual:pwa-register/] },
    },
  })
  // No cache-busting query: the entry's own chunks import it back by its plain URL (one module instance).
  return (await import(pathToFileURL(path.join(outDir, 'prerender.js')).href)) as {
    renderRoute: (url: string) => Promise<PrerenderedRoute>
  }
}

/**
 * A prerendered page is painted from its HTML and CSS alone: the little entry script (main.tsx) is
 * fetched at low priority, so on a slow network the stylesheet goes first. The empty shell (app.html)
 * keeps its scripts high: there nothing shows without them.
 */
export function lowPriorityScripts(html: string) {
  return html
    .replaceAll('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
    .replaceAll(
      '<link rel="modulepreload" crossorigin',
      '<link rel="modulepreload" fetchpriority="low" crossorigin',
    )
}

/**
 * The shell's <title> and description replaced by the route's own. The site's description stays in a data
 * attribute: PageMeta shows it on the routes that have none once the visitor moves on.
 */
function withHead(shell: string, head: PrerenderedRoute['head'] & object) {
  const titled = shell.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
  if (!head.description) return titled
  return titled.replace(
    /(<meta\s+name="description"\s+)content="([^"]*)"/,
    (_, start: string, site: string) =>
      `${start}content="${escapeHtml(head.description!)}" data-site-description="${site}"`,
  )
}

export function prerender(): Plugin {
  /** Client chunk of each page module, with the chunks it imports statically (from generateBundle). */
  const pageChunks = new Map<string, string[]>()
  return {
    name: 'prerender-public-routes',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.config.build.ssr) return
      const chunks = new Map(
        Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c]] : [])),
      )
      for (const chunk of chunks.values()) {
        const page = [APP_MODULE, ...Object.values(PAGES)].find((p) =>
          chunk.facadeModuleId?.endsWith(`/${p}`),
        )
        if (!page || !chunk.isDynamicEntry) continue
        const files = new Set<string>()
        const add = (file: string) => {
          if (files.has(file)) return
          files.add(file)
          for (const dep of chunks.get(file)?.imports ?? []) add(dep)
        }
        add(chunk.fileName)
        pageChunks.set(page, [...files])
      }
    },
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
        const modulePreloads = (files: string[]) =>
          files
            .filter((f) => !shell.includes(`/${f}"`))
            .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
            .join('')
        // The empty shell shows nothing without the app: it preloads the app's chunks at once.
        const appFiles = pageChunks.get(APP_MODULE)
        if (!appFiles) throw new Error(`no chunk found for ${APP_MODULE}`)
        const withApp = shell.replace('</head>', `${modulePreloads(appFiles)}</head>`)
        await fs.writeFile(path.join(outDir, SHELL_FILE), withApp)
        const { renderRoute } = await buildRenderer(config.root)
        for (const route of PRERENDERED_ROUTES) {
          const { html, head } = await renderRoute(route)
          if (!head) throw new Error(`${route}: the page names no title (PageMeta)`)
          // The page is painted from its HTML and CSS before any of the app's JavaScript is fetched
          // (main.tsx): the page's own chunks are named here, and main.tsx preloads them alongside the
          // app once the page is on screen, so it is hydrated (its forms enabled) as soon as the app runs.
          const files = pageChunks.get(PAGES[route])
          if (!files) this.warn(`${route}: no chunk found for ${PAGES[route]}, its code is not preloaded`)
          const pageModules = (files ?? []).filter((f) => !appFiles.includes(f)).map((f) => `/${f}`)
          await fs.writeFile(
            path.join(outDir, fileForRoute(route)),
            lowPriorityScripts(
              withHead(shell, head)
                .replace(
                  '</head>',
                  `<meta name="${PAGE_MODULES_META}" content="${pageModules.join(' ')}"></head>`,
                )
                .replace(ROOT_DIV, `<div id="root">${html}</div>`),
            ),
          )
        }
        this.info(`prerendered ${PRERENDERED_ROUTES.join(' ')}`)
      },
    },
  }
}
