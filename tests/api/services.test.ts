/**
 * Service kinds and their prices: the admin keeps them (admins/services/), customers read the active ones
 * (services/), and a booking that names one keeps the estimate worked out when it was made.
 */
import { describe, expect, it } from 'vitest'
import { Client, adminOnlyCheck, appointment } from './helpers'
import { onEachLoggedInApp, t, admin, customer } from './app-per-test'

onEachLoggedInApp()

const kindBody = (change: Record<string, unknown> = {}) => ({
  service: 'fumigation',
  name: 'Cockroach treatment',
  description: 'Kitchens and bathrooms',
  price_rule: 'per_unit',
  price: '8,000',
  unit: 'room',
  ...change,
})

async function addKind(change: Record<string, unknown> = {}) {
  const res = await admin.post('admins/services/', kindBody(change))
  expect(res.status).toBe(201)
  return res.body.kind as { id: number; name: string; price: number }
}

const publicList = async () => {
  const res = await new Client(t.app).get('services/')
  expect(res.status).toBe(200)
  return res.body as { id: number; name: string; service: string; price: number; active: boolean }[]
}

describe('admins/services/', () => {
  it('adds a kind with a typed naira price, kept in kobo, and lists it for the admin and the public', async () => {
    const res = await admin.post('admins/services/', kindBody({ price: '₦8,000.50' }))
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      message: 'Cockroach treatment added',
      kind: {
        id: expect.any(Number),
        service: 'fumigation',
        name: 'Cockroach treatment',
        description: 'Kitchens and bathrooms',
        price_rule: 'per_unit',
        price: 8000.5,
        unit: 'room',
        active: true,
        position: 0,
      },
    })
    const row = await t.db
      .selectFrom('service_kinds')
      .select('price_kobo')
      .where('id', '=', res.body.kind.id)
      .executeTakeFirstOrThrow()
    expect(Number(row.price_kobo)).toBe(800050)
    const all = (await admin.get('admins/services/')).body as { id: number; bookings: number }[]
    expect(all.find((k) => k.id === res.body.kind.id)).toMatchObject({ bookings: 0, price: 8000.5 })
    expect((await publicList()).map((k) => k.id)).toContain(res.body.kind.id)
  })

  it.each([
    [{ name: '  ' }, 'name', 'Name is required'],
    [{ price: 'abc' }, 'price', 'Price must be a number of naira, e.g. 45,000'],
    [{ price: '' }, 'price', 'Price is required'],
    [{ price: -5 }, 'price', 'Price cannot be negative'],
    [{ price: '10.001' }, 'price', 'Price can have at most 2 decimals (kobo)'],
    [{ unit: '' }, 'unit', 'Name the unit: room, m², seat...'],
    [{ price_rule: 'hourly' }, 'price_rule', 'Choose how it is priced: fixed, per unit or from'],
    [{ service: 'gardening' }, 'service', 'Choose a service: fumigation or cleaning'],
  ])('refuses %j with 400 on the field and saves nothing', async (change, field, message) => {
    const before = (await admin.get('admins/services/')).body.length
    const res = await admin.post('admins/services/', kindBody(change))
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message, field })
    expect((await admin.get('admins/services/')).body.length).toBe(before)
  })

  it('refuses a second kind of the same name under one service (409), not under the other', async () => {
    await addKind()
    const again = await admin.post('admins/services/', kindBody({ name: 'COCKROACH treatment' }))
    expect(again.status).toBe(409)
    expect(again.body).toEqual({
      message: 'There is already a fumigation kind named "COCKROACH treatment".',
      field: 'name',
    })
    const cleaning = await admin.post('admins/services/', kindBody({ service: 'cleaning' }))
    expect(cleaning.status).toBe(201)
  })

  it('edits and hides a kind: the public list leaves the hidden one out; 404 for an unknown id', async () => {
    const kind = await addKind()
    const edit = await admin.post(`admins/services/${kind.id}/`, kindBody({ price: 9000, active: false }))
    expect(edit.status).toBe(200)
    expect(edit.body.message).toBe('Cockroach treatment saved and hidden')
    expect(edit.body.kind).toMatchObject({ price: 9000, active: false })
    expect((await publicList()).map((k) => k.id)).not.toContain(kind.id)
    expect((await publicList()).every((k) => k.active)).toBe(true)
    expect((await admin.get('admins/services/')).body.map((k: { id: number }) => k.id)).toContain(kind.id)
    const unknown = await admin.post('admins/services/99999/', kindBody())
    expect(unknown.status).toBe(404)
  })

  it('keeps a kind that bookings chose under its service', async () => {
    const kind = await addKind()
    const booked = await customer.post('appointment/', appointment({ service_kind_id: kind.id, units: 2 }))
    expect(booked.status).toBe(201)
    const moved = await admin.post(`admins/services/${kind.id}/`, kindBody({ service: 'cleaning' }))
    expect(moved.status).toBe(409)
    expect(moved.body.field).toBe('service')
    const all = (await admin.get('admins/services/')).body as { id: number; bookings: number }[]
    expect(all.find((k) => k.id === kind.id)?.bookings).toBe(1)
  })

  it('is for admins only', async () => {
    const check = adminOnlyCheck(() => ({ app: t.app, customer }))
    await check('get', 'admins/services/')
    await check('post', 'admins/services/', kindBody())
  })
})

