/**
 * npm run perf:tasks: what blocks a phone's main thread on a first visit, task by task. Starts the built app,
 * opens each route as a first visit (service worker blocked, a 390x844 phone, CPU 4x slower, as Lighthouse's
 * mobile profile) under Chromium's tracer, and prints every task over 50 ms: when it started, how long it
 * ran, what kind of work it was (module evaluation, a timer, promise callbacks, layout) and which source
 * files its CPU samples fall in. Build with source maps to see our files and packages rather than chunk
 * names: `SOURCEMAP=1 npm run build:client` (then rebuild without, before shipping).
 * The last line per route is the blocking time after the first paint (each task's time over 50 ms), the
 * figure Lighthouse's TBT adds up; median of PERF_RUNS visits. A diagnosis tool: it never fails on a figure.
 * Env: PERF_ROUTES=/products,/about  PERF_PORT=4769  PERF_RUNS=3  SPA_DIR (another build).
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser } from 'playwright-core'
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js'
import { startBuiltServer } from './built-server'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const PORT = Number(process.env.PERF_PORT ?? 4769)
const ROUTES = (process.env.PERF_ROUTES ?? '/,/products').split(',')
const RUNS = Number(process.env.PERF_RUNS ?? 3)
const spaDir = path.resolve(root, process.env.SPA_DIR ?? 'dist')

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  args?: { name?: string; data?: ProfileData }
}
interface ProfileNode {
  id: number
  callFrame: { url?: string; functionName: string; lineNumber: number; columnNumber: number }
}
interface ProfileData {
  startTime?: number
  timeDeltas?: number[]
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }
}

/** The kinds of work a task's time is told by (Chromium's trace event names). */
const WORK = new Map([
  ['v8.evaluateModule', 'evaluate modules'],
  ['TimerFire', 'timer'],
  ['RunMicrotasks', 'promise callbacks'],
  ['Layout', 'layout'],
  ['UpdateLayoutTree', 'style'],
  ['Paint', 'paint'],
  ['EventDispatch', 'event'],
  ['FunctionCall', 'script'],
])

const maps = new Map<string, SourceMapConsumer | null>()
/** The source file (or package) a sampled frame belongs to, through the chunk's source map when there is one. */
function sourceOf({ callFrame: frame }: ProfileNode): string {
  const chunk = frame.url?.match(/\/assets\/([^/?]+\.js)$/)?.[1]
  if (!chunk) return frame.url ? new URL(frame.url).pathname : `(${frame.functionName || 'browser'})`
  const mapFile = path.join(spaDir, 'assets', `${chunk}.map`)
  if (!maps.has(mapFile))
    maps.set(
      mapFile,
      fs.existsSync(mapFile)
        ? new SourceMapConsumer(JSON.parse(fs.readFileSync(mapFile, 'utf8')) as RawSourceMap)
        : null,
    )
  const map = maps.get(mapFile)
  const position = { line: frame.lineNumber + 1, column: frame.columnNumber }
  const source =
    map?.originalPositionFor(position).source ??
    map?.originalPositionFor({ ...position, bias: SourceMapConsumer.LEAST_UPPER_BOUND }).source
  if (!source) return chunk
  const pkg = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1]
  return pkg ? `${pkg} (package)` : source.replace(/^.*?\/(?=(src|contract|sw)\/)/, '')
}

async function traceVisit(browser: Browser, url: string): Promise<TraceEvent[]> {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  const events: TraceEvent[] = []
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])))
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: [
        'toplevel',
        'loading',
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'disabled-by-default-v8.cpu_profiler',
      ],
    },
  })
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.waitForTimeout(2000)
  await cdp.send('Tracing.end')
  await complete
  await context.close()
  return events
}

function longTasks(events: TraceEvent[]) {
  // The page's main thread: the renderer thread that ran the most script.
  const calls = new Map<string, number>()
  for (const e of events)
    if (e.name === 'FunctionCall') calls.set(`${e.pid}:${e.tid}`, (calls.get(`${e.pid}:${e.tid}`) ?? 0) + 1)
  const [main] = [...calls].sort((a, b) => b[1] - a[1])[0]
  const mine = events.filter((e) => `${e.pid}:${e.tid}` === main)
  const start = Math.min(...mine.filter((e) => e.name === 'RunTask').map((e) => e.ts))
  const fcp = events.find((e) => e.name === 'firstContentfulPaint')?.ts ?? start

  const nodes = new Map<number, ProfileNode>()
  const samples: Array<[number, number]> = []
  let clock = 0
  for (const e of events) {
    if (`${e.pid}:${e.tid}` !== main && e.name !== 'ProfileChunk' && e.name !== 'Profile') continue
    if (e.name === 'Profile' && `${e.pid}` === main.split(':')[0]) clock = e.args?.data?.startTime ?? 0
    if (e.name !== 'ProfileChunk' || `${e.pid}` !== main.split(':')[0]) continue
    const data = e.args?.data
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node)
    data?.cpuProfile?.samples?.forEach((id, i) => {
      clock += data.timeDeltas?.[i] ?? 0
      samples.push([clock, id])
    })
  }

  return mine
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > 50_000)
    .sort((a, b) => a.ts - b.ts)
    .map((task) => {
      const end = task.ts + task.dur!
      const work = new Map<string, number>()
      for (const e of mine)
        if (e !== task && e.ph === 'X' && e.ts >= task.ts && e.ts < end && WORK.has(e.name))
          work.set(WORK.get(e.name)!, Math.max(work.get(WORK.get(e.name)!) ?? 0, e.dur! / 1000))
      const sources = new Map<string, number>()
      let sampled = 0
      for (const [ts, id] of samples)
        if (ts >= task.ts && ts < end && nodes.has(id)) {
          const source = sourceOf(nodes.get(id)!)
          sources.set(source, (sources.get(source) ?? 0) + 1)
          sampled++
        }
      return {
        at: (task.ts - start) / 1000,
        ms: task.dur! / 1000,
        afterPaint: task.ts >= fcp,
        work: [...work].sort((a, b) => b[1] - a[1]).slice(0, 3),
        sources: [...sources]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 8)
          .map(([s, n]) => [s, n / sampled] as const),
      }
    })
}

const server = await startBuiltServer(PORT, spaDir)
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking'],
})
try {
  for (const route of ROUTES) {
    const blocking: number[] = []
    for (let run = 0; run < RUNS; run++) {
      const tasks = longTasks(await traceVisit(browser, `http://localhost:${PORT}${route}`))
      blocking.push(tasks.filter((t) => t.afterPaint).reduce((sum, t) => sum + t.ms - 50, 0))
      if (run > 0) continue
      console.log(`\n${route}: tasks over 50 ms, first visit (4x CPU)`)
      for (const task of tasks) {
        const work = task.work.map(([w, ms]) => `${w} ${ms.toFixed(0)} ms`).join(', ')
        console.log(
          `  +${task.at.toFixed(0)} ms: ${task.ms.toFixed(0)} ms${task.afterPaint ? '' : ' (before the first paint)'}  ${work}`,
        )
        for (const [source, share] of task.sources)
          console.log(`      ${(share * 100).toFixed(0).padStart(3)}% ${source}`)
      }
    }
    blocking.sort((a, b) => a - b)
    console.log(
      `${route}: blocking time after the first paint, median of ${RUNS}: ${blocking[Math.floor(RUNS / 2)].toFixed(0)} ms (${blocking.map((b) => b.toFixed(0)).join(', ')})`,
    )
  }
} finally {
  await browser.close()
  server.kill()
}
