import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../api/app'
import { createGateway } from '../../api/payments'
import { ADMIN, Client, signUp, countRows, expectReplayOf } from './helpers'
import { importJobPhotosFromDisk } from '../../api/lib/report'
import {
  JPEG,
  TECH2,
  addTechnician,
  at,
  book,
  completion,
  lagosDay,
  photoForm,
  treatment,
  uuid,
} from './staff-helpers'
import { onEachTechnicianApp, t, admin, customer, tech, techId } from './app-per-test'

onEachTechnicianApp()

const assign = (bookingId: number, staffId: number | null, headers?: Record<string, string>) =>
  admin.post(`admins/bookings/${bookingId}/assign/`, { staff_id: staffId }, headers)
const event = (c: Client, id: number, type: string, change: Record<string, unknown> = {}, key = uuid()) =>
  c.post(`staff/jobs/${id}/events/`, { type, occurred_at: at(), ...change }, { 'Idempotency-Key': key })

async function assignedJob(change: Record<string, unknown> = {}) {
  const id = await book(customer, change)
  const res = await assign(id, techId)
  expect(res.status).toBe(200)
  return id
}
async function arrivedJob() {
  const id = await assignedJob()
  expect((await event(tech, id, 'arrived')).status).toBe(201)
  return id
}

describe('POST register/admin/ with role staff', () => {
  it('creates a technician who lands as staff; the users list shows Staff', async () => {
    const users = (await admin.get('get/users/')).body as any[]
    expect(users.find((u) => u.id === techId)).toMatchObject({ role: 'Staff', full_name: 'Femi Okon' })
    expect((await tech.get('auth_check')).body.role).toBe('staff')
  })
  it('refuses another role (400) and keeps admin as the default', async () => {
    const bad = await admin.post('register/admin/', {
      fullName: 'X',
      email: 'x@test.ng',
      password: 'long-enough-1',
      phoneNumber: '08031234567',
      role: 'customer',
    })
    expect(bad.status).toBe(400)
    const res = await admin.post('register/admin/', {
      fullName: 'New Admin',
      email: 'na@test.ng',
      password: 'long-enough-1',
      phoneNumber: '08031234567',
    })
    expect(res.body.message).toBe('Admin user New Admin created.')
    expect(
      (await t.db.selectFrom('users').select('role').where('email', '=', 'na@test.ng').executeTakeFirst())
        ?.role,
    ).toBe('admin')
  })
})

