import { Hono } from 'hono'
import type { AppEnv } from '../types.js'
import { requireRole } from '../middleware/auth.js'
import { bodyOf, validate } from '../middleware/validate.js'
import { listDeliveryFees, setDeliveryFees } from '../lib/delivery.js'

/** delivery-fees/: what delivery costs per state (public: the checkout shows it before paying). */
export const deliveryFeeRoutes = new Hono<AppEnv>({ strict: false }).get('/', async (c) =>
  c.json(await listDeliveryFees(c.var.db)),
)

/** admins/delivery-fees/: the admin sets fees (null = to be agreed); answers the whole table. */
export const adminDeliveryFeeRoutes = new Hono<AppEnv>({ strict: false }).post(
  '/',
  requireRole('admin'),
  validate('json', bodyOf('POST admins/delivery-fees/')),
  async (c) => {
    await setDeliveryFees(c.var.db, c.req.valid('json').fees)
    return c.json({ message: 'Delivery fees saved.', fees: await listDeliveryFees(c.var.db) })
  },
)
