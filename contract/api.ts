/**
 * Every call of the API, gathered from each feature's table. The server validates with it, the client's
 * callApi is typed by it (type-only: no zod in the page's bundle), and api/openapi.ts documents it.
 */
import { z } from 'zod'
import { accountEndpoints } from './account.js'
import { authEndpoints } from './auth.js'
import { dashboardEndpoints } from './dashboard.js'
import { deliveryEndpoints } from './delivery.js'
import { defineEndpoints } from './endpoint.js'
import { messageEndpoints } from './messages.js'
import { notificationEndpoints } from './notifications.js'
import { bookingEndpoints } from './bookings.js'
import { billingEndpoints } from './billing.js'
import { invoiceEndpoints } from './invoices.js'
import { quoteEndpoints } from './quotes.js'
import { planEndpoints } from './plans.js'
import { bookingLinkEndpoints } from './booking-links.js'
import { ratingEndpoints } from './ratings.js'
import { pushEndpoints } from './push.js'
import { certificateEndpoints } from './certificates.js'
import { staffEndpoints } from './staff.js'
import { cartEndpoints } from './cart.js'
import { catalogueEndpoints } from './catalogue.js'
import { orderEndpoints } from './orders.js'
import { paymentEndpoints } from './payments.js'
import { userEndpoints } from './users.js'
import { withdrawalEndpoints } from './withdrawals.js'
import { serviceEndpoints } from './services.js'

const referenceEndpoints = defineEndpoints('reference', {
  'GET openapi.json': {
    summary: 'This reference, as an OpenAPI 3.1 document.',
    access: 'public',
    answer: z.looseObject({ openapi: z.string() }),
  },
})

export const apiEndpoints = {
  ...referenceEndpoints,
  ...authEndpoints,
  ...userEndpoints,
  ...accountEndpoints,
  ...messageEndpoints,
  ...notificationEndpoints,
  ...dashboardEndpoints,
  ...withdrawalEndpoints,
  ...deliveryEndpoints,
  ...bookingEndpoints,
  ...serviceEndpoints,
  ...staffEndpoints,
  ...catalogueEndpoints,
  ...cartEndpoints,
  ...orderEndpoints,
  ...paymentEndpoints,
  ...billingEndpoints,
  ...invoiceEndpoints,
  ...quoteEndpoints,
  ...planEndpoints,
  ...bookingLinkEndpoints,
  ...ratingEndpoints,
  ...pushEndpoints,
  ...certificateEndpoints,
}
export type ApiEndpoints = typeof apiEndpoints
export type ApiCall = keyof ApiEndpoints
