import { describe, expect, it } from 'vitest'
import { createApp } from '../../api/app'
import { createGateway } from '../../api/payments'
import { CERTIFICATE_MISSES_PER_HOUR } from '../../api/routes/certificates'
import { addMonthsToDay } from '../../contract/plans'
import { renderTemplate } from '../../api/messaging/templates'
import {
  Client,
  adminOnlyCheck,
  countRows,
  findUserId,
  lagosDay,
  productForm,
  signUp,
  suiteNow,
  CUSTOMER,
} from './helpers'
import { queuedData } from './messaging-helpers'
import { onRacingInstance } from './instances'
import { book, doJob, YEAR } from './staff-helpers'
import { onEachTechnicianApp, t, admin, customer, tech, techId } from './app-per-test'

onEachTechnicianApp()

/** The admin's product with what its label says. */
async function labelledProduct(name: string, activeIngredient: string, registrationNo: string) {
  const res = await admin.post(
    'add/products/',
    productForm({
      name,
      category: 'Pest Control',
      price: '4500',
      stock: '10',
      activeIngredient,
      registrationNo,
    }),
  )
  expect(res.status).toBe(201)
  return res.body as { id: number; activeIngredient: string; registrationNo: string }
}

/**
 * A fumigation of the demo customer done by the technician: a spray typed by name (matched to the product
 * of that name) and a gel chosen from the catalogue (by id).
 */
async function treatedBooking(gelId: number) {
  const id = await book(customer, { location: '12 Broad Street, Lagos Island' })
  const spray = {}
  const gel = { product_id: gelId, product_name: 'Roach gel', quantity: 2, unit: 'tubes' }
  await doJob({ admin, tech, techId }, id, { treatments: [spray, gel], completion: { payment: null } })
  return id
}

/** A booking the office moved to Completed itself (approve, then confirm): no job, no treatments. */
async function officeCompleted() {
  const id = await book(customer)
  for (const status of ['Confirmed', 'Completed'])
    expect((await admin.post(`admins/actions/${id}/`)).body).toMatchObject({ status })
  return id
}

const issue = (bookingId: number, change: Record<string, unknown> = {}, by = admin) =>
  by.post('admins/certificates/', {
    bookingId,
    businessName: 'Marina Foods Ltd',
    premises: '12 Broad Street, Lagos Island',
    ...change,
  })

const codeOf = (verifyUrl: string) => verifyUrl.split('/certificates/')[1]

describe('products carry what their label says', () => {
  it('the admin enters the active ingredient and registration number; an edit that leaves them out keeps them', async () => {
    const made = await labelledProduct('Deltamethrin 2.5 EC', 'Deltamethrin 2.5% EC', 'A5-0931')
    expect(made).toMatchObject({ activeIngredient: 'Deltamethrin 2.5% EC', registrationNo: 'A5-0931' })
    const edited = await admin.post(`add/produts/${made.id}/`, productForm({ stock: '4' }))
    expect(edited.status).toBe(201)
    expect(edited.body).toMatchObject({
      stock: 4,
      activeIngredient: 'Deltamethrin 2.5% EC',
      registrationNo: 'A5-0931',
    })
    const long = await admin.post(`add/produts/${made.id}/`, productForm({ registrationNo: 'x'.repeat(61) }))
    expect(long.status).toBe(400)
    expect(long.body).toMatchObject({
      field: 'registrationNo',
      message: 'Registration number must be at most 60 characters',
    })
  })
})

