import { createHash } from 'node:crypto'
import { Hono } from 'hono'
import type { AppEnv } from '../types.js'
import { requireRole } from '../middleware/auth.js'
import { bodyOf, parseId, validate } from '../middleware/validate.js'
import { fail } from '../lib/http-error.js'
import { activeKinds, allKinds, createKind, updateKind } from '../lib/services.js'

/** If-None-Match holds this ETag (weak comparison, as for GET). */
const matches = (header: string | undefined, etag: string) =>
  !!header &&
  (header.trim() === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag.slice(2)))

/** services/: the price list, the same for everyone (mounted at services/). */
export const serviceListRoutes = new Hono<AppEnv>({ strict: false }).get('/', async (c) => {
  const json = JSON.stringify(await activeKinds(c.var.db))
  const etag = `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`
  c.header('ETag', etag)
  // Stored, but checked with the server each time (a 304 costs a few bytes): a new price shows at once.
  c.header('Cache-Control', 'no-cache')
  if (matches(c.req.header('If-None-Match'), etag)) return c.body(null, 304)
  c.header('Content-Type', 'application/json')
  return c.body(json)
})

/** admins/services/: the admin keeps the kinds and their prices (mounted at admins/services/). */
export const adminServiceRoutes = new Hono<AppEnv>({ strict: false })
  .get('/', requireRole('admin'), async (c) => c.json(await allKinds(c.var.db)))
  .post('/', requireRole('admin'), validate('json', bodyOf('POST admins/services/')), async (c) => {
    const kind = await createKind(c.var.db, c.req.valid('json'))
    return c.json({ message: `${kind.name} added`, kind }, 201)
  })
  .post('/:id', requireRole('admin'), validate('json', bodyOf('POST admins/services/{id}/')), async (c) => {
    const id = parseId(c.req.param('id')) || fail(404, 'Service kind not found')
    const kind = await updateKind(c.var.db, id, c.req.valid('json'))
    return c.json({ message: kind.active ? `${kind.name} saved` : `${kind.name} saved and hidden`, kind })
  })
