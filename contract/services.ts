/**
 * Service kinds and their prices (services/, admins/services/): the kinds of work under the two services,
 * each with a price rule, and the estimate a booking of one gets. Amounts are naira on the wire.
 */
import { z } from 'zod'
import { defineEndpoints } from './endpoint.js'
import { messageAnswer, naira, nairaField, requiredText } from './fields.js'
import { SERVICES } from './bookings.js'
import { PRICE_RULES } from './service-prices.js'

export {
  SERVICE_LABELS,
  PRICE_RULES,
  PRICE_RULE_LABELS,
  formatPrice,
  pluralUnit,
  unitsText,
  priceText,
  estimateOf,
  estimateText,
  type PriceRule,
  type Estimate,
} from './service-prices.js'

const MAX_PRICE = 100_000_000

export const serviceKind = z.object({
  id: z.number().int(),
  service: z.enum(SERVICES),
  name: z.string(),
  description: z.string(),
  price_rule: z.enum(PRICE_RULES),
  /** The price, the price of one unit, or the lowest price ("from"). */
  price: naira,
  /** The unit's name for a per_unit kind ("room"); empty otherwise. */
  unit: z.string(),
  /** Hidden kinds are left out of /services and /book; bookings made with one keep it. */
  active: z.boolean(),
  /** Lower first, within its service. */
  position: z.number().int(),
})
export type ServiceKind = z.infer<typeof serviceKind>

const priceField = nairaField('Price is required', 'Price must be a number of naira, e.g. 45,000').pipe(
  z
    .number()
    .min(0, 'Price cannot be negative')
    .max(MAX_PRICE, 'Price is too large')
    .refine(
      (n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6,
      'Price can have at most 2 decimals (kobo)',
    ),
)

/** The admin's form for a kind (POST admins/services/, admins/services/{id}/). */
export const serviceKindBody = z
  .object({
    service: z.enum(SERVICES, { error: 'Choose a service: fumigation or cleaning' }),
    name: requiredText('Name', 80),
    description: z.string().trim().max(300, 'Description must be at most 300 characters').default(''),
    price_rule: z.enum(PRICE_RULES, { error: 'Choose how it is priced: fixed, per unit or from' }),
    price: priceField,
    unit: z.string().trim().max(20, 'Unit must be at most 20 characters').default(''),
    active: z.boolean({ error: 'Shown must be true or false' }).default(true),
    position: z
      .number({ error: 'Order must be a whole number' })
      .int('Order must be a whole number')
      .min(0, 'Order cannot be negative')
      .max(9999, 'Order can be at most 9999')
      .default(0),
  })
  .superRefine((v, ctx) => {
    if (v.price_rule === 'per_unit' && !v.unit) {
      ctx.addIssue({ code: 'custom', path: ['unit'], message: 'Name the unit: room, m², seat...' })
    }
  })
  .transform((v) => ({ ...v, unit: v.price_rule === 'per_unit' ? v.unit : '' }))
export type ServiceKindRequest = z.input<typeof serviceKindBody>

const NAME_TAKEN = 'A kind with this name already exists under that service.'

export const serviceEndpoints = defineEndpoints('services', {
  'GET services/': {
    summary:
      'The service kinds a customer may book and their prices, by service and order (hidden kinds left out).',
    access: 'public',
    answer: z.array(serviceKind),
    conditional: true,
  },
  'GET admins/services/': {
    summary: 'Every service kind, hidden ones too, with how many bookings chose each.',
    access: 'admin',
    answer: z.array(serviceKind.extend({ bookings: z.number().int() })),
  },
  'POST admins/services/': {
    summary: 'Adds a service kind with its price.',
    access: 'admin',
    body: serviceKindBody,
    answer: messageAnswer.extend({ kind: serviceKind }),
    status: 201,
    errors: { 409: NAME_TAKEN },
  },
  'POST admins/services/{id}/': {
    summary:
      'Edits a service kind (`active: false` hides it). Bookings made with it keep their estimate; ' +
      'a kind bookings use stays under its service.',
    access: 'admin',
    body: serviceKindBody,
    answer: messageAnswer.extend({ kind: serviceKind }),
    errors: { 409: `${NAME_TAKEN} Or bookings use it and it would move to the other service.` },
  },
})