describe('POST admins/bookings/{id}/assign/', () => {
  it('assigns a Pending booking (it becomes Confirmed), tells the customer, and shows on both lists', async () => {
    const id = await book(customer)
    const res = await assign(id, techId)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Booking assigned to Femi Okon.')
    expect(res.body.job).toMatchObject({
      id,
      booking_id: id,
      booking_status: 'Confirmed',
      job_status: 'assigned',
      assigned_to: { id: techId, name: 'Femi Okon', phone_number: '08090001111' },
      whatsapp_url: 'https://wa.me/2348031234567',
      maps_url: 'https://www.google.com/maps/search/?api=1&query=3%20Marina%20Road%2C%20Lagos%20Island',
      events: [],
      treatments: [],
      photos: [],
      report_url: null,
    })
    const mine = (await customer.get('appointment/')).body as any[]
    expect(mine.find((b) => b.id === id)).toMatchObject({
      status: 'Confirmed',
      technician: { name: 'Femi Okon' },
      job_status: 'assigned',
      report_url: null,
    })
    expect((await customer.get('users/notifications/')).body[0]).toMatchObject({
      heading: 'Technician Assigned',
      body: expect.stringContaining('Femi Okon'),
    })
    const jobs = (await tech.get('staff/jobs/')).body as any[]
    expect(jobs.map((j) => j.id)).toEqual([id])
  })

  it('is admin only: 401 logged out, 403 to a customer and to a technician', async () => {
    const id = await book(customer)
    expect((await new Client(t.app).post(`admins/bookings/${id}/assign/`, { staff_id: techId })).status).toBe(
      401,
    )
    expect((await customer.post(`admins/bookings/${id}/assign/`, { staff_id: techId })).status).toBe(403)
    expect((await tech.post(`admins/bookings/${id}/assign/`, { staff_id: techId })).status).toBe(403)
  })

  it('refuses a non-staff user (400), an unknown booking (404) and a Completed or Cancelled one (409)', async () => {
    const id = await book(customer)
    const { id: customerId } = await t.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'customer')
      .executeTakeFirstOrThrow()
    const notStaff = await assign(id, customerId)
    expect(notStaff.status).toBe(400)
    expect(notStaff.body.message).toMatch(/technician/i)
    expect((await assign(99999, techId)).status).toBe(404)
    await admin.delete(`admins/delete/${id}/booking/`)
    const cancelled = await assign(id, techId)
    expect(cancelled.status).toBe(409)
    expect(cancelled.body.code).toBe('not_assignable')
  })

  it('refuses overlapping jobs (409 overlap, naming the other job) and allows exactly JOB_MINUTES apart', async () => {
    await assignedJob({ time: '10:00' })
    const close = await book(customer, { time: '11:59' })
    const res = await assign(close, techId)
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('overlap')
    expect(res.body.message).toContain('already has a job at 10:00 AM (')
    expect(res.body.message).toContain('Ada Customer')
    expect(
      await t.db.selectFrom('jobs').select('staff_id').where('booking_id', '=', close).executeTakeFirst(),
    ).toBeUndefined()
    const apart = await book(customer, { time: '12:00' })
    expect((await assign(apart, techId)).status).toBe(200)
    // Another day never clashes.
    const otherDay = await book(customer, { time: '10:00', date: lagosDay(2) })
    expect((await assign(otherDay, techId)).status).toBe(200)
  })

  it('two admins assigning one technician to overlapping bookings at once: one succeeds, the other gets 409 overlap', async () => {
    const first = await book(customer, { time: '10:00' })
    const second = await book(customer, { time: '10:30' })
    const otherAdmin = new Client(t.app)
    await otherAdmin.login(ADMIN)
    const answers = await Promise.all([
      assign(first, techId),
      otherAdmin.post(`admins/bookings/${second}/assign/`, { staff_id: techId }),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    expect(answers.find((a) => a.status === 409)!.body.code).toBe('overlap')
    const live = await t.db
      .selectFrom('jobs')
      .select('booking_id')
      .where('staff_id', '=', techId)
      .where('booking_id', 'in', [first, second])
      .execute()
    expect(live).toHaveLength(1)
  })

  it('reassigns (the old technician gets 409 reassigned) and unassigns (booking stays Confirmed)', async () => {
    const id = await assignedJob()
    const { client: other, id: otherId } = await addTechnician(t.app, admin, TECH2)
    const moved = await assign(id, otherId)
    expect(moved.status).toBe(200)
    expect(moved.body.message).toBe('Booking reassigned to Bola Ade.')
    const late = await event(tech, id, 'on_my_way')
    expect(late.status).toBe(409)
    expect(late.body.code).toBe('reassigned')
    expect((await tech.get(`staff/jobs/${id}/`)).body.code).toBe('reassigned')
    expect((await tech.get('staff/jobs/')).body).toEqual([])
    expect((await event(other, id, 'on_my_way')).status).toBe(201)

    const off = await assign(id, null)
    expect(off.status).toBe(200)
    expect(off.body.job.assigned_to).toBeNull()
    expect(off.body.job.booking_status).toBe('Confirmed')
    expect((await event(other, id, 'arrived')).body.code).toBe('reassigned')
  })

  it('lets an unable job be reassigned: it starts again as assigned', async () => {
    const id = await assignedJob()
    expect((await event(tech, id, 'unable', { note: 'Gate locked, nobody home' })).status).toBe(201)
    const again = await assign(id, techId)
    expect(again.status).toBe(200)
    expect(again.body.job.job_status).toBe('assigned')
    expect(again.body.job.events).toEqual([])
    expect((await event(tech, id, 'on_my_way')).status).toBe(201)
  })

  it('a repeat with the same Idempotency-Key changes nothing', async () => {
    const id = await book(customer)
    const key = uuid()
    const first = await assign(id, techId, { 'Idempotency-Key': key })
    const second = await assign(id, techId, { 'Idempotency-Key': key })
    expect(second.status).toBe(200)
    expect(second.body).toEqual(first.body)
    expect(await countRows(t.db, 'job_assignments', ['booking_id', id])).toBe(1)
  })
})

describe('GET staff/jobs/ and staff/jobs/{id}/', () => {
  it('lists the technician’s own jobs by date and time from 7 days ago; admin sees all, narrowed by staff_id', async () => {
    const later = await assignedJob({ time: '15:00' })
    const earlier = await assignedJob({ time: '08:00' })
    const weekAgo = await assignedJob({ date: lagosDay(2), time: '07:00' })
    await t.db
      .updateTable('bookings')
      .set({ date: lagosDay(-8) })
      .where('id', '=', weekAgo)
      .execute()
    const { id: otherId } = await addTechnician(t.app, admin, TECH2)
    const theirs = await book(customer, { time: '09:00' })
    await assign(theirs, otherId)
    const mine = (await tech.get('staff/jobs/')).body as any[]
    expect(mine.map((j) => j.id)).toEqual([earlier, later])
    const all = (await admin.get('staff/jobs/')).body as any[]
    expect(all.map((j) => j.id)).toEqual([earlier, theirs, later])
    expect((await admin.get(`staff/jobs/?staff_id=${otherId}`)).body.map((j: any) => j.id)).toEqual([theirs])
    const ranged = (await tech.get(`staff/jobs/?from=${lagosDay(-9)}&to=${lagosDay(-1)}`)).body as any[]
    expect(ranged.map((j) => j.id)).toEqual([weekAgo])
  })

  it('another technician gets 403, a customer 403, logged out 401; admin reads any job', async () => {
    const id = await assignedJob()
    const { client: other } = await addTechnician(t.app, admin, TECH2)
    expect((await other.get(`staff/jobs/${id}/`)).status).toBe(403)
    expect((await customer.get(`staff/jobs/${id}/`)).status).toBe(403)
    expect((await customer.get('staff/jobs/')).status).toBe(403)
    expect((await new Client(t.app).get(`staff/jobs/${id}/`)).status).toBe(401)
    expect((await admin.get(`staff/jobs/${id}/`)).body.id).toBe(id)
    expect((await tech.get(`staff/jobs/${id}`)).body.job_status).toBe('assigned')
  })
})

describe('POST staff/jobs/{id}/events/: the state machine', () => {
  it('walks on_my_way → arrived → started → paused → resumed, keeping device and server times', async () => {
    const id = await assignedJob()
    const deviceTime = '2026-01-05T08:15:00.000Z'
    const res = await event(tech, id, 'on_my_way', { occurred_at: deviceTime })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ message: 'Status saved: On my way.', job_status: 'on_my_way' })
    for (const [type, status] of [
      ['arrived', 'arrived'],
      ['started', 'started'],
      ['paused', 'paused'],
      ['resumed', 'started'],
    ]) {
      const r = await event(tech, id, type)
      expect(r.status).toBe(201)
      expect(r.body.job_status).toBe(status)
    }
    const job = (await tech.get(`staff/jobs/${id}/`)).body
    expect(job.job_status).toBe('started')
    expect(job.events.map((e: any) => e.type)).toEqual([
      'on_my_way',
      'arrived',
      'started',
      'paused',
      'resumed',
    ])
    expect(job.events[0].occurred_at).toBe(deviceTime)
    expect(job.events[0].received_at).not.toBe(deviceTime)
    // The customer follows it live.
    const mine = (await customer.get('appointment/')).body as any[]
    expect(mine.find((b) => b.id === id).job_status).toBe('started')
  })

  it('allows arrived straight from assigned, and unable from any live state (with a reason)', async () => {
    const id = await assignedJob()
    expect((await event(tech, id, 'arrived')).body.job_status).toBe('arrived')
    const noReason = await event(tech, id, 'unable')
    expect(noReason.status).toBe(400)
    expect(noReason.body.message).toMatch(/why/)
    const unable = await event(tech, id, 'unable', { note: 'Customer asked us to come back next week' })
    expect(unable.body.job_status).toBe('unable')
    const after = await event(tech, id, 'started')
    expect(after.status).toBe(409)
    expect(after.body.job_status).toBe('unable')
  })

  it('refuses any other move, a repeat of the current state with a new key included (409, nothing recorded)', async () => {
    const id = await assignedJob()
    const skip = await event(tech, id, 'started')
    expect(skip.status).toBe(409)
    expect(skip.body).toMatchObject({ job_status: 'assigned', message: expect.stringContaining('Start job') })
    await event(tech, id, 'on_my_way')
    const repeat = await event(tech, id, 'on_my_way')
    expect(repeat.status).toBe(409)
    expect(repeat.body.job_status).toBe('on_my_way')
    expect((await event(tech, id, 'resumed')).status).toBe(409)
    expect(await countRows(t.db, 'job_events', ['booking_id', id])).toBe(1)
  })

  it('two devices sending the same move at once: one is recorded, the other gets 409', async () => {
    const id = await assignedJob()
    const answers = await Promise.all([event(tech, id, 'on_my_way'), event(tech, id, 'on_my_way')])
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409])
    expect(await countRows(t.db, 'job_events', ['booking_id', id])).toBe(1)
  })

  it('a repeat with the same Idempotency-Key answers what the first answered and records nothing', async () => {
    const id = await assignedJob()
    const key = uuid()
    const first = await event(tech, id, 'on_my_way', {}, key)
    const second = await event(tech, id, 'on_my_way', {}, key)
    expect(first.status).toBe(201)
    expectReplayOf(second, first)
    expect(await countRows(t.db, 'job_events', ['booking_id', id])).toBe(1)
  })

  it('a refused update sent again with its key gets the same refusal, even once the job is theirs again', async () => {
    const id = await assignedJob()
    const { id: otherId } = await addTechnician(t.app, admin, TECH2)
    expect((await assign(id, otherId)).status).toBe(200)
    const key = uuid()
    const refused = await event(tech, id, 'on_my_way', {}, key)
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('reassigned')
    expect((await assign(id, techId)).status).toBe(200)
    const again = await event(tech, id, 'on_my_way', {}, key)
    expectReplayOf(again, refused)
    expect(await countRows(t.db, 'job_events', ['booking_id', id])).toBe(0)
  })

  it('only the assigned technician writes: another 403, a customer 403, an admin 403', async () => {
    const id = await assignedJob()
    const { client: other } = await addTechnician(t.app, admin, TECH2)
    expect((await event(other, id, 'on_my_way')).status).toBe(403)
    expect((await event(customer, id, 'on_my_way')).status).toBe(403)
    expect((await event(admin, id, 'on_my_way')).status).toBe(403)
    expect((await event(tech, 99999, 'on_my_way')).status).toBe(404)
  })

  it('answers 409 cancelled once the booking was cancelled, for every kind of update', async () => {
    const id = await arrivedJob()
    expect((await admin.delete(`admins/delete/${id}/booking/`)).status).toBe(204)
    const late = await event(tech, id, 'started')
    expect(late.status).toBe(409)
    expect(late.body.code).toBe('cancelled')
    expect(late.body.message).toMatch(/cancelled/)
    expect((await tech.post(`staff/jobs/${id}/treatments/`, treatment())).body.code).toBe('cancelled')
    expect((await tech.post(`staff/jobs/${id}/photos/`, photoForm(uuid()))).body.code).toBe('cancelled')
    expect((await tech.post(`staff/jobs/${id}/complete/`, completion())).body.code).toBe('cancelled')
  })
})

