import { Hono, type Context } from 'hono'
import type { AppEnv } from '../types.js'
import type { Queryable } from '../db/index.js'
import { currentUser, requireLogin, requireRole } from '../middleware/auth.js'
import { bodyOf, parseId, validate, validateWithConfig } from '../middleware/validate.js'
import { answerOnce, idempotent } from '../middleware/idempotency.js'
import { fail } from '../lib/http-error.js'
import { bookNextVisit, createPlan, findPlan, listPlans, movePlan, takeOffer } from '../lib/plans.js'
import { adminPlanBody, planListQuery, type PlanAnswer, type PlanStatus } from '../../contract/plans.js'
import { formatDay, formatTime } from '../../contract/dates.js'

const planId = (c: Context<AppEnv>) => parseId(c.req.param('id')) ?? fail(404, 'No such plan.')

/** What a plan's answer says about its next visit: "Next visit: 26 Feb 2027 at 10:00 AM." */
const nextVisitWords = (plan: PlanAnswer) =>
  plan.nextVisit
    ? `Next visit: ${formatDay(plan.nextVisit.date)} at ${formatTime(plan.nextVisit.time)}.`
    : 'No visit is booked ahead.'

const MOVED: Record<PlanStatus, string> = {
  Active: 'Plan resumed.',
  Paused: 'Plan paused: no further visit is booked until you resume it.',
  Cancelled: 'Plan cancelled.',
}

/** Pause, resume or cancel `id` in one transaction and answer the plan as it now is. */
async function move(c: Context<AppEnv>, id: number, to: PlanStatus, customerId?: number) {
  return c.var.db.transaction().execute(async (trx) => {
    await movePlan(trx, id, to, c.var.config.now(), customerId)
    const plan = (await findPlan(trx, id))!
    return answerOnce(c, trx, { message: `${MOVED[to]} ${nextVisitWords(plan)}`, plan })
  })
}

const answered = (db: Queryable, id: number, message: (plan: PlanAnswer) => string) =>
  findPlan(db, id).then((plan) => ({ message: message(plan!), plan: plan! }))

/** plans/: the customer's own plans; taking the offer on a completed visit's report. */
export const customerPlanRoutes = new Hono<AppEnv>({ strict: false })
  .get('/', requireLogin, async (c) => c.json(await listPlans(c.var.db, { customerId: currentUser(c).id })))
  .post('/', requireLogin, idempotent, validate('json', bodyOf('POST plans/')), async (c) => {
    const body = c.req.valid('json')
    const customerId = currentUser(c).id
    return c.var.db.transaction().execute(async (trx) => {
      const { fresh, planId: id } = await takeOffer(trx, customerId, body, c.var.config.now())
      const answer = await answered(trx, id, (plan) =>
        fresh
          ? `Done: a ${plan.service} visit ${plan.every}. ${nextVisitWords(plan)}`
          : `You already have this plan. ${nextVisitWords(plan)}`,
      )
      return answerOnce(c, trx, answer, fresh ? 201 : 200)
    })
  })
  .post('/:id/pause', requireLogin, idempotent, async (c) => move(c, planId(c), 'Paused', currentUser(c).id))
  .post('/:id/resume', requireLogin, idempotent, async (c) => move(c, planId(c), 'Active', currentUser(c).id))
  .post('/:id/cancel', requireLogin, idempotent, async (c) =>
    move(c, planId(c), 'Cancelled', currentUser(c).id),
  )

/** admins/plans/: every plan, writing one for a customer, and booking the next visit of one left without. */
export const adminPlanRoutes = new Hono<AppEnv>({ strict: false })
  .get('/', requireRole('admin'), validate('query', planListQuery), async (c) =>
    c.json(await listPlans(c.var.db, c.req.valid('query'))),
  )
  .post(
    '/',
    requireRole('admin'),
    idempotent,
    validateWithConfig('json', (config) => adminPlanBody(() => new Date(config.now()))),
    async (c) => {
      const body = c.req.valid('json')
      return c.var.db.transaction().execute(async (trx) => {
        const id = await createPlan(trx, body, currentUser(c).id)
        const answer = await answered(
          trx,
          id,
          (plan) =>
            `Plan written for ${plan.customer.name}: ${plan.service} ${plan.every}. ${nextVisitWords(plan)}`,
        )
        return answerOnce(c, trx, answer, 201)
      })
    },
  )
  .post('/:id/book-next', requireRole('admin'), idempotent, async (c) => {
    const id = planId(c)
    return c.var.db.transaction().execute(async (trx) => {
      await bookNextVisit(trx, id, c.var.config.now())
      return answerOnce(c, trx, await answered(trx, id, nextVisitWords))
    })
  })
  .post('/:id/pause', requireRole('admin'), idempotent, async (c) => move(c, planId(c), 'Paused'))
  .post('/:id/resume', requireRole('admin'), idempotent, async (c) => move(c, planId(c), 'Active'))
  .post('/:id/cancel', requireRole('admin'), idempotent, async (c) => move(c, planId(c), 'Cancelled'))
