/**
 * npm run perf: what a first visit costs on a mid-range phone over a slow mobile network, per public route.
 * Starts the built app (`npm run build` first) on its own port and a throw-away database, then:
 * - with Lighthouse installed (`npm i -D lighthouse`, once): Lighthouse 12's mobile profile (simulated slow
 *   4G, 4x CPU) on each route, with Debian's Chromium; its performance and accessibility scores, FCP, LCP, CLS;
 * - always: Playwright over the Chrome DevTools Protocol on the same Chromium: a 390x844 phone, slow 4G
 *   (150 ms RTT, 1.6 Mbps down, 750 kbps up), CPU 4x slower; FCP, LCP, CLS and long tasks from the page's
 *   own PerformanceObservers, and the bytes transferred, the page's apart from what the service worker
 *   precaches. Its "score" is Lighthouse 12's formula applied to those figures (Speed Index taken as the
 *   mean of FCP and LCP), an estimate that tracks Lighthouse, not Lighthouse itself.
 * - the baseline, in the same run: each route's own prerendered page with its scripts stripped (a copy of the
 *   build), served by a second instance of the same server on PERF_PORT + 1. Lighthouse's TBT and score of
 *   our page are printed beside the copy's: the gap is what running our JavaScript costs on that route.
 * - the first visit's JavaScript with the service worker blocked: every script fetched by network idle, its
 *   compressed bytes and its number of requests (each one a round trip on HTTP/1.1 over 3G).
 * Prints tables; never fails on a figure. Env: PERF_ROUTES=/about,/products  PERF_PORT=4779
 * SPA_DIR / PERF_SERVER_ENTRY to measure another build side by side, PERF_RUNS (median of n, default 3).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser } from 'playwright-core'
import { startBuiltServer } from './built-server'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const PORT = Number(process.env.PERF_PORT ?? 4779)
const ORIGIN = `http://localhost:${PORT}`
const ROUTES = (process.env.PERF_ROUTES ?? '/,/about,/services,/products,/contact,/blog').split(',')
const RUNS = Number(process.env.PERF_RUNS ?? 3)
/** The no-JS copy of the build, served by a second instance of the same server. */
const NOJS_PORT = PORT + 1
const NOJS_ORIGIN = `http://localhost:${NOJS_PORT}`
const spaDir = path.resolve(root, process.env.SPA_DIR ?? 'dist')

// Chrome DevTools' "Slow 4G" as Lighthouse 12's mobile preset defines it.
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
}
const CPU_SLOWDOWN = 4

interface Visit {
  fcp: number
  lcp: number
  cls: number
  tbt: number
  /** Bytes the page itself fetched (documents, scripts, styles, images, API), compressed as sent. */
  pageBytes: number
  /** Bytes the service worker fetched to precache (and cache at runtime) during the visit. */
  workerBytes: number
  /**
   * The page's JavaScript requested before the page is hydrated (its forms enabled), compressed: the
   * critical path. (Not "before the load event": the scripts of a prerendered page load at low
   * priority and may finish after it, and still every byte of them is needed before a tap works.)
   */
  criticalJs: number
  score: number
}

// --- Lighthouse 12 scoring (lighthouse-core/lib/statistics.js, mobile curves) -----------------------
function erf(x: number) {
  // Abramowitz and Stegun 7.1.26, as Lighthouse uses.
  const sign = Math.sign(x)
  x = Math.abs(x)
  const [a1, a2, a3, a4, a5, p] = [
    0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429, 0.3275911,
  ]
  const t = 1 / (1 + p * x)
  const y = t * (a1 + t * (a2 + t * (a3 + t * (a4 + t * a5))))
  return sign * (1 - y * Math.exp(-x * x))
}
function logNormalScore({ median, p10 }: { median: number; p10: number }, value: number) {
  if (value <= 0) return 1
  const INVERSE_ERFC_ONE_FIFTH = 0.9061938024368232
  const standardizedX = (Math.log(value / median) * INVERSE_ERFC_ONE_FIFTH) / -Math.log(p10 / median)
  const score = (1 - erf(standardizedX)) / 2
  return Math.min(1, Math.max(0, score))
}
function lighthouseScore(v: { fcp: number; lcp: number; cls: number; tbt: number }) {
  const si = (v.fcp + v.lcp) / 2
  const parts = [
    [0.1, logNormalScore({ p10: 1800, median: 3000 }, v.fcp)],
    [0.1, logNormalScore({ p10: 3387, median: 5800 }, si)],
    [0.25, logNormalScore({ p10: 2500, median: 4000 }, v.lcp)],
    [0.3, logNormalScore({ p10: 200, median: 600 }, v.tbt)],
    [0.25, logNormalScore({ p10: 0.1, median: 0.25 }, v.cls)],
  ]
  return Math.round(100 * parts.reduce((sum, [w, s]) => sum + w * s, 0))
}

