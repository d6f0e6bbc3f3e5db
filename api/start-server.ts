import fs from 'node:fs'
import type http from 'node:http'
import path from 'node:path'
import zlib from 'node:zlib'
import { Hono, type MiddlewareHandler } from 'hono'
import { serve, type ServerType } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { compress } from 'hono/compress'
import type { AppConfig } from './config.js'
import { migrate, openDatabase } from './db/index.js'
import { seedIfEmpty } from './lib/seed.js'
import { importMediaDir } from './lib/images.js'
import { importJobPhotosFromDisk } from './lib/report.js'
import { setScryptCost } from './lib/password.js'
import { createApp } from './app.js'
import { createGateway, startPaymentChecks } from './payments/index.js'
import { startHousekeeping } from './lib/housekeeping.js'
import { startReminders } from './lib/reminders.js'
import { watchCatalogue } from './lib/catalogue-cache.js'
import { createTransports, startMessageSender } from './messaging/index.js'

/**
 * Opens the database (migrating and seeding it on first start) and listens on `port`; the built SPA is
 * served next to the API when `spaDir` is given. The entries (server.ts, dev.ts) parse the config first.
 * SIGINT/SIGTERM run `stop()` (also returned) and exit 0 once it has finished.
 */
export async function startServer(config: AppConfig, { port, spaDir }: { port: number; spaDir?: string }) {
  setScryptCost(config.scryptN)
  const opened = openDatabase(config.databaseUrl || config.databasePath, {
    poolSize: config.databasePoolSize,
  })
  const { db } = opened
  const applied = await migrate(opened)
  if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`)
  // Installs from before the media table kept images in MEDIA_DIR (product pictures, job photos in
  // jobs/): carry them over, so none is lost.
  const imported =
    (await importMediaDir(db, config.mediaDir)) + (await importJobPhotosFromDisk(db, config.mediaDir))
  if (imported) console.log(`Imported ${imported} images from ${config.mediaDir} into the database`)
  await seedIfEmpty(db, config, { ...config.seed, log: console.log })

  const gateway = createGateway(config, db)
  const root = new Hono({ strict: false })
  // API answers over 1 KB go compressed (the catalogue brings its own precompressed bytes).
  root.use(`${config.apiBase}*`, compress({ threshold: 1024 }))
  root.route('/', createApp({ db, config, gateway }))
  // Settles paid payments whose browser and webhook never arrived, expires stock holds, retries refunds.
  const paymentChecks = startPaymentChecks({ db, gateway, now: config.now })
  // Delivers queued email/SMS after each write and retries failures; with nothing configured, logs them.
  const transports = createTransports(config, db)
  console.log(
    `Messages: email by ${transports.email.name === 'log' ? 'the log (SMTP_URL unset)' : 'SMTP'}, ` +
      `SMS by ${transports.sms.name === 'log' ? 'the log (SMS_PROVIDER unset)' : transports.sms.name}`,
  )
  const sender = startMessageSender(config, db, transports)
  const housekeeping = startHousekeeping(db, config.now)
  const reminders = startReminders(db, config.now, config.reminderTime)

  if (spaDir) serveBuiltApp(root, spaDir, config.apiBase)
  // PostgreSQL: the catalogue answer stays in memory until a NOTIFY says products changed (SQLite reads
  // its counter locally on each request instead).
  const catalogueWatch = opened.connectAlone ? watchCatalogue(db, opened.connectAlone) : null

  const server = serve({ fetch: root.fetch, port }, (info) => {
    console.log(`Listening on http://localhost:${info.port} (API at ${config.apiBase})`)
  })
  keepConnectionsForSlowLinks(server as http.Server)
  let stopping: Promise<void> | null = null
  /**
   * The one shutdown order (signals, tests): stop taking connections and let the requests in flight end
   * (cut after SHUTDOWN_GRACE_MS), stop the timers and let the message and payment passes under way end,
   * and only then close the database they all write to. Messages not sent by then stay queued for the
   * next start or another instance.
   */
  const stop = () =>
    (stopping ??= (async () => {
      console.log('Stopping: finishing the requests, messages and payment checks under way')
      await Promise.all([
        closeServer(server, SHUTDOWN_GRACE_MS),
        sender.stop(),
        paymentChecks.stop(),
        housekeeping.stop(),
        reminders.stop(),
      ])
      await catalogueWatch?.stop()
      await opened.close()
      console.log('Stopped')
    })())
  // process.once: a second Ctrl-C (or signal) while stopping gets the default handling and ends at once.
  const onSignal = () => {
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('Shutdown failed', err)
        process.exit(1)
      },
    )
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  return { server, stop }
}

/**
 * How long an idle connection stays open for the phone's next request. A phone on a slow link hears an
 * answer seconds after it left the server; with Node's 5 s default the server had often closed the
 * connection by then, so the phone's next request went out on a dead connection, waited for the close and
 * was sent again on a new one, which on 3G pushed it past the app's deadlines (the outbox's session check
 * then never succeeded). Longer than the slowest answer a phone still waits for.
 */
export const KEEP_ALIVE_MS = 65_000

function keepConnectionsForSlowLinks(server: http.Server) {
  server.keepAliveTimeout = KEEP_ALIVE_MS
  // Node wants the header timeout above the keep-alive one, or a reused connection can be cut mid-request.
  server.headersTimeout = KEEP_ALIVE_MS + 1000
}