describe('issuing a certificate', () => {
  it('numbers it, copies the treatments with their labels, tells the customer, and keeps it when a product changes', async () => {
    await labelledProduct('Cypermethrin 10% EC', 'Cypermethrin 10% EC', 'A5-1234')
    const gel = await labelledProduct('Roach gel', 'Fipronil 0.05%', 'A5-7777')
    const bookingId = await treatedBooking(gel.id)

    const draft = await admin.get(`admins/bookings/${bookingId}/certificate-draft/`)
    expect(draft.status).toBe(200)
    const [{ full_name }] = await t.db
      .selectFrom('bookings')
      .select('full_name')
      .where('id', '=', bookingId)
      .execute()
    expect(draft.body).toMatchObject({
      bookingId,
      businessName: full_name,
      premises: '12 Broad Street, Lagos Island',
      treatedOn: lagosDay(0),
      existing: null,
    })
    // Three months on from the treatment, by default.
    expect(draft.body.validUntil).toBe(addMonthsToDay(lagosDay(0), 3))

    const issued = await issue(bookingId, { validUntil: lagosDay(180) })
    expect(issued.status).toBe(201)
    const cert = issued.body.certificate
    expect(cert).toMatchObject({
      number: `FC-${YEAR()}-0001`,
      bookingId,
      businessName: 'Marina Foods Ltd',
      treatedOn: lagosDay(0),
      issuedOn: lagosDay(0),
      validUntil: lagosDay(180),
      status: 'Valid',
      revokedAt: null,
    })
    expect(cert.treatments).toEqual([
      {
        productName: 'Cypermethrin 10% EC',
        activeIngredient: 'Cypermethrin 10% EC',
        registrationNo: 'A5-1234',
        quantity: 250,
        unit: 'ml',
        targetPest: 'Cockroaches',
      },
      {
        productName: 'Roach gel',
        activeIngredient: 'Fipronil 0.05%',
        registrationNo: 'A5-7777',
        quantity: 2,
        unit: 'tubes',
        targetPest: 'Cockroaches',
      },
    ])
    // The public address: 20 characters of base32, 100 random bits.
    expect(cert.verifyUrl).toMatch(/^http:\/\/localhost:8080\/certificates\/[a-z2-7]{20}$/)

    const notes = (await customer.get('users/notifications/')).body as { heading: string; link: string }[]
    expect(notes[0]).toMatchObject({ heading: `Certificate FC-${YEAR()}-0001`, link: '/documents' })
    const queued = await queuedData(t.db, 'certificate_issued')
    expect(queued).toEqual([
      expect.objectContaining({ number: `FC-${YEAR()}-0001`, verify_url: cert.verifyUrl }),
    ])
    const email = renderTemplate('certificate_issued', queued[0], (p) =>
      p.startsWith('http') ? p : `http://localhost:8080${p}`,
    )
    expect(email.subject).toBe(`Fumigation certificate FC-${YEAR()}-0001`)
    expect(email.text).toContain('Print it from your documents: http://localhost:8080/documents')
    expect(email.text).toContain(`Anyone can check that it is valid at ${cert.verifyUrl}`)

    // The product's label changes later: the issued certificate does not.
    await admin.post(`add/produts/${gel.id}/`, productForm({ registrationNo: 'B9-0000' }))
    const mine = (await customer.get('certificates/')).body
    expect(mine).toHaveLength(1)
    expect(mine[0].treatments[1].registrationNo).toBe('A5-7777')
  })

  it('one live certificate per booking: issuing again is refused until it is revoked; revoked ones keep their numbers', async () => {
    const bookingId = await officeCompleted()
    const first = await issue(bookingId)
    expect(first.status).toBe(201)
    // No job: dated by the booking, and no treatments listed.
    expect(first.body.certificate).toMatchObject({ treatedOn: lagosDay(1), treatments: [] })
    const again = await issue(bookingId, { businessName: 'Someone Else' })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({
      code: 'exists',
      id: first.body.certificate.id,
      message: `Booking #${bookingId} already has certificate FC-${YEAR()}-0001: revoke it first to issue a new one.`,
    })
    expect((await admin.get(`admins/bookings/${bookingId}/certificate-draft/`)).body.existing).toMatchObject({
      number: `FC-${YEAR()}-0001`,
    })

    const revoked = await admin.post(`admins/certificates/${first.body.certificate.id}/revoke/`, {
      reason: 'Wrong business name',
    })
    expect(revoked.status).toBe(200)
    expect(revoked.body.certificate).toMatchObject({ status: 'Revoked', revokeReason: 'Wrong business name' })
    const twice = await admin.post(`admins/certificates/${first.body.certificate.id}/revoke/`, {})
    expect(twice.status).toBe(409)
    expect(twice.body.message).toBe(`Certificate FC-${YEAR()}-0001 was revoked already.`)

    // The refused issue gave its number back: the next is 0002.
    const second = await issue(bookingId)
    expect(second.status).toBe(201)
    expect(second.body.certificate.number).toBe(`FC-${YEAR()}-0002`)
    const list = (await admin.get('admins/certificates/?status=Revoked')).body
    expect(list.map((c: { number: string }) => c.number)).toEqual([`FC-${YEAR()}-0001`])
    expect((await admin.get('admins/certificates/?q=0002')).body).toHaveLength(1)
  })

  it('refuses a booking not completed, one that does not exist, and a validity outside the treatment’s two years', async () => {
    const pending = await book(customer)
    const early = await issue(pending)
    expect(early.status).toBe(409)
    expect(early.body).toMatchObject({
      code: 'not_completed',
      message: `Booking #${pending} is Pending: a certificate is issued once the treatment is completed.`,
    })
    expect((await admin.get(`admins/bookings/${pending}/certificate-draft/`)).status).toBe(409)
    expect((await issue(999_999)).status).toBe(404)
    expect((await admin.get('admins/bookings/999999/certificate-draft/')).status).toBe(404)

    const done = await officeCompleted()
    const before = await issue(done, { validUntil: lagosDay(0) })
    expect(before.status).toBe(400)
    expect(before.body).toEqual({
      field: 'validUntil',
      message: 'Valid until cannot be before the treatment',
    })
    const far = await issue(done, { validUntil: lagosDay(1000) })
    expect(far.body.message).toBe('Valid until can be at most two years after the treatment')
    const blank = await issue(done, { businessName: '  ' })
    expect(blank.status).toBe(400)
    expect(blank.body.field).toBe('businessName')
    expect(await countRows(t.db, 'certificates')).toBe(0)
  })

  it('only admins issue, list and revoke', async () => {
    const check = adminOnlyCheck(() => ({ app: t.app, customer }))
    const bookingId = await officeCompleted()
    await check('post', 'admins/certificates/', { bookingId, businessName: 'X', premises: 'Y' })
    await check('get', 'admins/certificates/')
    await check('get', `admins/bookings/${bookingId}/certificate-draft/`)
    const { body } = await issue(bookingId)
    await check('post', `admins/certificates/${body.certificate.id}/revoke/`, {})
    expect((await issue(bookingId, {}, tech)).status).toBe(403)
  })

  it('is issued once for one booking when two admins on two instances issue it at once, and numbers stay in sequence', async () => {
    const { client: adminB, close } = await onRacingInstance(t, admin)
    const bookings = [await officeCompleted(), await officeCompleted(), await officeCompleted()]
    try {
      const answers = await Promise.all(
        [...bookings, ...bookings].map((id, i) => issue(id, {}, i % 2 ? adminB : admin)),
      )
      expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 409, 409, 409])
      const numbers = answers.filter((a) => a.status === 201).map((a) => a.body.certificate.number)
      expect(numbers.sort()).toEqual([1, 2, 3].map((n) => `FC-${YEAR()}-000${n}`))
    } finally {
      await close()
    }
    expect(await countRows(t.db, 'certificates')).toBe(3)
  })
})

