import { Hono } from 'hono'
import type { AppEnv } from '../types.js'
import { currentUser, requireLogin } from '../middleware/auth.js'
import { bodyOf, validate } from '../middleware/validate.js'
import { removePushSubscription, savePushSubscription, vapidKeys } from '../messaging/push.js'

/** push/: a logged-in person's phones that show their notifications in the tray (web push). */
export const pushRoutes = new Hono<AppEnv>({ strict: false })
  .get('/key', requireLogin, async (c) => {
    const { publicKey } = await vapidKeys(c.var.db, c.var.config)
    return c.json({ publicKey })
  })
  .post('/subscriptions', requireLogin, validate('json', bodyOf('POST push/subscriptions/')), async (c) => {
    await savePushSubscription(c.var.db, currentUser(c).id, c.req.valid('json'))
    return c.json({ message: 'Notifications are on for this phone.' }, 201)
  })
  .post(
    '/subscriptions/remove',
    requireLogin,
    validate('json', bodyOf('POST push/subscriptions/remove/')),
    async (c) => {
      await removePushSubscription(c.var.db, currentUser(c).id, c.req.valid('json').endpoint)
      return c.json({ message: 'Notifications are off for this phone.' })
    },
  )
