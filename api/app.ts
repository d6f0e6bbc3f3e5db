import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { HTTPException } from 'hono/http-exception'
import type { AppDeps, AppEnv } from './types.js'
import { sessionMiddleware } from './middleware/session.js'
import { csrfProtection } from './middleware/csrf.js'
import { AttemptLimiter } from './lib/rate-limit.js'
import { ApiFailure } from './lib/http-error.js'
import { securityHeaders } from './middleware/security-headers.js'
import { bodyLimits } from './middleware/validate.js'
import { authRoutes } from './routes/auth.js'
import { catalogueRoutes, deleteProduct, mediaRoutes } from './routes/catalogue.js'
import { cartRoutes, removeFromCart } from './routes/cart.js'
import { paymentsRoutes } from './routes/payments.js'
import {
  adminRescheduleRoutes,
  appointmentRoutes,
  bookingActionRoutes,
  cancelBooking,
} from './routes/bookings.js'
import { adminOrderRoutes, orderActionRoutes, orderCountRoutes, userOrderRoutes } from './routes/orders.js'
import {
  alertRoutes,
  contactRoutes,
  inboxRoutes,
  newsletterRoutes,
  sentMessageRoutes,
} from './routes/messages.js'
import { notificationsRoutes } from './routes/notifications.js'
import {
  messagePreferenceRoutes,
  notificationSettingsRoutes,
  passwordRoutes,
  profileRoutes,
} from './routes/account.js'
import { dashboardRoutes } from './routes/dashboard.js'
import { deleteUser, userEditRoutes, userListRoutes } from './routes/users.js'
import { paymentSettingsRoutes, withdrawalRoutes } from './routes/withdrawals.js'
import { moneyRoutes } from './routes/money.js'
import { deletionRoutes } from './routes/deletions.js'
import { referenceRoutes } from './routes/reference.js'
import { adminServiceRoutes, serviceListRoutes } from './routes/services.js'
import { adminPasswordResetRoutes, passwordResetRoutes } from './routes/password-reset.js'
import { assignRoutes, staffRoutes } from './routes/staff.js'
import { adminDeliveryFeeRoutes, deliveryFeeRoutes } from './routes/delivery.js'
import {
  adminBookingSettingsRoutes,
  bookingChangeRoutes,
  bookingSettingsRoutes,
} from './routes/booking-changes.js'
import { adminBillingSettingsRoutes, billingSettingsRoutes } from './routes/billing.js'
import { adminInvoiceRoutes, customerInvoiceRoutes, invoiceLinkRoutes } from './routes/invoices.js'
import { adminQuoteRoutes, customerQuoteRoutes, quoteLinkRoutes, staffQuoteRoutes } from './routes/quotes.js'
import { adminPlanRoutes, customerPlanRoutes } from './routes/plans.js'
import { bookingLinkRoutes } from './routes/booking-links.js'
import { adminRatingRoutes, ratingLinkRoutes, testimonialRoutes } from './routes/ratings.js'
import { pushRoutes } from './routes/push.js'
import { adminCertificateRoutes, certificateDraftRoutes, certificateRoutes } from './routes/certificates.js'

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
        // X-User-Id: the page names its user on reads so the service worker caches per user (src/lib/worker-protocol.ts).
        allowHeaders: ['Content-Type', 'X-CSRFToken', 'Idempotency-Key', 'X-User-Id'],
        // The device's outbox waits as long as a 429 asks before sending again.
        exposeHeaders: ['Retry-After'],
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

  // Each path prefix names the file that answers it. Auth, cart and payments keep the original client's
  // scattered top-level paths (login/, check_cart/, verify/, …), which share no prefix: those routers hold full paths.
  const routes = api
    .route('/', authRoutes)
    .route('/', cartRoutes)
    .route('/', paymentsRoutes)
    .route('/add', catalogueRoutes)
    .route('/media', mediaRoutes)
    .route('/appointment', appointmentRoutes)
    .route('/appointment', bookingChangeRoutes)
    .route('/admins/actions', bookingActionRoutes)
    .route('/admins/orders', adminOrderRoutes)
    .route('/admins/order_actions', orderActionRoutes)
    .route('/users/orders', userOrderRoutes)
    .route('/check_order', orderCountRoutes)
    .route('/quick/message', contactRoutes)
    .route('/newsletter', newsletterRoutes)
    .route('/admins/messages', inboxRoutes)
    .route('/users/notifications', notificationsRoutes)
    .route('/admins/settings', profileRoutes)
    .route('/admins/password', passwordRoutes)
    .route('/admins/notification-settings', notificationSettingsRoutes)
    .route('/account/message-preferences', messagePreferenceRoutes)
    .route('/get', dashboardRoutes)
    .route('/get/users', userListRoutes)
    .route('/admins/users', userEditRoutes)
    .route('/admins/withdrawals', withdrawalRoutes)
    .route('/admins/money', moneyRoutes)
    .route('/admins/payment-settings', paymentSettingsRoutes)
    .route(
      '/admins/delete',
      deletionRoutes({
        user: deleteUser,
        product: deleteProduct,
        booking: cancelBooking,
        cart: removeFromCart,
      }),
    )
    .route('/', passwordResetRoutes)
    .route('/admins/users', adminPasswordResetRoutes)
    .route('/admins/sent-messages', sentMessageRoutes)
    .route('/admins/alerts', alertRoutes)
    .route('/admins/bookings', assignRoutes)
    .route('/admins/bookings', adminRescheduleRoutes)
    .route('/staff', staffRoutes)
    .route('/delivery-fees', deliveryFeeRoutes)
    .route('/admins/delivery-fees', adminDeliveryFeeRoutes)
    .route('/booking-settings', bookingSettingsRoutes)
    .route('/admins/booking-settings', adminBookingSettingsRoutes)
    .route('/billing-settings', billingSettingsRoutes)
    .route('/admins/billing-settings', adminBillingSettingsRoutes)
    .route('/services', serviceListRoutes)
    .route('/admins/services', adminServiceRoutes)
    .route('/admins/invoices', adminInvoiceRoutes)
    .route('/invoices', customerInvoiceRoutes)
    .route('/invoice-links', invoiceLinkRoutes)
    .route('/admins/quotes', adminQuoteRoutes)
    .route('/staff', staffQuoteRoutes)
    .route('/quotes', customerQuoteRoutes)
    .route('/quote-links', quoteLinkRoutes)
    .route('/admins/plans', adminPlanRoutes)
    .route('/plans', customerPlanRoutes)
    .route('/booking-links', bookingLinkRoutes)
    .route('/rating-links', ratingLinkRoutes)
    .route('/admins/ratings', adminRatingRoutes)
    .route('/testimonials', testimonialRoutes)
    .route('/push', pushRoutes)
    .route('/admins/certificates', adminCertificateRoutes)
    .route('/certificates', certificateRoutes)
    .route('/admins/bookings', certificateDraftRoutes)
    .route('/', referenceRoutes)

  // Registered last, so it only answers what no router did (the parent app's notFound never sees /api paths).
  routes.all('*', (c) => c.json({ message: `No such API call: ${c.req.method} ${c.req.path}` }, 404))
  routes.onError((err, c) => {
    if (err instanceof ApiFailure) {
      for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value)
      return c.json(
        { message: err.message, ...(err.field && { field: err.field }), ...err.extra },
        err.status,
      )
    }
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
