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
  it('sw.js precaches the shell and every JS and CSS chunk', () => {
    expect(fs.existsSync(path.join(dist, 'sw.js'))).toBe(true)
    const sw = read('sw.js')
    expect(sw).not.toContain('self.__WB_MANIFEST')
    const urls = precacheUrls(sw)
    const chunks = fs.readdirSync(path.join(dist, 'assets')).filter((f) => /\.(js|css)$/.test(f))
    expect(chunks.length).toBeGreaterThan(5)
    const missing = chunks.map((f) => `assets/${f}`).filter((u) => !urls.has(u))
    expect(missing).toEqual([])
    expect(urls.has('index.html')).toBe(true)
    expect(urls.has('manifest.webmanifest')).toBe(true)
    // Install-dialog screenshots are not part of the running app: never precached.
    expect([...urls].filter((u) => u.includes('screenshot'))).toEqual([])
  })

  it('sw.js has the runtime caches, the update message and the outbox sync', () => {
    const sw = read('sw.js')
    for (const name of [
      'api-products',
      'product-images',
      'api-user',
      'SKIP_WAITING',
      'CLEAR_USER_CACHES',
      'Idempotency-Key',
    ])
      expect(sw, name).toContain(name)
    expect(sw).toMatch(/addEventListener\(\s*[`'"]sync[`'"]/)
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
