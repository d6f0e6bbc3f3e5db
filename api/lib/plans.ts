import type { Queryable } from '../db/index.js'
import { affectedRows, forUpdate } from '../db/dialect.js'
import {
  OFFERED_INTERVAL,
  intervalText,
  nextPlanVisit,
  type IntervalUnit,
  type PlanAnswer,
  type PlanInterval,
  type PlanStatus,
} from '../../contract/plans.js'
import { isEmergency, type BookingStatus, type Service } from '../../contract/bookings.js'
import { businessDay, formatDay, formatTime } from '../../contract/dates.js'
import { toKobo, toNaira } from '../../contract/money.js'
import { bookingSettings } from './bookings.js'
import { displayName } from './users.js'
import { fail, notFound } from './http-error.js'
import { MY_BOOKINGS, notify } from './notify.js'

// All of a plan's SQL (docs/rules/plans.md). A plan's visits are bookings with plan_id; the visit a
// completion books names the one it follows (plan_after_booking_id, unique), so it is written once.

type PlanRow = Awaited<ReturnType<typeof lockPlan>>

const today = (nowMs: number) => businessDay(new Date(nowMs))

async function lockPlan(trx: Queryable, id: number) {
  const plan = await forUpdate(
    trx,
    trx.selectFrom('service_plans').selectAll().where('id', '=', id),
  ).executeTakeFirst()
  return plan ?? fail(404, 'No such plan.')
}

const intervalOf = (p: PlanRow): PlanInterval => ({
  intervalUnit: p.interval_unit as IntervalUnit,
  intervalCount: p.interval_count,
})

/**
 * Books one visit of `plan` (Pending) at `when`, telling the customer. `after`: the visit whose completion
 * books it; a second try for the same visit (a replay, another instance) writes nothing and answers null.
 */
async function bookVisit(
  trx: Queryable,
  plan: PlanRow,
  when: { date: string; time: string },
  after: number | null,
): Promise<number | null> {
  const settings = await bookingSettings(trx)
  const every = intervalText(intervalOf(plan))
  const inserted = await trx
    .insertInto('bookings')
    .values({
      user_id: plan.customer_id,
      full_name: plan.full_name,
      phone_number: plan.phone_number,
      location: plan.location,
      service: plan.service,
      date: when.date,
      time: when.time,
      info: `Visit of the ${plan.service} plan (${every}).`,
      emergency: isEmergency(settings, when.date, when.time) ? 1 : 0,
      service_kind_id: plan.service_kind_id,
      estimate_kobo: plan.service_kind_id === null ? null : plan.price_kobo,
      estimate_rule: plan.service_kind_id === null ? null : 'fixed',
      plan_id: plan.id,
      plan_after_booking_id: after,
    })
    .onConflict((oc) => oc.column('plan_after_booking_id').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!inserted) return null
  await notify(
    trx,
    plan.customer_id,
    'Next Visit Booked',
    `Your next ${plan.service} visit (${every}) is booked for ${formatDay(when.date)} at ` +
      `${formatTime(when.time)}. We will confirm it nearer the day; you can move or cancel it in My bookings.`,
    MY_BOOKINGS,
  )
  return inserted.id
}

/** The plan's visit booked ahead (Pending or Confirmed), soonest first; undefined when there is none. */
const visitAhead = (db: Queryable, planId: number) =>
  db
    .selectFrom('bookings')
    .select(['id', 'date', 'time'])
    .where('plan_id', '=', planId)
    .where('status', 'in', ['Pending', 'Confirmed'])
    .orderBy('date')
    .orderBy('time')
    .executeTakeFirst()

/** The day the next visit counts from: the plan's last completed visit, else the visit that offered it. */
async function lastVisitDay(db: Queryable, plan: PlanRow): Promise<string | null> {
  const last = await db
    .selectFrom('bookings')
    .select('date')
    .where((eb) =>
      eb.or([
        eb('plan_id', '=', plan.id),
        ...(plan.source_booking_id === null ? [] : [eb('id', '=', plan.source_booking_id)]),
      ]),
    )
    .where('status', '=', 'Completed')
    .orderBy('date', 'desc')
    .executeTakeFirst()
  return last?.date ?? null
}

/** Books the next visit of an active plan with none ahead, counting from its last visit (or today). */
async function bookNextFromLast(trx: Queryable, plan: PlanRow, nowMs: number) {
  const day = today(nowMs)
  const from = (await lastVisitDay(trx, plan)) ?? day
  const when = nextPlanVisit(from, planPreferences(plan), await bookingSettings(trx), day)
  return bookVisit(trx, plan, when, null)
}