describe('POST staff/jobs/{id}/treatments/ and photos/', () => {
  it('records treatments once per client id, in the job and the report', async () => {
    const id = await arrivedJob()
    const body = treatment()
    const first = await tech.post(`staff/jobs/${id}/treatments/`, body)
    expect(first.status).toBe(201)
    expect(first.body).toEqual({ message: 'Treatment saved.', id: body.id })
    // Sent again without a key (the answer was lost): same answer, nothing new.
    const again = await tech.post(`staff/jobs/${id}/treatments/`, body)
    expect(again.status).toBe(201)
    expect(again.body).toEqual(first.body)
    await tech.post(
      `staff/jobs/${id}/treatments/`,
      treatment({ product_name: 'Gel bait', quantity: '2', unit: 'tubes' }),
    )
    const job = (await tech.get(`staff/jobs/${id}/`)).body
    // As sent, but for the device's time.
    const { occurred_at: _sentAt, ...asSent } = body
    expect(job.treatments).toEqual([
      asSent,
      expect.objectContaining({ product_name: 'Gel bait', quantity: 2, unit: 'tubes' }),
    ])
  })

  it('refuses a treatment without its fields, with a readable message', async () => {
    const id = await arrivedJob()
    const res = await tech.post(`staff/jobs/${id}/treatments/`, treatment({ target_pest: ' ' }))
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Target pest is required')
    expect((await tech.post(`staff/jobs/${id}/treatments/`, treatment({ id: 'x' }))).status).toBe(400)
  })

  it('stores a photo privately, once per client id: technician, admin and customer see it, others not', async () => {
    const id = await arrivedJob()
    const photoId = uuid()
    const res = await tech.post(`staff/jobs/${id}/photos/`, photoForm(photoId))
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      message: 'Photo saved.',
      id: photoId,
      url: `staff/jobs/${id}/photos/${photoId}`,
    })
    const again = await tech.post(`staff/jobs/${id}/photos/`, photoForm(photoId))
    expect(again.body).toEqual(res.body)
    expect(await countRows(t.db, 'job_photos')).toBe(1)
    for (const c of [tech, admin, customer]) {
      const img = await c.get(res.body.url)
      expect(img.status).toBe(200)
      expect(img.headers.get('Content-Type')).toBe('image/jpeg')
    }
    const { client: other } = await addTechnician(t.app, admin, TECH2)
    expect((await other.get(res.body.url)).status).toBe(403)
    expect((await new Client(t.app).get(res.body.url)).status).toBe(401)
    expect((await tech.get('staff/jobs/' + id)).body.photos).toEqual([
      { id: photoId, kind: 'before', url: res.body.url },
    ])
  })

  it('keeps the photo in the database, so another instance with its own disk serves it and puts it in the report', async () => {
    const id = await arrivedJob()
    const res = await tech.post(`staff/jobs/${id}/photos/`, photoForm(uuid(), 'after'))
    expect(res.status).toBe(201)
    expect(fs.existsSync(path.join(t.config.mediaDir, 'jobs'))).toBe(false)
    expect(await countRows(t.db, 'media')).toBeGreaterThanOrEqual(1)
    expect((await tech.post(`staff/jobs/${id}/complete/`, completion())).status).toBe(201)
    // A second instance: its own connection and an empty media folder of its own.
    const opened = t.connectAgain()
    try {
      const config = { ...t.config, mediaDir: path.join(t.dir, 'other-media') }
      const app = createApp({ db: opened.db, config, gateway: createGateway(config) })
      const there = new Client(app)
      there.cookies = admin.cookies
      const img = await there.get(res.body.url)
      expect(img.status).toBe(200)
      expect(img.headers.get('Content-Type')).toBe('image/jpeg')
      const stored = await t.db.selectFrom('media').select('bytes').where('name', 'like', 'jobs/%').execute()
      expect(stored).toHaveLength(1)
      expect(stored[0]!.bytes.length).toBeGreaterThan(100)
      expect((await there.get(`staff/jobs/${id}/report`)).text).toContain('data:image/jpeg;base64,')
    } finally {
      await opened.close()
    }
  })

  it('copies photos an older server kept under MEDIA_DIR/jobs into the database, once', async () => {
    const id = await arrivedJob()
    const res = await tech.post(`staff/jobs/${id}/photos/`, photoForm(uuid()))
    const [{ file }] = await t.db.selectFrom('job_photos').select('file').execute()
    // As an older server left it: the file on disk, nothing in table media.
    await t.db.deleteFrom('media').where('name', '=', `jobs/${file}`).execute()
    fs.mkdirSync(path.join(t.config.mediaDir, 'jobs'), { recursive: true })
    fs.writeFileSync(path.join(t.config.mediaDir, 'jobs', file!), JPEG)
    expect((await admin.get(res.body.url)).status).toBe(404)
    expect(await importJobPhotosFromDisk(t.db, t.config.mediaDir)).toBe(1)
    expect(await importJobPhotosFromDisk(t.db, t.config.mediaDir)).toBe(0)
    const img = await admin.get(res.body.url)
    expect(img.status).toBe(200)
    expect(img.headers.get('Content-Type')).toBe('image/jpeg')
  })

  it('checks the photo like product images: not an image is 400', async () => {
    const id = await arrivedJob()
    const res = await tech.post(
      `staff/jobs/${id}/photos/`,
      photoForm(uuid(), 'before', Buffer.from('<svg/>')),
    )
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Image must be a JPEG, PNG or WebP file')
    expect((await tech.post(`staff/jobs/${id}/photos/`, photoForm(uuid(), 'selfie'))).status).toBe(400)
  })
})