/** How long the requests in flight at shutdown get to finish before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000

/**
 * Stops listening and resolves once every connection has ended: idle keep-alive connections are closed
 * at once (and as soon as their request in flight is answered), busy ones are cut after graceMs.
 */
function closeServer(server: ServerType, graceMs: number) {
  // serve() without a createServer option makes a node:http server.
  const http = server as http.Server
  return new Promise<void>((resolve) => {
    // close() closes the connections idle right now only; those answering a request become idle later.
    const idle = setInterval(() => http.closeIdleConnections(), 100)
    const force = setTimeout(() => {
      console.warn(`Requests still open ${graceMs / 1000} s after the stop: cutting them`)
      http.closeAllConnections()
    }, graceMs)
    http.close(() => {
      clearInterval(idle)
      clearTimeout(force)
      resolve()
    })
  })
}

/** The shell file the build writes for the routes it does not prerender (scripts/prerender.ts). */
const SHELL_FILE = 'app.html'

/**
 * The built client: files as built, sent precompressed (.br/.gz written by the build) when the browser
 * takes it; /about and the other prerendered routes from about.html...; any other route the empty shell.
 */
function serveBuiltApp(root: Hono, spaDir: string, apiPrefix: string) {
  const shellPath = path.join(spaDir, SHELL_FILE)
  if (!fs.existsSync(shellPath)) throw new Error(`No built app at ${spaDir}: run "npm run build" first.`)
  // Read once: the build does not change under a running server (a deploy restarts it).
  const stale = staleCompressedCopies(spaDir)
  if (stale.size) console.warn(`Serving uncompressed (their .br/.gz copies differ): ${[...stale].join(', ')}`)
  const shell = {
    html: fs.readFileSync(shellPath),
    br: stale.has(`/${SHELL_FILE}`) ? null : readIfExists(`${shellPath}.br`),
    gzip: stale.has(`/${SHELL_FILE}`) ? null : readIfExists(`${shellPath}.gz`),
  }
  const relRoot = path.relative(process.cwd(), spaDir) || '.'
  /** serveStatic, with the precompressed copies unless they are stale for the file asked for. */
  const files = (rewrite: (p: string) => string = (p) => p): MiddlewareHandler => {
    const compressed = serveStatic({ root: relRoot, precompressed: true, rewriteRequestPath: rewrite })
    const plain = serveStatic({ root: relRoot, rewriteRequestPath: rewrite })
    return (c, next) => {
      const file = rewrite(c.req.path).replace(/\/$/, '/index.html')
      return (stale.has(file) ? plain : compressed)(c, next)
    }
  }
  root.use('*', async (c, next) => {
    await next()
    if (!c.res.ok || c.req.path.startsWith(apiPrefix)) return
    const type = c.res.headers.get('Content-Type') ?? ''
    // File names under /assets carry a content hash: safe to keep for a year. The HTML, the service
    // worker and the manifest must be re-checked on every visit, or updates never arrive.
    if (c.req.path.startsWith('/assets/'))
      c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable')
    else if (type.startsWith('text/html') || /\/(sw\.js|manifest\.webmanifest)$/.test(c.req.path))
      c.res.headers.set('Cache-Control', 'no-cache')
    // The same URL answers gzip, brotli or plain bytes: caches must key on Accept-Encoding.
    if (
      /^(text\/|application\/(javascript|json|manifest\+json)|image\/svg)/.test(type) &&
      !c.res.headers.has('Vary')
    )
      c.res.headers.set('Vary', 'Accept-Encoding')
  })
  root.use('*', files())
  // /about -> about.html (a prerendered route); paths with a dot are files and were answered above.
  root.use(
    '*',
    files((p) => (p.includes('.') || p === '/' ? p : `${p.replace(/\/+$/, '')}.html`)),
  )
  root.get('*', (c) => {
    if (c.req.path.startsWith(apiPrefix)) return c.notFound()
    // Client-side routes (/book, /admin/orders, ...) all load the single-page app.
    const accepts = c.req.header('Accept-Encoding') ?? ''
    const [body, encoding] =
      shell.br && /\bbr\b/.test(accepts)
        ? [shell.br, 'br']
        : shell.gzip && /\bgzip\b/.test(accepts)
          ? [shell.gzip, 'gzip']
          : [shell.html, null]
    if (encoding) c.header('Content-Encoding', encoding)
    c.header('Content-Type', 'text/html; charset=UTF-8')
    return c.body(new Uint8Array(body))
  })
}

const readIfExists = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file) : null)

/**
 * URL paths (/sw.js) whose .br or .gz copy does not decode to the file itself: a file changed after the
 * build (a hand-patched deploy) must not be answered with its old compressed bytes. Checked once at start.
 */
function staleCompressedCopies(spaDir: string) {
  const stale = new Set<string>()
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (/\.(br|gz)$/.test(entry.name)) {
        const source = full.slice(0, -3)
        const bytes = fs.existsSync(source) ? fs.readFileSync(source) : null
        const copy = fs.readFileSync(full)
        const decoded = entry.name.endsWith('.br') ? zlib.brotliDecompressSync(copy) : zlib.gunzipSync(copy)
        if (!bytes || !decoded.equals(bytes))
          stale.add(`/${path.relative(spaDir, source).split(path.sep).join('/')}`)
      }
    }
  }
  walk(spaDir)
  return stale
}