describe('the public check', () => {
  it('says valid, with the business name and dates and nothing else; revoked and expired say not valid', async () => {
    const bookingId = await officeCompleted()
    const cert = (await issue(bookingId, { validUntil: lagosDay(30) })).body.certificate
    const code = codeOf(cert.verifyUrl)
    const anyone = new Client(t.app)
    const checked = await anyone.get(`certificates/verify/${code}/`)
    expect(checked.status).toBe(200)
    expect(checked.body).toEqual({
      status: 'Valid',
      businessName: 'Marina Foods Ltd',
      treatedOn: lagosDay(1),
      issuedOn: lagosDay(0),
      validUntil: lagosDay(30),
    })
    expect(checked.text).not.toContain('Broad Street')
    // Read off paper in capitals: the same certificate.
    expect((await anyone.get(`certificates/verify/${code.toUpperCase()}/`)).body.status).toBe('Valid')

    // Two months on, another instance reads it: expired.
    const later = createApp({
      db: t.db,
      config: { ...t.config, now: () => suiteNow() + 60 * 86_400_000 },
      gateway: createGateway(t.config),
    })
    expect((await new Client(later).get(`certificates/verify/${code}/`)).body.status).toBe('Expired')

    await admin.post(`admins/certificates/${cert.id}/revoke/`, {})
    expect((await anyone.get(`certificates/verify/${code}/`)).body).toMatchObject({
      status: 'Revoked',
      businessName: 'Marina Foods Ltd',
    })
  })

  it('answers 404 for a code that is not ours, and 429 to an address trying many', async () => {
    const anyone = new Client(t.app)
    const unknown = await anyone.get('certificates/verify/abcdefghijklmnopqrst/')
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe(
      'No certificate has this code. Check the address printed on the certificate.',
    )
    expect((await anyone.get('certificates/verify/not-a-code/')).status).toBe(404)
    for (let i = 2; i < CERTIFICATE_MISSES_PER_HOUR; i++)
      expect((await anyone.get(`certificates/verify/${String(i).padStart(20, 'a')}/`)).status).toBe(404)
    const limited = await anyone.get('certificates/verify/abcdefghijklmnopqrst/')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('Retry-After')).toBeTruthy()
  })
})

describe('the customer’s certificates', () => {
  it('the customer reads and prints their own, never another’s', async () => {
    const cert = (await issue(await officeCompleted())).body.certificate
    const mine = await customer.get('certificates/')
    expect(mine.body.map((c: { id: number }) => c.id)).toEqual([cert.id])

    const page = await customer.get(`certificates/${cert.id}/print`)
    expect(page.status).toBe(200)
    expect(page.headers.get('Content-Type')).toContain('text/html')
    expect(page.text).toContain(`FC-${YEAR()}-0001`)
    expect(page.text).toContain(cert.verifyUrl)
    expect(page.text).toContain('Marina Foods Ltd')
    expect(page.text).toContain('/api/certificates/print.js')
    expect((await admin.get(`certificates/${cert.id}/print`)).status).toBe(200)

    const { client: other } = await signUp(t, {
      fullName: 'Tunde Bello',
      email: 'tunde@test.ng',
      password: 'tunde-password-1',
    })
    expect((await other.get('certificates/')).body).toEqual([])
    const refused = await other.get(`certificates/${cert.id}/print`)
    expect(refused.status).toBe(404)
    expect((await new Client(t.app).get(`certificates/${cert.id}/print`)).status).toBe(401)
    const [row] = await t.db.selectFrom('certificates').select('customer_id').execute()
    expect(row.customer_id).toBe(await findUserId(t.db, CUSTOMER.email))
  })
})
