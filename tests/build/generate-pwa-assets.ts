/**
 * Draws the PWA icons and the manifest screenshots into public/icons/ with Debian's chromium, at exact
 * pixel sizes. Run by hand when the logo changes (the PNGs are checked in):
 *   npx tsx tests/build/generate-pwa-assets.ts                      # icons and designed screenshots
 *   APP_URL=http://localhost:4326 npx tsx tests/build/generate-pwa-assets.ts   # screenshots of the running app
 */
import path from 'node:path'
import { chromium } from '@playwright/test'

const OUT = path.resolve('public/icons')
const GREEN = '#15803d'

// lucide's shield-check, drawn white on the brand green.
const SHIELD =
  'M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z'
const logo = (size: number) => `
  <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="${size}" height="${size}">
    <path d="${SHIELD}" fill="#fff" />
    <path d="m9 12 2 2 4-4" fill="none" stroke="${GREEN}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" />
  </svg>`

/** "any" icons are a rounded tile; maskable and Apple ones fill the square (the platform cuts the shape). */
function iconHtml(size: number, { fullBleed, logoShare }: { fullBleed: boolean; logoShare: number }) {
  const radius = fullBleed ? 0 : Math.round(size * 0.22)
  return `<!doctype html><html><body style="margin:0;background:transparent">
    <div style="width:${size}px;height:${size}px;border-radius:${radius}px;background:linear-gradient(160deg,#16a34a,${GREEN} 55%,#166534);display:flex;align-items:center;justify-content:center">
      ${logo(Math.round(size * logoShare))}
    </div></body></html>`
}

function splashHtml(width: number, height: number) {
  const narrow = width < 600
  return `<!doctype html><html><body style="margin:0;font-family:system-ui,sans-serif">
    <div style="width:${width}px;height:${height}px;background:linear-gradient(160deg,#16a34a,${GREEN} 55%,#14532d);color:#fff;display:flex;flex-direction:column;align-items:center;justify-content:center;text-align:center;gap:${narrow ? 20 : 28}px;padding:32px;box-sizing:border-box">
      ${logo(narrow ? 120 : 150)}
      <div style="font-size:${narrow ? 34 : 52}px;font-weight:800;letter-spacing:-0.02em">GreenShield</div>
      <div style="font-size:${narrow ? 18 : 24}px;max-width:${narrow ? 320 : 720}px;line-height:1.4;opacity:.92">
        Pest control, fumigation and deep cleaning across Nigeria. Book a service, shop products, even offline.
      </div>
      <div style="display:flex;gap:12px;flex-wrap:wrap;justify-content:center;margin-top:8px">
        <span style="background:#fff;color:${GREEN};font-weight:700;padding:14px 22px;border-radius:12px;font-size:${narrow ? 16 : 18}px">Book an Appointment</span>
        <span style="border:2px solid #fff;font-weight:700;padding:12px 20px;border-radius:12px;font-size:${narrow ? 16 : 18}px">Shop Products</span>
      </div>
    </div></body></html>`
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })
try {
  const icons: Array<[string, number, { fullBleed: boolean; logoShare: number }]> = [
    ['icon-192.png', 192, { fullBleed: false, logoShare: 0.62 }],
    ['icon-512.png', 512, { fullBleed: false, logoShare: 0.62 }],
    // Maskable: the logo stays inside the 80% safe circle whatever shape the launcher cuts.
    ['icon-maskable-512.png', 512, { fullBleed: true, logoShare: 0.5 }],
    ['apple-touch-icon.png', 180, { fullBleed: true, logoShare: 0.62 }],
  ]
  for (const [file, size, options] of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } })
    await page.setContent(iconHtml(size, options))
    await page.screenshot({ path: path.join(OUT, file), omitBackground: !options.fullBleed })
    await page.close()
    console.log(`${file} ${size}x${size}`)
  }

  const shots: Array<[string, number, number]> = [
    ['screenshot-narrow.png', 390, 844],
    ['screenshot-wide.png', 1280, 800],
  ]
  for (const [file, width, height] of shots) {
    const page = await browser.newPage({ viewport: { width, height } })
    if (process.env.APP_URL) {
      await page.goto(process.env.APP_URL, { waitUntil: 'networkidle' })
      await page.waitForTimeout(2500) // Home waits 2 s on purpose
    } else await page.setContent(splashHtml(width, height))
    await page.screenshot({ path: path.join(OUT, file) })
    await page.close()
    console.log(`${file} ${width}x${height}`)
  }
} finally {
  await browser.close()
}