const planPreferences = (p: PlanRow) => ({
  ...intervalOf(p),
  preferredWeekday: p.preferred_weekday,
  preferredTime: p.preferred_time,
})

/**
 * A visit was completed (by the technician's "Complete job" or the office), in its transaction: when it
 * belongs to an active plan, the next visit is booked, once however often the completion is processed.
 */
export async function afterVisitCompleted(trx: Queryable, bookingId: number, nowMs: number) {
  const visit = await trx
    .selectFrom('bookings')
    .select(['id', 'date', 'plan_id'])
    .where('id', '=', bookingId)
    .executeTakeFirst()
  if (!visit?.plan_id) return null
  const plan = await trx
    .selectFrom('service_plans')
    .selectAll()
    .where('id', '=', visit.plan_id)
    .executeTakeFirst()
  if (!plan || plan.status !== 'Active') return null
  const when = nextPlanVisit(visit.date, planPreferences(plan), await bookingSettings(trx), today(nowMs))
  return bookVisit(trx, plan, when, visit.id)
}

export class AlreadyTaken {
  constructor(readonly planId: number) {}
}

/**
 * The customer takes the plan a completed visit's report offers: a plan at the same place and time of
 * day, on the same weekday, at the visit's price, and its next visit booked from the visit's day. Taking
 * it again (a double tap, a second tab) answers the plan made the first time.
 */
export async function takeOffer(
  trx: Queryable,
  customerId: number,
  input: { bookingId: number } & Partial<PlanInterval>,
  nowMs: number,
): Promise<{ fresh: boolean; planId: number }> {
  const visit = await trx
    .selectFrom('bookings')
    .selectAll()
    .where('id', '=', input.bookingId)
    .where('user_id', '=', customerId)
    .executeTakeFirstOrThrow(notFound('No such visit of yours.', { field: 'bookingId' }))
  if (visit.status !== 'Completed')
    fail(409, 'The visit is not completed yet: the plan is offered on its report.')
  const taken = await trx
    .selectFrom('service_plans')
    .select('id')
    .where('source_booking_id', '=', visit.id)
    .executeTakeFirst()
  if (taken) return { fresh: false, planId: taken.id }
  const inserted = await trx
    .insertInto('service_plans')
    .values({
      customer_id: customerId,
      service: visit.service,
      service_kind_id: visit.service_kind_id,
      full_name: visit.full_name,
      phone_number: visit.phone_number,
      location: visit.location,
      interval_unit: input.intervalUnit ?? OFFERED_INTERVAL.intervalUnit,
      interval_count: input.intervalCount ?? OFFERED_INTERVAL.intervalCount,
      preferred_weekday: new Date(`${visit.date}T12:00:00Z`).getUTCDay(),
      preferred_time: visit.time,
      price_kobo: visit.estimate_kobo ?? 0,
      source_booking_id: visit.id,
      created_by: customerId,
    })
    .onConflict((oc) => oc.column('source_booking_id').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!inserted) return takeOffer(trx, customerId, input, nowMs)
  const plan = await lockPlan(trx, inserted.id)
  const when = nextPlanVisit(visit.date, planPreferences(plan), await bookingSettings(trx), today(nowMs))
  await bookVisit(trx, plan, when, visit.id)
  return { fresh: true, planId: plan.id }
}

