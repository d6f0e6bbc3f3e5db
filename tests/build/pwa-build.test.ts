// @vitest-environment node
/**
 * Checks the built PWA (npm run build, then npm run test:build): the service worker precaches every
 * chunk, and the manifest and icons are what an install needs. `npm test` runs before the build in
 * CI, so without a build these tests are skipped, saying so. DIST_DIR picks another build folder.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const dist = path.resolve(process.env.DIST_DIR ?? 'dist')
const built = fs.existsSync(path.join(dist, 'index.html'))
if (!built)
  console.warn(`tests/build skipped: no build at ${dist} (run "npm run build", then "npm run test:build").`)

const read = (file: string) => fs.readFileSync(path.join(dist, file), 'utf8')

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string) {
  const bytes = fs.readFileSync(path.join(dist, file.replace(/^\//, '')))
  expect(bytes.subarray(1, 4).toString('latin1'), `${file} is a PNG`).toBe('PNG')
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`
}

/** The URLs workbox-build injected into self.__WB_MANIFEST. */
function precacheUrls(sw: string) {
  return new Set([...sw.matchAll(/\{"?revision"?:(?:"[^"]*"|null),"?url"?:"([^"]+)"\}/g)].map((m) => m[1]))
}

describe.skipIf(!built)(`the built PWA in ${path.relative(process.cwd(), dist) || '.'}`, () => {
  it('sw.js precaches the shells, the prerendered public pages and every public chunk, no back-office code', () => {
    expect(fs.existsSync(path.join(dist, 'sw.js'))).toBe(true)
    const sw = read('sw.js')
    expect(sw).not.toContain('self.__WB_MANIFEST')
    const urls = precacheUrls(sw)
    const roleAssets: Record<string, string[]> = JSON.parse(read('role-assets.json'))
    const roleOnly = new Set(Object.values(roleAssets).flat())
    // The back office's layout and screens are listed for admins, and only for them.
    for (const screen of ['admin-layout', 'dashboard-screen', 'orders-screen', 'products-screen'])
      expect(
        roleAssets.admin.some((f) => f.startsWith(`assets/${screen}-`)),
        screen,
      ).toBe(true)
    expect([...roleOnly].filter((u) => urls.has(u))).toEqual([])
    const chunks = fs.readdirSync(path.join(dist, 'assets')).filter((f) => /\.(js|css)$/.test(f))
    expect(chunks.length).toBeGreaterThan(5)
    const missing = chunks.map((f) => `assets/${f}`).filter((u) => !urls.has(u) && !roleOnly.has(u))
    expect(missing).toEqual([])
    // Every public page's own chunk is precached (it opens offline after any first visit).
    for (const page of ['about', 'services', 'products', 'blog', 'contact', 'login', 'sign-up', 'book'])
      expect(
        [...urls].some((u) => u.startsWith(`assets/${page}-`)),
        page,
      ).toBe(true)
    for (const html of [
      'index.html',
      'app.html',
      'about.html',
      'services.html',
      'products.html',
      'blog.html',
    ])
      expect(urls.has(html), html).toBe(true)
    expect(urls.has('manifest.webmanifest')).toBe(true)
    // Install-dialog screenshots are not part of the running app: never precached.
    expect([...urls].filter((u) => u.includes('screenshot'))).toEqual([])
  })

  it('public routes are prerendered into their HTML; other routes get the empty shell', () => {
    expect(read('about.html')).toMatch(/<div id="root"><div class="flex min-h-screen flex-col">.*<h1/s)
    // The route's own <title> and description are in the page's <head>, in place of the shell's.
    const head = read('about.html').split('</head>')[0]
    expect(head.match(/<title>/g)).toHaveLength(1)
    expect(head).toContain('<title>About Us | GreenShield</title>')
    expect(head).toMatch(
      /name="description"\s+content="Who we are: a Lagos pest-control and cleaning company/,
    )
    // The site's own stays beside it, for the routes without one that the visitor opens next.
    expect(head).toMatch(/data-site-description="Pest control, fumigation and deep cleaning across Nigeria/)
    expect(read('app.html')).toContain('<div id="root"></div>')
    // The home page's HTML is its loading placeholder (the page appears after 2 s).
    expect(read('index.html')).toContain('aria-label="Loading the home page"')
    // No boundary left to swap in by script: that would paint the footer first and then move it.
    for (const page of ['index.html', 'about.html', 'products.html']) expect(read(page)).not.toContain('$RC')
  })

  it('every compressible file has brotli and gzip copies beside it', () => {
    for (const file of [
      'index.html',
      'about.html',
      'sw.js',
      ...[...precacheUrls(read('sw.js'))].filter((u) => /\.(js|css)$/.test(u)),
    ]) {
      if (fs.statSync(path.join(dist, file)).size < 512) continue
      expect(fs.existsSync(path.join(dist, `${file}.br`)), `${file}.br`).toBe(true)
      expect(fs.existsSync(path.join(dist, `${file}.gz`)), `${file}.gz`).toBe(true)
    }
  })

  it('sw.js has the runtime caches, the update message and the outbox sync', () => {
    const sw = read('sw.js')
    for (const name of [
      'api-products',
      'api-services',
      'product-images',
      'api-user',
      'SKIP_WAITING',
      'CLEAR_USER_CACHES',
      'CACHE_ROLE_ASSETS',
      'role-assets',
      'Idempotency-Key',
    ])
      expect(sw, name).toContain(name)
    expect(sw).toMatch(/addEventListener\(\s*[`'"]sync[`'"]/)
    // The catalogue fetched at install (a first visit's next visit offline): its address as a string,
    // where the route only has it as a pattern.
    expect(sw).toMatch(/[`'"]add\/products\/[`'"]/)
  })

  it('the manifest has what an install needs, and its icons and screenshots exist at their sizes', () => {
    const manifest = JSON.parse(read('manifest.webmanifest'))
    expect(manifest).toMatchObject({
      name: expect.any(String),
      short_name: expect.any(String),
      description: expect.any(String),
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#15803d',
      background_color: expect.any(String),
    })
    const icons: Array<{ src: string; sizes: string; purpose?: string }> = manifest.icons
    for (const icon of icons) expect(pngSize(icon.src), icon.src).toBe(icon.sizes)
    const has = (sizes: string, purpose: string) =>
      icons.some((i) => i.sizes === sizes && (i.purpose ?? 'any').split(' ').includes(purpose))
    expect(has('192x192', 'any')).toBe(true)
    expect(has('512x512', 'any')).toBe(true)
    expect(has('512x512', 'maskable')).toBe(true)

    const shots: Array<{ src: string; sizes: string; form_factor: string }> = manifest.screenshots
    expect(shots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide'])
    expect(shots.find((s) => s.form_factor === 'narrow')?.sizes).toBe('390x844')
    for (const shot of shots) expect(pngSize(shot.src), shot.src).toBe(shot.sizes)
  })

  it('index.html links the manifest and the iOS icon and meta tags', () => {
    const html = read('index.html')
    expect(html).toMatch(/<link rel="manifest" href="\/manifest\.webmanifest"/)
    expect(html).toContain('name="apple-mobile-web-app-capable" content="yes"')
    expect(html).toContain('name="apple-mobile-web-app-status-bar-style"')
    expect(html).toContain('name="apple-mobile-web-app-title"')
    const touchIcon = html.match(/rel="apple-touch-icon"[^>]*href="([^"]+)"/)?.[1]
    expect(touchIcon).toBeDefined()
    expect(pngSize(touchIcon!)).toBe('180x180')
  })
})

/** A chunk and every chunk it imports statically (minified `from"./x.js"` and `import"./x.js"`). */
function staticClosure(files: string[]) {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const m of read(`assets/${file}`).matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(m[1])
  }
  files.forEach(visit)
  return seen
}

describe.skipIf(!built)('a first visit to a public page', () => {
  // The shop too: its catalogue and cart load the database only when they need it (offline/db-lazy.ts).
  const ROUTES = ['about.html', 'services.html', 'contact.html', 'blog.html', 'index.html', 'products.html']

  it('is painted before any script but the small entry is fetched: no modulepreload in its HTML', () => {
    for (const file of ROUTES) {
      const html = read(file)
      const scripts = [...html.matchAll(/<script[^>]*>/g)].map((m) => m[0])
      expect(scripts, file).toHaveLength(1)
      expect(scripts[0], file).toContain('fetchpriority="low"')
      expect(html, file).not.toContain('rel="modulepreload"')
      const entry = scripts[0].match(/src="\/assets\/([^"]+)"/)![1]
      expect(fs.statSync(path.join(dist, 'assets', entry)).size, `${file}: ${entry}`).toBeLessThan(8_000)
      // The page's own chunks, which main.tsx preloads with the app once the page is painted, exist.
      const pageModules = html.match(/<meta name="page-modules" content="([^"]*)">/)?.[1]
      expect(pageModules, file).toBeDefined()
      for (const href of pageModules!.split(' ').filter(Boolean))
        expect(fs.existsSync(path.join(dist, href)), `${file}: ${href}`).toBe(true)
    }
  })

  /** Every chunk a prerendered page runs before it is hydrated: the app's and the page's, with their imports. */
  const beforeHydration = (file: string) => {
    const app = fs.readdirSync(path.join(dist, 'assets')).filter((f) => /^start-app-.*\.js$/.test(f))
    expect(app).toHaveLength(1)
    const pageModules = read(file).match(/<meta name="page-modules" content="([^"]*)">/)![1]
    return staticClosure([
      ...app,
      ...pageModules
        .split(' ')
        .filter(Boolean)
        .map((h) => path.basename(h)),
    ])
  }

  it('hydrates without Dexie: neither the app nor a public page (the shop too) imports the offline database', () => {
    for (const file of ROUTES)
      for (const chunk of beforeHydration(file))
        expect(read(`assets/${chunk}`), `${file} loads ${chunk}, which holds Dexie`).not.toContain(
          'DatabaseClosedError',
        )
  })

  it('a marketing page hydrates without the query library (react-query loads with the pages that read the API)', () => {
    for (const file of ROUTES.filter((f) => f !== 'products.html'))
      for (const chunk of beforeHydration(file))
        expect(read(`assets/${chunk}`), `${file} loads ${chunk}, which holds react-query`).not.toContain(
          'No QueryClient set',
        )
  })

  it('a marketing page and its footer (the working hours too) hydrate without the validation library', () => {
    for (const file of ROUTES.filter((f) => f !== 'products.html'))
      for (const chunk of beforeHydration(file))
        expect(read(`assets/${chunk}`), `${file} loads ${chunk}, which holds zod`).not.toContain('ZodError')
  })

  it('the empty shell (every other route) preloads the app at once', () => {
    const shell = read('app.html')
    expect(shell).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/start-app-[^"]+\.js">/)
    expect(shell).not.toContain('fetchpriority="low"')
  })
})