describe('POST staff/jobs/{id}/complete/ and the report', () => {
  it('completes from arrived: booking Completed, customer told with the report link, report readable', async () => {
    const id = await arrivedJob()
    await tech.post(`staff/jobs/${id}/treatments/`, treatment())
    await tech.post(`staff/jobs/${id}/photos/`, photoForm(uuid(), 'after'))
    const res = await tech.post(`staff/jobs/${id}/complete/`, completion())
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      message: 'Job completed. The customer has been sent the report.',
      report_url: `staff/jobs/${id}/report`,
    })
    const [note] = (await customer.get('users/notifications/')).body
    expect(note.heading).toBe('Service Completed')
    expect(note.body).toContain(`http://localhost:8080/api/staff/jobs/${id}/report`)
    // The app links the report from these fields, set by the server, never from the text.
    expect(note.link).toBe(`staff/jobs/${id}/report`)
    expect(note.link_label).toBe('Open the service report')
    const mine = (await customer.get('appointment/')).body.find((b: any) => b.id === id)
    expect(mine).toMatchObject({
      status: 'Completed',
      job_status: 'completed',
      report_url: `staff/jobs/${id}/report`,
    })

    const report = await customer.get(`staff/jobs/${id}/report`)
    expect(report.status).toBe(200)
    expect(report.headers.get('Content-Type')).toMatch(/text\/html/)
    for (const text of [
      'GreenShield Pest Control',
      `GS-${new Date().getUTCFullYear()}-${String(id).padStart(6, '0')}`,
      'Ada Customer',
      '3 Marina Road, Lagos Island',
      'Femi Okon',
      'Cypermethrin 10% EC',
      '250 ml',
      'Cockroaches',
      'Kitchen',
      'Spray',
      'Keep food sealed',
      '₦25,000.00 received by Bank transfer (reference TRF-991)',
      'Next service due',
      'at 10:00 AM',
      'data:image/png;base64,',
      'data:image/jpeg;base64,',
    ]) {
      expect(report.text).toContain(text)
    }
    expect((await admin.get(`staff/jobs/${id}/report`)).status).toBe(200)
    expect((await tech.get(`staff/jobs/${id}/report`)).status).toBe(200)
    const { client: other } = await addTechnician(t.app, admin, TECH2)
    expect((await other.get(`staff/jobs/${id}/report`)).status).toBe(403)
    // Final: no more updates.
    const after = await event(tech, id, 'paused')
    expect(after.status).toBe(409)
    expect(after.body.job_status).toBe('completed')
    expect((await tech.post(`staff/jobs/${id}/treatments/`, treatment())).status).toBe(409)
  })

  it('escapes what people typed in the report', async () => {
    const id = await arrivedJob()
    await tech.post(`staff/jobs/${id}/complete/`, completion({ summary: '<script>alert(1)</script>' }))
    const report = await admin.get(`staff/jobs/${id}/report`)
    expect(report.text).not.toContain('<script>alert(1)')
    expect(report.text).toContain('&lt;script&gt;')
  })

  it('has no inline handler or script (the CSP refuses them): its print button is wired by a file of ours', async () => {
    const id = await arrivedJob()
    await tech.post(`staff/jobs/${id}/complete/`, completion())
    const report = await customer.get(`staff/jobs/${id}/report`)
    expect(report.text).not.toMatch(/<[^>]+\son[a-z]+\s*=/i)
    expect(report.text).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/i)
    const src = report.text.match(/<script src="([^"]+)"/)![1]
    const scriptPath = new URL(src, `http://localhost/api/staff/jobs/${id}/report`).pathname
    expect(scriptPath).toBe('/api/staff/report-print.js')
    const script = await new Client(t.app).get('staff/report-print.js')
    expect(script.status).toBe(200)
    expect(script.headers.get('Content-Type')).toMatch(/javascript/)
    expect(script.text).toContain('print-report')
    expect(report.text).toContain('id="print-report"')
  })

  it('refuses completing before arrival (409), and a completion with neither signature nor reason (400)', async () => {
    const id = await assignedJob()
    const early = await tech.post(`staff/jobs/${id}/complete/`, completion())
    expect(early.status).toBe(409)
    expect(early.body.job_status).toBe('assigned')
    await event(tech, id, 'arrived')
    const unsigned = await tech.post(`staff/jobs/${id}/complete/`, completion({ signature: null }))
    expect(unsigned.status).toBe(400)
    expect(unsigned.body.message).toMatch(/sign/)
    const refused = await tech.post(
      `staff/jobs/${id}/complete/`,
      completion({
        signature: null,
        signature_refused_reason: 'Customer travelling; gateman let us in',
        payment: null,
      }),
    )
    expect(refused.status).toBe(201)
    const report = await admin.get(`staff/jobs/${id}/report`)
    expect(report.text).toContain('The customer could not sign: Customer travelling; gateman let us in')
    expect(report.text).toContain('No payment was collected')
  })

  it('a repeat with the same key answers the same; with a new key 409, one report only', async () => {
    const id = await arrivedJob()
    const key = uuid()
    const body = completion()
    const first = await tech.post(`staff/jobs/${id}/complete/`, body, { 'Idempotency-Key': key })
    const second = await tech.post(`staff/jobs/${id}/complete/`, body, { 'Idempotency-Key': key })
    expect(second.status).toBe(201)
    expect(second.body).toEqual(first.body)
    const third = await tech.post(`staff/jobs/${id}/complete/`, body, { 'Idempotency-Key': uuid() })
    expect(third.status).toBe(409)
    expect(await countRows(t.db, 'notifications', ['heading', 'Service Completed'])).toBe(1)
  })

  it('the report: 404 before completion, 403 to another customer', async () => {
    const id = await arrivedJob()
    expect((await admin.get(`staff/jobs/${id}/report`)).status).toBe(404)
    await tech.post(`staff/jobs/${id}/complete/`, completion())
    const { client: stranger } = await signUp(t, {
      fullName: 'Other',
      email: 'o@test.ng',
      password: 'other-password-1',
    })
    expect((await stranger.get(`staff/jobs/${id}/report`)).status).toBe(403)
  })

  it('the admin’s own completion ends the job: the technician’s late update is refused (409)', async () => {
    const id = await arrivedJob()
    const done = await admin.post(`admins/actions/${id}/`)
    expect(done.body.status).toBe('Completed')
    const late = await event(tech, id, 'started')
    expect(late.status).toBe(409)
    expect(late.body.job_status).toBe('completed')
  })
})