// --- One first visit, measured in the page ---------------------------------------------------------
const OBSERVERS = () => {
  const w = window as unknown as {
    __perf: { fcp: number; lcp: number; cls: number; tbt: number; hydratedAt: number }
  }
  w.__perf = { fcp: 0, lcp: 0, cls: 0, tbt: 0, hydratedAt: 0 }
  // The public layout keeps its forms disabled until React has hydrated the page (public-layout.tsx):
  // the moment they are enabled is when a tap first works.
  const hydration = new MutationObserver(() => {
    if (document.querySelector('main#main')?.closest('fieldset')?.disabled !== false) return
    w.__perf.hydratedAt = performance.now()
    hydration.disconnect()
  })
  hydration.observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['disabled'],
  })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') w.__perf.fcp = e.startTime
  }).observe({ type: 'paint', buffered: true })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__perf.lcp = e.startTime
  }).observe({ type: 'largest-contentful-paint', buffered: true })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
      if (!e.hadRecentInput) w.__perf.cls += e.value
  }).observe({ type: 'layout-shift', buffered: true })
  new PerformanceObserver((list) => {
    // Total blocking time: each long task's time over 50 ms, after the first paint.
    for (const e of list.getEntries())
      if (w.__perf.fcp && e.startTime >= w.__perf.fcp) w.__perf.tbt += Math.max(0, e.duration - 50)
  }).observe({ type: 'longtask', buffered: true })
}

async function visit(browser: Browser, route: string): Promise<Visit> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  })
  await context.addInitScript(OBSERVERS)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', NETWORK)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })

  let pageBytes = 0
  let workerBytes = 0
  const pending: Promise<void>[] = []
  context.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        const response = await request.response()
        // Answered by the worker from its cache: those bytes were counted when the worker fetched them.
        if (!response || response.fromServiceWorker()) return
        const sizes = await request.sizes()
        // From the HTTP cache (the worker precaching what the page just fetched) nothing crosses the
        // network: Playwright then reports the body as minus the headers, a total of 0.
        const bytes = Math.max(0, sizes.responseHeadersSize + sizes.responseBodySize)
        if (request.serviceWorker()) workerBytes += bytes
        else pageBytes += bytes
      })().catch(() => undefined),
    )
  })

  await page.goto(ORIGIN + route, { waitUntil: 'load', timeout: 120_000 })
  await page
    .waitForFunction(
      () => (window as unknown as { __perf: { hydratedAt: number } }).__perf.hydratedAt > 0,
      undefined,
      {
        timeout: 60_000,
      },
    )
    .catch(() => undefined)
  // Let the late paints and the service worker's install (its precache) finish.
  await page
    .waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 60_000 })
    .catch(() => undefined)
  await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined)
  await page.waitForTimeout(1500)
  // A tap ends the LCP observation as Lighthouse's trace end does; read the metrics before it.
  const { hydratedAt, ...m } = await page.evaluate(
    () =>
      (
        window as unknown as {
          __perf: { fcp: number; lcp: number; cls: number; tbt: number; hydratedAt: number }
        }
      ).__perf,
  )
  // Scripts the page asked for before it was hydrated, as sent over the network (compressed).
  const criticalJs = await page.evaluate(
    (until) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => new URL(e.name).pathname.endsWith('.js') && e.startTime < until)
        .reduce((sum, e) => sum + e.encodedBodySize, 0),
    hydratedAt || Number.POSITIVE_INFINITY,
  )
  await Promise.all(pending)
  await context.close()
  const v = { ...m, lcp: m.lcp || m.fcp, pageBytes, workerBytes, criticalJs }
  return { ...v, score: lighthouseScore(v) }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

