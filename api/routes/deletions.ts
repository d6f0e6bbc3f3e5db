import { Hono, type Context } from 'hono'
import type { AppEnv, DbRole } from '../types.js'
import { refusal, requireLogin } from '../middleware/auth.js'

type DeletionHandler = (c: Context<AppEnv>) => Response | Promise<Response>

const ANYONE: readonly DbRole[] = ['admin', 'staff', 'customer']

/** Who may ask, per kind; a cart line is the caller's own, so any logged-in account. */
const ROLES = {
  user: ['admin'],
  product: ['admin'],
  booking: ['admin'],
  cart: ANYONE,
} satisfies Record<string, readonly DbRole[]>

/** The delete handler of the feature that owns each kind (passed in by api/app.ts: routers never import each other). */
export type DeletionHandlers = Record<keyof typeof ROLES, DeletionHandler>

const isKind = (kind: string): kind is keyof typeof ROLES => Object.hasOwn(ROLES, kind)

/**
 * DELETE admins/delete/{id}/{kind}/ (mounted at admins/delete/): one delete path for four unrelated things,
 * each kind answered by its feature's handler.
 */
export function deletionRoutes(handlers: DeletionHandlers) {
  return new Hono<AppEnv>({ strict: false }).delete('/:id/:kind', requireLogin, (c) => {
    const kind = c.req.param('kind')
    if (!isKind(kind)) {
      return c.json({ message: `Unknown kind: ${kind}. Use user, product, booking or cart.` }, 400)
    }
    return refusal(c, ROLES[kind]) ?? handlers[kind](c)
  })
}
