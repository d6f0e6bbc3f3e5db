import { Hono, type Context } from 'hono'
import type { AppEnv } from '../types.js'
import { requireRole } from '../middleware/auth.js'
import { bodyOf, parseId, validate } from '../middleware/validate.js'
import { fail } from '../lib/http-error.js'
import { readLink } from '../lib/signed-links.js'
import { publishRating, rateVisit, ratingView, ratingsForOffice, testimonials } from '../lib/ratings.js'

/** The visit a rating link opens (404 for a link never ours, 410 once it has expired). */
const linkedVisit = (c: Context<AppEnv>) =>
  readLink(c.var.db, 'rating', c.req.param('token') ?? '', c.var.config.now())

/** rating-links/{token}/: the customer rates a completed visit from the completion message, without logging in. */
export const ratingLinkRoutes = new Hono<AppEnv>({ strict: false })
  .get('/:token', async (c) => c.json(await ratingView(c.var.db, await linkedVisit(c))))
  .post('/:token', validate('json', bodyOf('POST rating-links/{token}/')), async (c) => {
    const id = await linkedVisit(c)
    const body = c.req.valid('json')
    await rateVisit(c.var.db, id, body, c.var.config.now())
    return c.json({ message: 'Thank you for rating our visit!', view: await ratingView(c.var.db, id) })
  })

/** testimonials/: what customers said and agreed to show (public). */
export const testimonialRoutes = new Hono<AppEnv>({ strict: false }).get('/', async (c) =>
  c.json(await testimonials(c.var.db)),
)

/** admins/ratings/: the office reads the ratings and shows the ones customers agreed to as testimonials. */
export const adminRatingRoutes = new Hono<AppEnv>({ strict: false })
  .get('/', requireRole('admin'), async (c) => c.json(await ratingsForOffice(c.var.db)))
  .post(
    '/:id/publish',
    requireRole('admin'),
    validate('json', bodyOf('POST admins/ratings/{id}/publish/')),
    async (c) => {
      const id = parseId(c.req.param('id')) ?? fail(404, 'There is no rating for this booking.')
      const { published } = c.req.valid('json')
      await publishRating(c.var.db, id, published, c.var.config.now())
      return c.json({ message: published ? 'Shown as a testimonial.' : 'No longer shown.' })
    },
  )