async function measureWithCdp() {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--disable-quic'],
  })
  const rows: (Visit & { route: string })[] = []
  try {
    for (const route of ROUTES) {
      const runs: Visit[] = []
      for (let i = 0; i < RUNS; i++) runs.push(await visit(browser, route))
      const pick = (k: keyof Visit) => median(runs.map((r) => r[k]))
      rows.push({
        route,
        fcp: pick('fcp'),
        lcp: pick('lcp'),
        cls: pick('cls'),
        tbt: pick('tbt'),
        pageBytes: pick('pageBytes'),
        workerBytes: pick('workerBytes'),
        criticalJs: pick('criticalJs'),
        score: pick('score'),
      })
    }
  } finally {
    await browser.close()
  }
  const kb = (n: number) => `${Math.round(n / 1024)} KB`
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`
  const budgetBrowser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--disable-quic'],
  })
  console.log(
    '\nFirst visit JavaScript, service worker blocked, by network idle (budget: 100 KB in 10 requests):',
  )
  console.log('| route | script requests | JS bytes (compressed) |')
  console.log('|---|---|---|')
  try {
    for (const route of ROUTES) {
      const { requests, bytes } = await scriptBudget(budgetBrowser, route)
      console.log(`| ${route} | ${requests} | ${kb(bytes)} |`)
    }
  } finally {
    await budgetBrowser.close()
  }
  console.log(`\nFirst visit, CDP (390x844, slow 4G, CPU x${CPU_SLOWDOWN}; median of ${RUNS}):`)
  console.log('| route | est. score | FCP | LCP | CLS | TBT | critical JS | page | precache | total |')
  console.log('|---|---|---|---|---|---|---|---|---|---|')
  for (const r of rows)
    console.log(
      `| ${r.route} | ${r.score} | ${s(r.fcp)} | ${s(r.lcp)} | ${r.cls.toFixed(3)} | ${Math.round(r.tbt)} ms | ` +
        `${kb(r.criticalJs)} | ${kb(r.pageBytes)} | ${kb(r.workerBytes)} | ${kb(r.pageBytes + r.workerBytes)} |`,
    )
}

/**
 * Lighthouse's own run, when the package is installed (`npm i -D lighthouse`): our page and its no-JS copy,
 * alternately (so a busy moment of a shared machine falls on both), medians of RUNS each.
 */
function measureWithLighthouse() {
  const bin = path.join(root, 'node_modules/.bin/lighthouse')
  if (!fs.existsSync(bin)) {
    console.log('Lighthouse is not installed (npm i -D lighthouse): CDP figures only.')
    return
  }
  console.log(`\nLighthouse 12, mobile preset (simulated slow 4G, CPU x4; medians of ${RUNS}):`)
  console.log(
    '| route | performance | no-JS copy | gap | TBT | no-JS TBT | TBT over the copy | FCP | LCP | CLS |',
  )
  console.log('|---|---|---|---|---|---|---|---|---|---|')
  for (const route of ROUTES) {
    const ours: Lhr[] = []
    const copy: Lhr[] = []
    for (let i = 0; i < RUNS; i++) {
      const a = lighthouseOnce(bin, ORIGIN + route)
      if (a) ours.push(a)
      const b = lighthouseOnce(bin, NOJS_ORIGIN + route)
      if (b) copy.push(b)
    }
    if (!ours.length || !copy.length) {
      console.log(`| ${route} | failed |`)
      continue
    }
    const perf = (runs: Lhr[]) => median(runs.map((r) => Math.round(r.categories.performance.score * 100)))
    const audit = (runs: Lhr[], id: string) => median(runs.map((r) => r.audits[id].numericValue))
    const tbt = audit(ours, 'total-blocking-time')
    const copyTbt = audit(copy, 'total-blocking-time')
    console.log(
      `| ${route} | ${perf(ours)} | ${perf(copy)} | ${perf(ours) - perf(copy)} | ${Math.round(tbt)} ms | ` +
        `${Math.round(copyTbt)} ms | ${Math.round(tbt - copyTbt)} ms | ` +
        `${(audit(ours, 'first-contentful-paint') / 1000).toFixed(1)} s | ` +
        `${(audit(ours, 'largest-contentful-paint') / 1000).toFixed(1)} s | ` +
        `${audit(ours, 'cumulative-layout-shift').toFixed(3)} |`,
    )
  }
}

/**
 * The build with every script taken out of its pages: what each route costs as plain HTML and CSS, the
 * baseline our own page is compared with. Served by the same server, so only the scripts differ.
 */
function noJsCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenshield-nojs-'))
  fs.cpSync(spaDir, dir, { recursive: true })
  for (const file of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.html')) continue
    const html = fs.readFileSync(path.join(dir, file), 'utf8')
    fs.writeFileSync(
      path.join(dir, file),
      html
        .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
        .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, ''),
    )
    // The precompressed copies would still carry the scripts.
    for (const ext of ['.br', '.gz']) fs.rmSync(path.join(dir, file + ext), { force: true })
  }
  return dir
}

/**
 * A first visit's JavaScript with the service worker blocked (so its precache is not counted): the scripts
 * the page fetched by network idle, compressed as sent, and how many requests they took.
 */
async function scriptBudget(browser: Browser, route: string) {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  const scripts: Promise<number>[] = []
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return
    scripts.push(
      request.sizes().then(
        (s) => Math.max(0, s.responseBodySize + s.responseHeadersSize),
        () => 0,
      ),
    )
  })
  await page.goto(ORIGIN + route, { waitUntil: 'networkidle', timeout: 120_000 })
  const bytes = (await Promise.all(scripts)).reduce((a, b) => a + b, 0)
  await context.close()
  return { requests: scripts.length, bytes }
}

interface Lhr {
  categories: Record<string, { score: number }>
  audits: Record<string, { numericValue: number }>
}

function lighthouseOnce(bin: string, url: string): Lhr | null {
  const out = spawnSync(
    bin,
    [
      url,
      '--output=json',
      '--quiet',
      '--only-categories=performance,accessibility',
      `--chrome-path=${CHROMIUM}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-background-networking --disable-gpu',
    ],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  )
  if (out.status !== 0) {
    // No stderr when the run could not start or was killed (out.error, out.signal say why).
    console.error(`lighthouse ${url}: ${out.stderr?.slice(0, 300) || out.error?.message || out.signal}`)
    return null
  }
  return JSON.parse(out.stdout) as Lhr
}

const server = await startBuiltServer(PORT, spaDir)
const copyDir = noJsCopy()
const copyServer = await startBuiltServer(NOJS_PORT, copyDir).catch((err: unknown) => {
  server.kill()
  throw err
})
try {
  measureWithLighthouse()
  await measureWithCdp()
} finally {
  server.kill()
  copyServer.kill()
  fs.rmSync(copyDir, { recursive: true, force: true })
}