/** An admin's plan for a customer, with its first visit on `firstVisit` (moved into the working hours). */
export async function createPlan(
  trx: Queryable,
  input: {
    customerId: number
    service: Service
    serviceKindId?: number | null
    phoneNumber: string
    location: string
    intervalUnit: IntervalUnit
    intervalCount: number
    preferredWeekday: number | null
    preferredTime: string
    price: number
    firstVisit: string
  },
  createdBy: number,
): Promise<number> {
  const customer = await trx
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('id', '=', input.customerId)
    .executeTakeFirstOrThrow(notFound('No such customer.', { field: 'customerId' }))
  const { id } = await trx
    .insertInto('service_plans')
    .values({
      customer_id: customer.id,
      service: input.service,
      service_kind_id: input.serviceKindId ?? null,
      full_name: displayName(customer),
      phone_number: input.phoneNumber,
      location: input.location,
      interval_unit: input.intervalUnit,
      interval_count: input.intervalCount,
      preferred_weekday: input.preferredWeekday,
      preferred_time: input.preferredTime,
      price_kobo: toKobo(input.price),
      created_by: createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const plan = await lockPlan(trx, id)
  const settings = await bookingSettings(trx)
  const inHours = input.preferredTime >= settings.work_start && input.preferredTime < settings.work_end
  await bookVisit(
    trx,
    plan,
    { date: input.firstVisit, time: inHours ? input.preferredTime : settings.work_start },
    null,
  )
  return id
}

/** Pause, resume or cancel. Resuming a plan with no visit booked ahead books the next one. */
export async function movePlan(
  trx: Queryable,
  id: number,
  to: PlanStatus,
  nowMs: number,
  customerId?: number,
): Promise<void> {
  const plan = await lockPlan(trx, id)
  if (customerId !== undefined && plan.customer_id !== customerId) fail(404, 'No such plan.')
  if (plan.status === to) return
  if (plan.status === 'Cancelled') fail(409, 'This plan was cancelled. Ask us for a new one.')
  const moved = await trx
    .updateTable('service_plans')
    .set({ status: to, updated_at: new Date(nowMs).toISOString() })
    .where('id', '=', id)
    .where('status', '=', plan.status)
    .executeTakeFirst()
  if (affectedRows(moved) === 0) return
  if (to === 'Active' && !(await visitAhead(trx, id)))
    await bookNextFromLast(trx, { ...plan, status: to }, nowMs)
}

/** The office books the next visit of an active plan that has none ahead (a visit was cancelled or missed). */
export async function bookNextVisit(trx: Queryable, id: number, nowMs: number) {
  const plan = await lockPlan(trx, id)
  if (plan.status !== 'Active') fail(409, `This plan is ${plan.status.toLowerCase()}: resume it first.`)
  const ahead = await visitAhead(trx, id)
  if (ahead) fail(409, `A visit is already booked for ${formatDay(ahead.date)} at ${formatTime(ahead.time)}.`)
  await bookNextFromLast(trx, plan, nowMs)
}

// ---------- reading ----------

/** Plans as the answers give them, with their next and last visits; the customer's, one, or all. */
export async function listPlans(
  db: Queryable,
  filter: { customerId?: number; id?: number; status?: PlanStatus; noNextVisit?: boolean },
): Promise<PlanAnswer[]> {
  let query = db
    .selectFrom('service_plans as p')
    .innerJoin('users as u', 'u.id', 'p.customer_id')
    .leftJoin('service_kinds as k', 'k.id', 'p.service_kind_id')
    .selectAll('p')
    .select(['u.first_name', 'u.last_name', 'u.email', 'k.name as kind_name'])
    .orderBy('p.id', 'desc')
  if (filter.customerId !== undefined) query = query.where('p.customer_id', '=', filter.customerId)
  if (filter.id !== undefined) query = query.where('p.id', '=', filter.id)
  if (filter.status) query = query.where('p.status', '=', filter.status)
  const rows = await query.execute()
  const ids = rows.map((r) => r.id)
  const visits = ids.length
    ? await db
        .selectFrom('bookings')
        .select(['id', 'plan_id', 'date', 'time', 'status'])
        .where('plan_id', 'in', ids)
        .orderBy('date')
        .orderBy('time')
        .execute()
    : []
  const toVisit = (v: (typeof visits)[number]) => ({
    bookingId: v.id,
    date: v.date,
    time: v.time,
    status: v.status as BookingStatus,
  })
  const answers = rows.map((r): PlanAnswer => {
    const own = visits.filter((v) => v.plan_id === r.id)
    const next = own.find((v) => v.status === 'Pending' || v.status === 'Confirmed')
    const last = own.filter((v) => v.status === 'Completed').at(-1)
    return {
      id: r.id,
      customer: { id: r.customer_id, name: displayName(r), email: r.email },
      service: r.service as Service,
      serviceKind: r.service_kind_id === null ? null : { id: r.service_kind_id, name: r.kind_name ?? '' },
      phoneNumber: r.phone_number,
      location: r.location,
      intervalUnit: r.interval_unit as IntervalUnit,
      intervalCount: r.interval_count,
      every: intervalText({ intervalUnit: r.interval_unit as IntervalUnit, intervalCount: r.interval_count }),
      preferredWeekday: r.preferred_weekday,
      preferredTime: r.preferred_time,
      price: toNaira(r.price_kobo),
      status: r.status as PlanStatus,
      nextVisit: next ? toVisit(next) : null,
      lastVisit: last ? toVisit(last) : null,
      sourceBookingId: r.source_booking_id,
      createdAt: r.created_at,
    }
  })
  if (filter.noNextVisit === undefined) return answers
  return answers.filter((p) => (p.nextVisit === null) === filter.noNextVisit)
}

export async function findPlan(db: Queryable, id: number) {
  return (await listPlans(db, { id }))[0]
}
