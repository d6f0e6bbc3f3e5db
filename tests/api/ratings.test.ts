import { describe, expect, it } from 'vitest'
import { Client } from './helpers'
import { queuedData } from './messaging-helpers'
import { TECH2, addTechnician, at, book, doJob } from './staff-helpers'
import { onEachTechnicianApp, t, admin, customer, tech, techId } from './app-per-test'

onEachTechnicianApp()

/** A visit of the demo customer completed by `who`; answers its id and the rating link's token. */
async function completedVisit(who = { client: tech, id: techId }, service = 'fumigation') {
  const id = await book(customer, { service })
  await doJob({ admin, tech: who.client, techId: who.id }, id, { completion: { payment: null } })
  const notes = (await customer.get('users/notifications/')).body as { heading: string; link: string }[]
  const rate = notes.find((n) => n.heading === 'How Did We Do?' && n.link.includes('/rate/rating.'))
  expect(rate, JSON.stringify(notes.map((n) => n.heading))).toBeDefined()
  // The completion email and SMS carry it too.
  const latest = (await queuedData(t.db, 'service_completed')).at(-1)
  expect(latest?.rate_url).toBe(rate!.link)
  return { id, token: rate!.link.slice('/rate/'.length) }
}

describe('rating a completed visit by the completion message’s link', () => {
  it('takes 1 to 5 stars and a comment without logging in; rating again changes it, once per visit', async () => {
    const { id, token } = await completedVisit()
    const link = new Client(t.app)
    const opened = await link.get(`rating-links/${token}/`)
    expect(opened.body).toMatchObject({ service: 'fumigation', technician: 'Femi', rating: null })
    const refused = await link.post(`rating-links/${token}/`, { stars: 6 })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ field: 'stars', message: 'Choose from 1 to 5 stars' })
    const rated = await link.post(`rating-links/${token}/`, { stars: 4, comment: 'On time, tidy work.' })
    expect(rated.status).toBe(200)
    expect(rated.body.view.rating).toMatchObject({ stars: 4, comment: 'On time, tidy work.', publish: false })
    const changed = await link.post(`rating-links/${token}/`, {
      stars: 5,
      comment: 'No more cockroaches!',
      publish: true,
    })
    expect(changed.body.view.rating).toMatchObject({ stars: 5, publish: true })
    const rows = await t.db.selectFrom('job_ratings').selectAll().where('booking_id', '=', id).execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ stars: 5, staff_id: techId })
  })

  it('the office reads averages per technician and per service, and shows only what a customer agreed to', async () => {
    const { client: bola, id: bolaId } = await addTechnician(t.app, admin, TECH2)
    const first = await completedVisit()
    const second = await completedVisit()
    const third = await completedVisit({ client: bola, id: bolaId }, 'cleaning')
    const link = new Client(t.app)
    await link.post(`rating-links/${first.token}/`, { stars: 5, publish: true })
    await link.post(`rating-links/${second.token}/`, { stars: 2, comment: 'Came late' })
    await link.post(`rating-links/${third.token}/`, { stars: 4 })
    const office = (await admin.get('admins/ratings/')).body
    expect(office.byTechnician).toEqual(
      [
        { staffId: techId, name: 'Femi Okon', count: 2, average: 3.5 },
        { staffId: bolaId, name: 'Bola Ade', count: 1, average: 4 },
      ].sort((a, b) => b.average - a.average),
    )
    expect(office.byService).toEqual([
      { service: 'cleaning', count: 1, average: 4 },
      { service: 'fumigation', count: 2, average: 3.5 },
    ])
    expect(office.recent).toHaveLength(3)

    expect((await admin.post(`admins/ratings/${first.id}/publish/`, { published: true })).status).toBe(200)
    const [{ full_name }] = await t.db
      .selectFrom('bookings')
      .select('full_name')
      .where('id', '=', first.id)
      .execute()
    expect((await new Client(t.app).get('testimonials/')).body).toEqual([
      expect.objectContaining({ firstName: full_name.split(' ')[0], stars: 5, service: 'fumigation' }),
    ])
    const noConsent = await admin.post(`admins/ratings/${second.id}/publish/`, { published: true })
    expect(noConsent.status).toBe(409)
    expect(noConsent.body.message).toBe('The customer did not agree to show this rating.')
    // The customer withdraws consent: it is no longer shown.
    await link.post(`rating-links/${first.token}/`, { stars: 5, publish: false })
    const after = (await admin.get('admins/ratings/')).body.recent.find(
      (r: { bookingId: number }) => r.bookingId === first.id,
    )
    expect(after).toMatchObject({ publish: false, publishedAt: null })
    expect((await new Client(t.app).get('testimonials/')).body).toEqual([])
    expect((await customer.get('admins/ratings/')).status).toBe(403)
  })

  it('is refused for a visit not completed, and for a link that is not ours', async () => {
    const id = await book(customer)
    const { signLink } = await import('../../api/lib/signed-links')
    const token = await signLink(t.db, 'rating', id, Date.parse(at()) + 3600_000)
    const early = await new Client(t.app).post(`rating-links/${token}/`, { stars: 5 })
    expect(early.status).toBe(409)
    const bookingToken = await signLink(t.db, 'booking', id, Date.parse(at()) + 3600_000)
    expect((await new Client(t.app).get(`rating-links/${bookingToken}/`)).status).toBe(404)
  })
})
