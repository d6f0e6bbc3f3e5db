import { expect } from 'vitest'
import { SPRAY_TREATMENT } from '../treatment'
import { Client, lagosDay, makeLoggedInApp, suiteNow, type TestContext } from './helpers'

export const TECH = { email: 'tech@test.ng', password: 'tech-password-1', fullName: 'Femi Okon' }
export const TECH2 = { email: 'tech2@test.ng', password: 'tech-password-2', fullName: 'Bola Ade' }

// Real, minimal image files (2x2 pixels, made by sharp), so the server's full decode accepts them.
export const JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoI' +
    'ChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QA' +
    'FQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAA' +
    'AAAAAAAA/9oADAMBAAIRAxEAPwCHAHJF/9k=',
  'base64',
)
export const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

export { lagosDay }
export const uuid = () => crypto.randomUUID()
/** A fresh Idempotency-Key header: one write the phone's outbox sends (and may send again). */
export const idempotencyKey = () => ({ 'Idempotency-Key': uuid() })
/** This year in Lagos, as the numbers of quotes, invoices and certificates carry it (INV-2026-0001). */
export const YEAR = () => lagosDay(0).slice(0, 4)
/** The device's clock in the suite's world: now, by the suite's clock. */
export const at = () => new Date(suiteNow()).toISOString()

/** The admin adds a technician through the add-user form's call, then they log in. */
export async function addTechnician(app: TestContext['app'], admin: Client, who = TECH) {
  const res = await admin.post('register/admin/', {
    fullName: who.fullName,
    email: who.email,
    password: who.password,
    phoneNumber: '0809 000 1111',
    role: 'staff',
  })
  expect(res.status).toBe(200)
  const client = new Client(app)
  const login = await client.login(who)
  expect(login.body).toEqual({ message: 'staff' })
  return { client, id: res.body.id as number }
}

/** A fresh app with the admin and customer logged in and the technician TECH added and logged in as `tech`. */
export async function makeTechnicianApp() {
  const fresh = await makeLoggedInApp()
  try {
    const { client: tech, id: techId } = await addTechnician(fresh.t.app, fresh.admin)
    return { ...fresh, tech, techId }
  } catch (error) {
    await fresh.t.close()
    throw error
  }
}

/**
 * A customer's booking (Pending), returned by id. Tomorrow by default: a time today is refused once it
 * has passed, and the suite runs at any hour.
 */
export async function book(customer: Client, change: Record<string, unknown> = {}) {
  const res = await customer.post('appointment/', {
    phone_number: '0803 123 4567',
    location: '3 Marina Road, Lagos Island',
    service: 'fumigation',
    date: lagosDay(1),
    time: '10:00',
    info: 'Cockroaches in the kitchen',
    ...change,
  })
  expect(res.status).toBe(201)
  return res.body.id as number
}

export function photoForm(id: string, kind = 'before', bytes: Buffer = JPEG) {
  const form = new FormData()
  form.set('id', id)
  form.set('kind', kind)
  form.set('taken_at', at())
  form.set('image', new File([new Uint8Array(bytes)], 'photo.jpg', { type: 'image/jpeg' }))
  return form
}

export const treatment = (change: Record<string, unknown> = {}) => ({
  id: uuid(),
  ...SPRAY_TREATMENT,
  occurred_at: at(),
  ...change,
})

export const completion = (change: Record<string, unknown> = {}) => ({
  summary: 'Sprayed the kitchen and bathroom; gel bait behind the fridge.',
  recommendations: 'Keep food sealed; no mopping for 48 hours.',
  signer_name: 'Ada Customer',
  signature: SIGNATURE,
  payment: { amount: 25000, method: 'transfer', reference: 'TRF-991' },
  occurred_at: at(),
  ...change,
})

/**
 * Booking `bookingId` done start to end: the admin assigns it to the technician, who arrives, records
 * `treatment(change)` for each of `treatments` in turn (each made just before it is sent, as on the phone)
 * and completes it with `completion(options.completion)`, every step answered with success.
 * `occurredAt`: the phone's clock for the arrival and the completion (now by default).
 */
export async function doJob(
  team: { admin: Client; tech: Client; techId: number },
  bookingId: number,
  options: {
    treatments?: Record<string, unknown>[]
    completion?: Record<string, unknown>
    occurredAt?: string
  } = {},
) {
  const { admin, tech, techId } = team
  const occurred_at = options.occurredAt ?? at()
  expect((await admin.post(`admins/bookings/${bookingId}/assign/`, { staff_id: techId })).status).toBe(200)
  const jobPath = `staff/jobs/${bookingId}`
  const arrived = await tech.post(`${jobPath}/events/`, { type: 'arrived', occurred_at }, idempotencyKey())
  expect(arrived.status).toBe(201)
  for (const change of options.treatments ?? []) {
    expect((await tech.post(`${jobPath}/treatments/`, treatment(change), idempotencyKey())).status).toBe(201)
  }
  const done = completion({ occurred_at, ...options.completion })
  const res = await tech.post(`${jobPath}/complete/`, done, idempotencyKey())
  expect(res.status, JSON.stringify(res.body)).toBe(201)
}
