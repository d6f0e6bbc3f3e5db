import fs from 'node:fs'
import path from 'node:path'
import { Hono } from 'hono'
import { serve } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import type { AppConfig } from './config.js'
import { migrate, openDatabase } from './db/index.js'
import { seedIfEmpty } from './db/seed.js'
import { setScryptCost } from './lib/password.js'
import { createApp } from './app.js'
import { createGateway } from './payments/index.js'
import { startPaymentChecks } from './lib/payment-check.js'
import { createTransports, startMessageSender } from './messaging/index.js'

/**
 * Opens the database (migrating and seeding it on first start) and listens on `port`; the built SPA is
 * served next to the API when `spaDir` is given. The entries (server.ts, dev.ts) parse the config first.
 */
export async function startServer(config: AppConfig, { port, spaDir }: { port: number; spaDir?: string }) {
  setScryptCost(config.scryptN)
  const db = openDatabase(config.databasePath)
  const applied = migrate(db)
  if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`)
  await seedIfEmpty(db, config, { ...config.seed, log: console.log })

  const gateway = createGateway(config, db)
  const root = new Hono({ strict: false })
  root.route('/', createApp({ db, config, gateway }))
  // Settles paid payments whose browser and webhook never arrived, expires stock holds, retries refunds.
  startPaymentChecks({ db, gateway, now: config.now })
  // Delivers queued email/SMS after each write and retries failures; with nothing configured, logs them.
  const transports = createTransports(config)
  console.log(
    `Messages: email by ${transports.email.name === 'log' ? 'the log (SMTP_URL unset)' : 'SMTP'}, ` +
      `SMS by ${transports.sms.name === 'log' ? 'the log (SMS_PROVIDER unset)' : transports.sms.name}`,
  )
  const sender = startMessageSender(config, db, transports)

  if (spaDir) {
    const indexHtml = path.join(spaDir, 'index.html')
    if (!fs.existsSync(indexHtml)) throw new Error(`No built app at ${spaDir}: run "npm run build" first.`)
    // Read once: the build does not change under a running server (a deploy restarts it).
    const shellHtml = fs.readFileSync(indexHtml, 'utf8')
    const relRoot = path.relative(process.cwd(), spaDir) || '.'
    root.use('/assets/*', async (c, next) => {
      await next()
      // File names carry a content hash: safe to keep for a year.
      if (c.res.ok) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable')
    })
    root.use('*', async (c, next) => {
      await next()
      // The service worker and the HTML must be re-checked on every visit, or updates never arrive.
      if (/\/(sw\.js|index\.html|manifest\.webmanifest)?$/.test(c.req.path) && c.res.ok) {
        c.res.headers.set('Cache-Control', 'no-cache')
      }
    })
    root.use('*', serveStatic({ root: relRoot }))
    const apiPrefix = config.apiBase
    root.get('*', (c) => {
      if (c.req.path.startsWith(apiPrefix)) return c.notFound()
      // Client-side routes (/about, /admin/orders, ...) all load the single-page app.
      return c.html(shellHtml)
    })
  }

  const server = serve({ fetch: root.fetch, port }, (info) => {
    console.log(`Listening on http://localhost:${info.port} (API at ${config.apiBase})`)
  })
  const stop = () => {
    sender.stop()
    server.close()
    db.close()
    process.exit(0)
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  return server
}
