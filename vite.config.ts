/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { precompress } from './scripts/precompress'
import { prerender } from './scripts/prerender'
import { roleChunks } from './scripts/role-chunks'
import { PREACT_ALIAS } from './scripts/preact-alias'

const apiPort = process.env.API_PORT ?? '8787'
const roles = roleChunks()

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    roles,
    prerender(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // manifest.webmanifest is a checked-in file at the repo root (see the plugin below).
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,ico,webmanifest}'],
        // Not part of the running app: manifest screenshots (install dialog only) and the seed's source
        // images (the app loads product images from the API, cached at runtime).
        // The 512 px icons too: the browser fetches them itself when the app is installed.
        globIgnores: [
          'icons/screenshot-*',
          'icons/icon-512.png',
          'icons/icon-maskable-512.png',
          'products/**',
        ],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // What every visitor needs, no more: the back office and the technicians' sheet are cached for
        // those roles when they log in (role-assets.json, scripts/role-chunks.ts).
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.filter(
              // The plugin adds the iOS icon from index.html by itself: dropped here with the rest.
              (e) => !roles.result.roleOnly.has(e.url) && e.url !== 'icons/apple-touch-icon.png',
            ),
          }),
        ],
      },
      devOptions: { enabled: true, type: 'module', navigateFallback: 'index.html' },
    }),
    {
      // Serves and emits the root manifest.webmanifest so it lives in one checked-in place.
      name: 'root-webmanifest',
      configureServer(server) {
        server.middlewares.use('/manifest.webmanifest', async (_req, res) => {
          const fs = await import('node:fs/promises')
          res.setHeader('Content-Type', 'application/manifest+json')
          res.end(await fs.readFile('manifest.webmanifest'))
        })
      },
      async generateBundle() {
        const fs = await import('node:fs/promises')
        this.emitFile({
          type: 'asset',
          fileName: 'manifest.webmanifest',
          source: await fs.readFile('manifest.webmanifest', 'utf8'),
        })
      },
    },
    {
      // Last, once the service worker is written too: .br and .gz copies of every compressible file.
      name: 'precompress',
      apply: 'build',
      closeBundle: {
        order: 'post',
        sequential: true,
        async handler() {
          if (this.environment.config.build.ssr) return
          const { raw, br } = await precompress(this.environment.config.build.outDir)
          this.info(`precompressed ${Math.round(raw / 1024)} KiB to ${Math.round(br / 1024)} KiB (brotli)`)
        },
      },
    },
  ],
  // Not in the unit tests: they render with React and Testing Library's React bindings.
  resolve: process.env.VITEST ? {} : { alias: PREACT_ALIAS },
  server: {
    proxy: { '/api': { target: `http://localhost:${apiPort}`, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    // SOURCEMAP=1 for profiling (tests/bench/long-tasks.ts names the source of each long task's work).
    sourcemap: process.env.SOURCEMAP === '1',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What the app runs on every page (main.tsx loads it once the page is painted): Preact, the
              // router, zustand, src/lib (not query.ts and document-data.ts: they use the query library), the
              // small pure helpers every page formats with (money, the company's details, service prices),
              // whether the device has saved data (offline/device.ts) and the UI pieces of the public shell
              // (dialogs, fields, the loading block), in one file rather than twenty small shared ones (each a
              // request, with its headers, on a slow network). Tables, filters and pagination stay with the
              // screens that use them: a first visit does not pay for them.
              name: 'core',
              test: /node_modules\/(react|react-dom|scheduler|react-router|zustand|preact)\/|\/src\/lib\/(?!query\.ts|document-data\.ts)|\/contract\/(money|company|service-prices|phone|categories)\.ts|\/src\/offline\/device\.ts|\/src\/components\/ui\/(modal|native-dialog|text-field|page-loading|page-meta|form-actions)\.tsx|\/src\/components\/login-required-dialog\.tsx|lucide-react\/dist\/esm\/(createLucideIcon|Icon|defaultAttributes|shared|context)/,
            },
            {
              // The query cache (react-query) and the offline-first read over it (offline/snapshot.ts and
              // db-lazy.ts), for the pages that read the API (src/app/query-provider.tsx): one file, loaded with
              // the first of them, never by the marketing pages.
              name: 'queries',
              test: /node_modules\/@tanstack\/|\/src\/lib\/query\.ts|\/src\/offline\/(snapshot|db-lazy)\.ts|\/src\/app\/query-(client|provider)\.tsx?$/,
              // Only the modules named: snapshot.ts's lazy database import would bring Vite's preload helper,
              // which every page imports, and with it this chunk into the marketing pages.
              includeDependenciesRecursively: false,
            },
            {
              // Every icon in one file (~8 kB): each on its own was a 300-byte request with 1 kB of headers,
              // some 80 of them in the precache.
              name: 'icons',
              test: /lucide-react\/dist\/esm\/icons\//,
            },
            {
              // What every page starts once it is idle (src/app/app-tree.tsx, lazy-pwa-shell.tsx): the outbox's
              // sync and kinds registry, the worker's registration (workbox-window) and the install/update
              // furniture. Six files of 0.1 to 2 kB each were six round trips on a first visit. Only modules
              // loaded lazily belong here: one the page imports would bring the group (and the query library
              // sync.ts uses) into the page's critical path.
              name: 'background',
              test: /\/src\/offline\/(sync|kinds|last-user)\.ts|\/src\/app\/pwa\/(register|pwa-store|pwa-shell)\.tsx?|workbox-window|virtual:pwa-register/,
              // Only the modules named: a helper they share with the page (Vite's preload helper) stays out.
              includeDependenciesRecursively: false,
            },
            {
              // The shop's data module and the pieces of its catalogue and cart (cards, prices, stock, the
              // quantity stepper, a cart line's picture, which the orders page shares): one file for /products,
              // the product page and the cart instead of nine sub-kilobyte ones.
              name: 'shop',
              test: /\/src\/features\/shop\/(api|quantity)\.ts|\/src\/features\/shop\/components\/(price|stock-badge|product-card|product-grid|add-to-cart-button|cart-section|cart-line-item|quantity-stepper)\.tsx|\/src\/components\/ui\/product-thumbnail\.tsx/,
              includeDependenciesRecursively: false,
            },
            {
              // The marketing pages' shared pieces (sections, cards, figures) and the contact form most of them
              // carry: one file instead of five sub-kilobyte ones per page.
              name: 'marketing',
              test: /\/src\/features\/marketing\/(components|content)\/|\/src\/components\/(contact-form\.tsx|ui\/use-form-fields\.ts)/,
              // Only the modules named: with their imports it took Vite's preload helper, which the entry
              // then imported (and preloaded) from this chunk.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    testTimeout: 20_000,
    pool: 'forks',
    // One worker per core: Vitest's default leaves one core to itself, which on a two-core CI machine is
    // a single worker, and the suite mostly waits on SQLite, scrypt and PGlite, not on Vitest.
    maxWorkers: availableParallelism(),
    // Cheaper password hashing in tests (still real scrypt); production keeps N=32768.
    env: { SCRYPT_N: '4096' },
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          include: ['tests/**/*.test.{ts,tsx}'],
          // tests/build reads the build output: `npm run test:build` runs it after `npm run build`.
          exclude: [
            'tests/e2e/**',
            'tests/bench/**',
            'node_modules/**',
            ...(process.env.TEST_BUILD ? [] : ['tests/build/**']),
          ],
        },
      },
      {
        // The API suite once more on PostgreSQL: PGlite (PostgreSQL in WASM) in `npm test`; a real server
        // with `npm run test:postgres` (TEST_DB=postgres). Not with test:build (it tests the build only).
        extends: true,
        test: {
          name: 'api-postgres',
          include: process.env.TEST_BUILD ? [] : ['tests/api/**/*.test.ts'],
          // SQLite-only: the SQLite migration history, the kill test of a SQLite server process, and the schema
          // test that brings both engines itself.
          exclude: [
            'tests/api/seed.test.ts',
            'tests/api/schema.test.ts',
            'tests/api/idempotency-kill.test.ts',
            'tests/api/graceful-stop.test.ts',
          ],
          env: { TEST_DB: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite' },
          // A fresh PGlite (WASM start and every migration) per test: on a busy machine the first of a file
          // takes longer than the default 10 s hook limit, though nothing is wrong.
          hookTimeout: 30_000,
          // The files of a worker share one module graph, and so one PGlite (test-database.ts): booting it
          // (initdb, migrations, seed: some 6 s) once per worker rather than once per file halves this
          // project's time. Every test still starts from the seeded rows (restoreSeeded), and npm test's
          // SQLite run of the same files keeps each file in its own modules.
          isolate: false,
        },
      },
    ],
  },
})
