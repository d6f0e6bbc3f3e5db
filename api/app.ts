import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { HTTPException } from 'hono/http-exception'
import type { AppDeps, AppEnv } from './types.js'
import { sessionMiddleware } from './middleware/session.js'
import { csrfProtection } from './middleware/csrf.js'
import { AttemptLimiter } from './lib/rate-limit.js'
import { securityHeaders } from './middleware/security-headers.js'
import { bodyLimits } from './middleware/validate.js'
import { authRoutes } from './routes/auth.js'
import { catalogueRoutes } from './routes/catalogue.js'
import { cartRoutes } from './routes/cart.js'
import { bookingsRoutes } from './routes/bookings.js'
import { messagesRoutes } from './routes/messages.js'
import { ordersRoutes } from './routes/orders.js'
import { paymentsRoutes } from './routes/payments.js'
import { notificationsRoutes } from './routes/notifications.js'
import { settingsRoutes } from './routes/settings.js'
import { adminRoutes } from './routes/admin.js'

/**
 * Builds the API (mounted at config.apiBase) without listening, so tests drive it with app.request()
 * and server.ts wraps it with static file serving.
 */
export function createApp({ db, config, gateway }: AppDeps) {
  const base = config.apiBase.replace(/\/$/, '')
  const loginLimiter = AttemptLimiter.fromConfig(config)
  // Calls that come from outside the app carry no CSRF header; each has its own check instead.
  const csrfExempt = (path: string) =>
    path.startsWith(`${base}/pay/sandbox/`) || path.startsWith(`${base}/payments/webhook/`)

  const api = new Hono<AppEnv>({ strict: false })
  if (config.corsOrigin) {
    // Must name the one allowed origin: a wildcard with credentials is rejected by browsers (fail closed).
    api.use(
      '*',
      cors({
        origin: config.corsOrigin,
        credentials: true,
        allowHeaders: ['Content-Type', 'X-CSRFToken', 'Idempotency-Key'],
      }),
    )
  }
  api.use('*', async (c, next) => {
    c.set('db', db)
    c.set('config', config)
    c.set('gateway', gateway)
    c.set('loginLimiter', loginLimiter)
    await next()
  })
  api.use('*', bodyLimits(config))
  api.use('*', sessionMiddleware)
  api.use('*', csrfProtection(csrfExempt))

  const routes = api
    .route('/', authRoutes)
    .route('/', catalogueRoutes)
    .route('/', cartRoutes)
    .route('/', bookingsRoutes)
    .route('/', messagesRoutes)
    .route('/', ordersRoutes)
    .route('/', paymentsRoutes)
    .route('/', notificationsRoutes)
    .route('/', settingsRoutes)
    .route('/', adminRoutes)

  // Registered last, so it only answers what no router did (the parent app's notFound never sees /api paths).
  routes.all('*', (c) => c.json({ message: `No such API call: ${c.req.method} ${c.req.path}` }, 404))
  routes.onError((err, c) => {
    if (err instanceof HTTPException) {
      const status = err.status
      const message =
        err.message || (status === 413 ? 'The upload is too large. The limit is 5 MB.' : 'Bad request')
      return c.json({ message }, status)
    }
    console.error(err)
    return c.json({ message: 'Something went wrong on our side. Please try again.' }, 500)
  })

  const app = new Hono<AppEnv>({ strict: false })
    .use('*', ...securityHeaders(config))
    .route(base || '/', routes)
  return app
}

export type ApiApp = ReturnType<typeof createApp>
