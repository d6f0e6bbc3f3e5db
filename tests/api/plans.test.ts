import { describe, expect, it } from 'vitest'
import { addDays } from '../../contract/dates'
import { addMonthsToDay } from '../../contract/plans'
import { CUSTOMER, Client, findUserId, lagosDay, lagosWeekday, signUp } from './helpers'
import { racingInstance } from './instances'
import { at, book, completion, doJob, idempotencyKey } from './staff-helpers'
import { onEachTechnicianApp, t, admin, customer, tech, techId } from './app-per-test'

onEachTechnicianApp()

const OTHER = { fullName: 'Tunde Bakare', email: 'other@test.ng', password: 'other-password-1' }

const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay()
/** The first day on or after `day` that falls on `wd`. */
const onWeekday = (day: string, wd: number) => addDays(day, (wd - weekday(day) + 7) % 7)

/** A visit of the demo customer on a working day, assigned and completed by the technician. */
async function completedVisit(date = lagosWeekday(1)) {
  const id = await book(customer, { date })
  await assignAndComplete(id)
  return id
}

const assignAndComplete = (id: number) =>
  doJob({ admin, tech, techId }, id, { completion: { payment: null } })

const planVisits = (planId: number) =>
  t.db
    .selectFrom('bookings')
    .select(['id', 'date', 'time', 'status'])
    .where('plan_id', '=', planId)
    .orderBy('date')
    .execute()

describe('the plan a completed visit’s report offers', () => {
  it('books the next visit 3 months on, on the same weekday and time; taking it again answers the same plan', async () => {
    const visitDay = lagosWeekday(1)
    const visitId = await completedVisit(visitDay)
    // The report offers it (the customer takes it on /plans).
    const report = await customer.get(`staff/jobs/${visitId}/report`)
    expect(report.text).toContain(`<a href="/plans?from=${visitId}">Book the next visit every 3 months</a>`)
    const taken = await customer.post('plans/', { bookingId: visitId }, idempotencyKey())
    expect(taken.status, JSON.stringify(taken.body)).toBe(201)
    const next = onWeekday(addMonthsToDay(visitDay, 3), weekday(visitDay))
    expect(taken.body.plan).toMatchObject({
      service: 'fumigation',
      every: 'every 3 months',
      status: 'Active',
      sourceBookingId: visitId,
      preferredTime: '10:00',
      nextVisit: { date: next, time: '10:00', status: 'Pending' },
    })
    expect(taken.body.message).toMatch(
      /^Done: a fumigation visit every 3 months\. Next visit: .+ at 10:00 AM\.$/,
    )
    // A double tap under a new key: the same plan, still one visit ahead.
    const again = await customer.post('plans/', { bookingId: visitId }, idempotencyKey())
    expect(again.status).toBe(200)
    expect(again.body.plan.id).toBe(taken.body.plan.id)
    expect(await planVisits(taken.body.plan.id)).toHaveLength(1)
    // The customer sees it, and the visit among their bookings.
    expect((await customer.get('plans/')).body).toEqual([taken.body.plan])
    const bookings = (await customer.get('appointment/')).body as { id: number; date: string }[]
    expect(bookings.filter((b) => b.date === next)).toHaveLength(1)
  })

  it('is refused for a visit not completed yet, and for another customer’s visit', async () => {
    const pending = await book(customer)
    const early = await customer.post('plans/', { bookingId: pending }, idempotencyKey())
    expect(early.status).toBe(409)
    expect(early.body.message).toBe('The visit is not completed yet: the plan is offered on its report.')
    const visitId = await completedVisit()
    const { client: other } = await signUp(t, OTHER)
    expect((await other.post('plans/', { bookingId: visitId }, idempotencyKey())).status).toBe(404)
  })
})