describe('services/', () => {
  it('lists the seeded kinds of both services, fumigation first, with an ETag and a 304', async () => {
    const anonymous = new Client(t.app)
    const res = await anonymous.get('services/')
    expect(res.status).toBe(200)
    const services = (res.body as { service: string }[]).map((k) => k.service)
    expect(services).toContain('fumigation')
    expect(services).toContain('cleaning')
    expect(services.indexOf('cleaning')).toBeGreaterThan(services.lastIndexOf('fumigation'))
    const etag = res.headers.get('ETag')!
    expect(etag).toMatch(/^W\/"/)
    expect((await anonymous.get('services/', { 'If-None-Match': etag })).status).toBe(304)
    await addKind()
    expect((await anonymous.get('services/', { 'If-None-Match': etag })).status).toBe(200)
  })
})

describe('POST appointment/ with a kind', () => {
  it('keeps the kind, the units and the estimate worked out on the server, shown in every answer', async () => {
    const kind = await addKind()
    const res = await customer.post('appointment/', appointment({ service_kind_id: kind.id, units: 3 }))
    expect(res.status).toBe(201)
    expect(res.body.estimate_text).toBe('₦24,000 (3 rooms × ₦8,000)')
    const row = await t.db
      .selectFrom('bookings')
      .select(['service_kind_id', 'service_units', 'estimate_kobo', 'estimate_rule'])
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow()
    expect({
      ...row,
      estimate_kobo: Number(row.estimate_kobo),
      service_kind_id: Number(row.service_kind_id),
    }).toEqual({
      service_kind_id: kind.id,
      service_units: 3,
      estimate_kobo: 2_400_000,
      estimate_rule: 'per_unit',
    })
    const chosen = {
      service_kind: { id: kind.id, name: 'Cockroach treatment' },
      units: 3,
      estimate: 24000,
      estimate_text: '₦24,000 (3 rooms × ₦8,000)',
    }
    const mine = (await customer.get('appointment/')).body as { id: number }[]
    expect(mine.find((b) => b.id === res.body.id)).toMatchObject(chosen)
    const office = (await admin.get('appointment/')).body as { id: number }[]
    expect(office.find((b) => b.id === res.body.id)).toMatchObject(chosen)
    // The technician's job reads it too.
    const job = await admin.get(`staff/jobs/${res.body.id}/`)
    expect(job.status).toBe(200)
    expect(job.body).toMatchObject(chosen)
  })

  it('keeps the estimate of an existing booking when the price changes later', async () => {
    const kind = await addKind()
    const res = await customer.post('appointment/', appointment({ service_kind_id: kind.id, units: 2 }))
    await admin.post(`admins/services/${kind.id}/`, kindBody({ price: 12000 }))
    const after = await customer.post('appointment/', appointment({ service_kind_id: kind.id, units: 2 }))
    const mine = (await customer.get('appointment/')).body as {
      id: number
      estimate?: number
      estimate_text?: string
    }[]
    expect(mine.find((b) => b.id === res.body.id)).toMatchObject({
      estimate: 16000,
      estimate_text: '₦16,000 (2 rooms × ₦8,000)',
    })
    expect(mine.find((b) => b.id === after.body.id)?.estimate).toBe(24000)
  })

  it('gives a fixed kind its price and a "from" kind its lowest price, without units', async () => {
    const fixed = await addKind({ name: 'Rats', price_rule: 'fixed', price: 35000, unit: '' })
    const from = await addKind({ name: 'Termites', price_rule: 'from', price: 60000 })
    const a = await customer.post('appointment/', appointment({ service_kind_id: fixed.id }))
    const b = await customer.post('appointment/', appointment({ service_kind_id: from.id, units: null }))
    expect(a.body.estimate_text).toBe('₦35,000')
    expect(b.body.estimate_text).toBe('From ₦60,000, final price after inspection')
  })

  it('books without a kind as before (the office prices it after inspection)', async () => {
    const res = await customer.post('appointment/', appointment())
    expect(res.status).toBe(201)
    expect(res.body).not.toHaveProperty('estimate_text')
    const mine = (await customer.get('appointment/')).body as { id: number }[]
    expect(mine.find((b) => b.id === res.body.id)).not.toHaveProperty('estimate')
  })

  it('refuses a wrong kind, service or number of units with the field, and books nothing', async () => {
    const perRoom = await addKind()
    const fixed = await addKind({ name: 'Rats', price_rule: 'fixed', price: 35000 })
    const hidden = await addKind({ name: 'Old kind', active: false })
    const cleaning = await addKind({ service: 'cleaning', name: 'Sofa', unit: 'seat' })
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { service_kind_id: 99999 },
        'service_kind_id',
        'That kind of service is no longer offered: choose another',
      ],
      [
        { service_kind_id: hidden.id },
        'service_kind_id',
        'That kind of service is no longer offered: choose another',
      ],
      [
        { service_kind_id: cleaning.id, units: 2 },
        'service_kind_id',
        'Sofa is not a kind of fumigation: choose one from the list',
      ],
      [{ service_kind_id: perRoom.id }, 'units', 'Enter how many rooms, from 1 to 999'],
      [{ service_kind_id: perRoom.id, units: 0 }, 'units', 'Enter at least 1'],
      [{ service_kind_id: perRoom.id, units: 1000 }, 'units', 'Enter at most 999'],
      [{ service_kind_id: perRoom.id, units: 2.5 }, 'units', 'Enter how many, as a whole number'],
      [{ service_kind_id: fixed.id, units: 2 }, 'units', 'Rats is not priced per unit: leave the number out'],
      [{ units: 2 }, 'units', 'Choose a kind of service priced per unit first'],
      [{ service_kind_id: 'abc' }, 'service_kind_id', 'Choose a kind of service from the list'],
    ]
    const before = (await customer.get('appointment/')).body.length
    for (const [change, field, message] of cases) {
      const res = await customer.post('appointment/', appointment(change))
      expect([res.status, res.body]).toEqual([400, { message, field }])
    }
    expect((await customer.get('appointment/')).body.length).toBe(before)
  })
})
