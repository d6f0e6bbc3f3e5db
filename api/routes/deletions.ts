import { Hono, type Context } from 'hono'
import type { AppEnv, DbRole } from '../types.js'
import { refusal, requireLogin } from '../middleware/auth.js'
import { removeFromCart } from './cart.js'
import { deleteProduct } from './catalogue.js'
import { cancelBooking } from './bookings.js'
import { deleteUser } from './users.js'

interface Deletion {
  /** Who may ask; a cart line is the caller's own, so any logged-in account. */
  roles: readonly DbRole[]
  run: (c: Context<AppEnv>) => Response | Promise<Response>
}

const ANYONE: readonly DbRole[] = ['admin', 'staff', 'customer']

/** SPEC's one delete path for four unrelated things: each kind goes to the handler of the feature that owns it. */
const DELETIONS = new Map<string, Deletion>([
  ['user', { roles: ['admin'], run: deleteUser }],
  ['product', { roles: ['admin'], run: deleteProduct }],
  ['booking', { roles: ['admin'], run: cancelBooking }],
  ['cart', { roles: ANYONE, run: removeFromCart }],
])

/** DELETE admins/delete/{id}/{kind}/ (mounted at admins/delete/). */
export const deletionRoutes = new Hono<AppEnv>({ strict: false }).delete('/:id/:kind', requireLogin, (c) => {
  const kind = c.req.param('kind')
  const deletion = DELETIONS.get(kind)
  if (!deletion) {
    return c.json({ message: `Unknown kind: ${kind}. Use user, product, booking or cart.` }, 400)
  }
  return refusal(c, deletion.roles) ?? deletion.run(c)
})