describe('completing a plan’s visit', () => {
  it('books exactly one next visit, however often the completion is sent and whoever completes it', async () => {
    const visitId = await completedVisit()
    const plan = (await customer.post('plans/', { bookingId: visitId }, idempotencyKey())).body.plan
    const second = plan.nextVisit.bookingId as number
    expect((await admin.post(`admins/bookings/${second}/assign/`, { staff_id: techId })).status).toBe(200)
    expect(
      (
        await tech.post(
          `staff/jobs/${second}/events/`,
          { type: 'arrived', occurred_at: at() },
          idempotencyKey(),
        )
      ).status,
    ).toBe(201)
    // The technician's completion and the office marking it done, at the same moment, on two instances.
    const other = racingInstance(t)
    const adminThere = new Client(other.app)
    adminThere.cookies = new Map(admin.cookies)
    const completeKey = idempotencyKey()
    try {
      const answers = await Promise.all([
        tech.post(`staff/jobs/${second}/complete/`, completion({ payment: null }), completeKey),
        adminThere.post(`admins/actions/${second}/`),
      ])
      expect(answers.some((a) => a.status === 201 || a.status === 200)).toBe(true)
    } finally {
      await other.close()
    }
    // The phone's outbox sends the completion again (its answer was lost): the same answer, nothing more.
    const replay = await tech.post(
      `staff/jobs/${second}/complete/`,
      completion({ payment: null }),
      completeKey,
    )
    expect([201, 409]).toContain(replay.status)
    const visits = await planVisits(plan.id)
    expect(visits.map((v) => v.status)).toEqual(['Completed', 'Pending'])
    const afterSecond = await t.db
      .selectFrom('bookings')
      .select('id')
      .where('plan_after_booking_id', '=', second)
      .execute()
    expect(afterSecond).toHaveLength(1)
  })

  it('a cancelled visit leaves the plan on, without a visit ahead, for the office to book again once', async () => {
    const visitId = await completedVisit()
    const plan = (await customer.post('plans/', { bookingId: visitId }, idempotencyKey())).body.plan
    const cancelled = await customer.post(`appointment/${plan.nextVisit.bookingId}/cancel/`)
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    const listed = (await admin.get('admins/plans/?noNextVisit=true')).body
    expect(listed).toEqual([expect.objectContaining({ id: plan.id, status: 'Active', nextVisit: null })])
    const booked = await admin.post(`admins/plans/${plan.id}/book-next/`, undefined, idempotencyKey())
    expect(booked.status, JSON.stringify(booked.body)).toBe(200)
    expect(booked.body.plan.nextVisit).toMatchObject({ status: 'Pending' })
    const twice = await admin.post(`admins/plans/${plan.id}/book-next/`, undefined, idempotencyKey())
    expect(twice.status).toBe(409)
    expect(twice.body.message).toMatch(/^A visit is already booked for /)
    expect((await admin.get('admins/plans/?noNextVisit=true')).body).toEqual([])
  })

  it('while paused books nothing; resuming books the next visit; a cancelled plan cannot be resumed', async () => {
    const visitId = await completedVisit()
    const plan = (await customer.post('plans/', { bookingId: visitId }, idempotencyKey())).body.plan
    const paused = await customer.post(`plans/${plan.id}/pause/`, undefined, idempotencyKey())
    expect(paused.status).toBe(200)
    expect(paused.body.plan.status).toBe('Paused')
    // The visit booked before the pause is still done; no further one is booked.
    await assignAndComplete(plan.nextVisit.bookingId)
    expect((await planVisits(plan.id)).map((v) => v.status)).toEqual(['Completed'])
    const resumed = await customer.post(`plans/${plan.id}/resume/`, undefined, idempotencyKey())
    expect(resumed.body.plan).toMatchObject({ status: 'Active', nextVisit: { status: 'Pending' } })
    expect((await planVisits(plan.id)).map((v) => v.status)).toEqual(['Completed', 'Pending'])
    expect(
      (await customer.post(`plans/${plan.id}/cancel/`, undefined, idempotencyKey())).body.plan.status,
    ).toBe('Cancelled')
    const refused = await customer.post(`plans/${plan.id}/resume/`, undefined, idempotencyKey())
    expect(refused.status).toBe(409)
    // Another customer cannot touch it.
    const { client: other } = await signUp(t, OTHER)
    expect((await other.post(`plans/${plan.id}/pause/`, undefined, idempotencyKey())).status).toBe(404)
  })
})

describe('the office writes a plan for a customer', () => {
  it('with its first visit, the time moved into the working hours; a first visit in the past is refused', async () => {
    const customerId = await findUserId(t.db, CUSTOMER.email)
    const body = {
      customerId,
      service: 'cleaning',
      phoneNumber: '0803 123 4567',
      location: 'Warehouse 4, Apapa',
      intervalUnit: 'weeks',
      intervalCount: 2,
      preferredWeekday: null,
      preferredTime: '21:00',
      price: '45,000',
      firstVisit: lagosWeekday(2),
    }
    const made = await admin.post('admins/plans/', body, idempotencyKey())
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(made.body.plan).toMatchObject({
      every: 'every 2 weeks',
      price: 45_000,
      nextVisit: { date: lagosWeekday(2), time: '09:00', status: 'Pending' },
    })
    const past = await admin.post('admins/plans/', { ...body, firstVisit: lagosDay(-1) }, idempotencyKey())
    expect(past.status).toBe(400)
    expect(past.body).toMatchObject({ field: 'firstVisit', message: 'The first visit cannot be in the past' })
    const never = await admin.post('admins/plans/', { ...body, intervalCount: 0 }, idempotencyKey())
    expect(never.body).toMatchObject({ field: 'intervalCount', message: 'Enter at least 1' })
    expect((await customer.post('admins/plans/', body, idempotencyKey())).status).toBe(403)
  })
})
