import { describe, expect, it } from 'vitest'
import { Client } from './helpers'
import { TECH2, addTechnician, book, doJob, completion, treatment, uuid } from './staff-helpers'
import { onEachTechnicianApp, t, admin, customer, tech, techId } from './app-per-test'

onEachTechnicianApp()

/** Device times relative to the suite's clock, never the real calendar. */
const deviceTime = (minutesFromNow = 0) => new Date(t.config.now() + minutesFromNow * 60_000).toISOString()

async function completedJob(treatments: Record<string, unknown>[] = []) {
  const id = await book(customer)
  await doJob({ admin, tech, techId }, id, { treatments, occurredAt: deviceTime() })
  return id
}

const correction = (change: Record<string, unknown> = {}) => {
  const { id: _id, ...body } = treatment({ occurred_at: deviceTime(30) })
  return { ...body, reason: 'Wrong quantity typed on site', ...change }
}

describe('POST staff/jobs/{id}/treatments/{treatmentId}/correction/', () => {
  it('the technician corrects a completed job’s treatment: the job and the report show the new values, who and when', async () => {
    const first = treatment()
    const id = await completedJob([first])
    const when = deviceTime(45)
    const res = await tech.post(
      `staff/jobs/${id}/treatments/${first.id}/correction/`,
      correction({ quantity: 125, area: 'Kitchen and store room', occurred_at: when }),
    )
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      message: 'Treatment corrected.',
      treatment: expect.objectContaining({
        id: first.id,
        quantity: 125,
        area: 'Kitchen and store room',
        corrected: { by: 'Femi Okon', at: when },
      }),
    })
    const job = (await admin.get(`staff/jobs/${id}/`)).body
    expect(job.treatments).toEqual([
      expect.objectContaining({ id: first.id, quantity: 125, corrected: { by: 'Femi Okon', at: when } }),
    ])
    const report = (await customer.get(`staff/jobs/${id}/report`)).text
    expect(report).toContain('125 ml')
    expect(report).not.toContain('250 ml')
    expect(report).toContain('Corrected after they were first recorded')
    expect(report).toMatch(/Cypermethrin 10% EC \(Kitchen and store room\), by Femi Okon/)

    // What it replaced is kept, with who and why.
    const history = await t.db.selectFrom('job_treatment_corrections').selectAll().execute()
    expect(history).toHaveLength(1)
    expect(history[0]).toMatchObject({
      treatment_id: first.id,
      corrected_by: techId,
      corrected_at: when,
      reason: 'Wrong quantity typed on site',
    })
    expect(JSON.parse(history[0]!.previous!)).toMatchObject({ quantity: 250, area: 'Kitchen' })
  })

  it('adds a treatment the server refused before the job was completed, so the report lists it', async () => {
    const lost = treatment({ area: 'A'.repeat(201) })
    const id = await completedJob()
    const tooLong = await tech.post(`staff/jobs/${id}/treatments/`, lost)
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.message).toBe('Area must be at most 200 characters')
    expect((await customer.get(`staff/jobs/${id}/report`)).text).toContain('No products were applied')

    // Re-entered after completion: the plain treatments call is closed, the correction adds it.
    expect((await tech.post(`staff/jobs/${id}/treatments/`, treatment({ id: lost.id }))).status).toBe(409)
    const tooLongAgain = await tech.post(
      `staff/jobs/${id}/treatments/${lost.id}/correction/`,
      correction({ area: 'A'.repeat(201) }),
    )
    expect(tooLongAgain.status).toBe(400)
    expect(tooLongAgain.body).toMatchObject({ message: 'Area must be at most 200 characters', field: 'area' })
    const added = await tech.post(
      `staff/jobs/${id}/treatments/${lost.id}/correction/`,
      correction({ area: 'Kitchen, store room and the boys’ quarters' }),
    )
    expect(added.status).toBe(200)
    expect(added.body.message).toBe('Treatment added to the job.')
    const report = (await customer.get(`staff/jobs/${id}/report`)).text
    expect(report).not.toContain('No products were applied')
    expect(report).toContain('Kitchen, store room and the boys’ quarters')
    const history = await t.db.selectFrom('job_treatment_corrections').selectAll().execute()
    expect(history).toHaveLength(1)
    expect(history[0]!.previous).toBeNull()
  })

  it('an admin corrects any job; a repeat with the same key answers the same and records one correction', async () => {
    const first = treatment()
    const id = await completedJob([first])
    const key = uuid()
    const body = correction({ target_pest: 'Bed bugs' })
    const once = await admin.post(`staff/jobs/${id}/treatments/${first.id}/correction/`, body, {
      'Idempotency-Key': key,
    })
    expect(once.status).toBe(200)
    expect(once.body.treatment.corrected.by).toBe('Site Admin')
    const twice = await admin.post(`staff/jobs/${id}/treatments/${first.id}/correction/`, body, {
      'Idempotency-Key': key,
    })
    expect(twice.status).toBe(200)
    expect(twice.body).toEqual(once.body)
    expect(await t.db.selectFrom('job_treatment_corrections').selectAll().execute()).toHaveLength(1)
    expect((await customer.get(`staff/jobs/${id}/report`)).text).toContain('Bed bugs')
  })

  it('only the job’s technician or an admin: others 401/403, a reassigned technician 409, bad ids refused', async () => {
    const first = treatment()
    const id = await completedJob([first])
    const path = `staff/jobs/${id}/treatments/${first.id}/correction/`
    expect((await new Client(t.app).post(path, correction())).status).toBe(401)
    expect((await customer.post(path, correction())).status).toBe(403)
    const { client: other } = await addTechnician(t.app, admin, TECH2)
    expect((await other.post(path, correction())).status).toBe(403)
    expect(
      (await tech.post(`staff/jobs/999999/treatments/${first.id}/correction/`, correction())).status,
    ).toBe(404)
    expect((await tech.post(`staff/jobs/${id}/treatments/not-a-uuid/correction/`, correction())).status).toBe(
      400,
    )

    // The id of another job's treatment is not this job's to take.
    const second = treatment()
    const otherJob = await completedJob([second])
    const stolen = await tech.post(`staff/jobs/${id}/treatments/${second.id}/correction/`, correction())
    expect(stolen.status).toBe(409)
    const untouched = (await admin.get(`staff/jobs/${otherJob}/`)).body.treatments[0]
    expect(untouched.corrected).toBeUndefined()

    // A job moved to another technician is no longer this one's to correct.
    const live = await book(customer, { time: '15:00' })
    await admin.post(`admins/bookings/${live}/assign/`, { staff_id: techId })
    const mine = treatment()
    expect((await tech.post(`staff/jobs/${live}/treatments/`, mine)).status).toBe(201)
    const tech2 = (await admin.get('get/users/')).body.find(
      (u: { username: string }) => u.username === TECH2.email,
    )
    expect((await admin.post(`admins/bookings/${live}/assign/`, { staff_id: tech2.id })).status).toBe(200)
    const late = await tech.post(`staff/jobs/${live}/treatments/${mine.id}/correction/`, correction())
    expect(late.status).toBe(409)
    expect(late.body.code).toBe('reassigned')
  })
})

describe('the service report’s sign-off', () => {
  it('says "Signed by" with the signature, or that the customer could not sign: never both', async () => {
    const signed = await completedJob()
    const signedReport = (await admin.get(`staff/jobs/${signed}/report`)).text
    expect(signedReport).toContain('Signed by <strong>Ada Customer</strong>')
    expect(signedReport).not.toContain('could not sign')

    const id = await book(customer, { time: '16:00' })
    await admin.post(`admins/bookings/${id}/assign/`, { staff_id: techId })
    await tech.post(`staff/jobs/${id}/events/`, { type: 'arrived', occurred_at: deviceTime() })
    const done = await tech.post(
      `staff/jobs/${id}/complete/`,
      completion({
        signature: null,
        signature_refused_reason: 'Customer travelling',
        occurred_at: deviceTime(),
      }),
    )
    expect(done.status).toBe(201)
    const refused = (await admin.get(`staff/jobs/${id}/report`)).text
    expect(refused).toContain('The customer could not sign: Customer travelling')
    expect(refused).not.toContain('Signed by')
  })
})
