import { Hono } from 'hono'
import type { AppEnv } from '../types.js'
import { requireRole } from '../middleware/auth.js'
import { bodyOf, validate } from '../middleware/validate.js'
import { billingSettings, saveBillingSettings } from '../lib/billing.js'

/** billing-settings/: what the public pages say about the offer and VAT. */
export const billingSettingsRoutes = new Hono<AppEnv>({ strict: false }).get('/', async (c) => {
  const { vatRatePercent, firstServiceOffer, firstServicePercent } = await billingSettings(c.var.db)
  return c.json({ vatRatePercent, firstServiceOffer, firstServicePercent })
})

/** admins/billing-settings/: the admin reads and sets the billing rules. */
export const adminBillingSettingsRoutes = new Hono<AppEnv>({ strict: false })
  .get('/', requireRole('admin'), async (c) => c.json(await billingSettings(c.var.db)))
  .post('/', requireRole('admin'), validate('json', bodyOf('POST admins/billing-settings/')), async (c) => {
    await saveBillingSettings(c.var.db, c.req.valid('json'))
    return c.json({ message: 'Billing settings saved.', settings: await billingSettings(c.var.db) })
  })
