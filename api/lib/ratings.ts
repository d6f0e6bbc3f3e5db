import { sql } from 'kysely'
import type { Database, Queryable } from '../db/index.js'
import { affectedRows } from '../db/dialect.js'
import type { Service } from '../../contract/bookings.js'
import {
  RATING_LINK_DAYS,
  type AdminRatingsAnswer,
  type RatingLinkAnswer,
  type RatingRequest,
  type TestimonialAnswer,
} from '../../contract/ratings.js'
import { businessDay } from '../../contract/dates.js'
import { pages } from '../../contract/pages.js'
import { fail, notFound } from './http-error.js'
import { signLink } from './signed-links.js'

// All of the ratings' SQL (docs/rules/technicians.md, "Ratings").

const DAY_MS = 24 * 3600_000

/** The completion message's link to rate the visit: /rate/{token}, open for RATING_LINK_DAYS. */
export const ratingLink = async (db: Database, bookingId: number, nowMs: number) =>
  pages.rateLink(await signLink(db, 'rating', bookingId, nowMs + RATING_LINK_DAYS * DAY_MS))

/**
 * A visit and its rating as the rating link and the office's list both show them: the service and day, the
 * technician's first name, the stars and what came with them (aliases: b bookings, u users, r job_ratings).
 */
const RATED_VISIT = [
  'b.service',
  'b.date',
  'u.first_name',
  'r.stars',
  'r.comment',
  'r.publish',
  'r.rated_at',
] as const

/** The visit a rating link opens: what it was, who came, and its rating if given. */
export async function ratingView(db: Queryable, bookingId: number): Promise<RatingLinkAnswer> {
  const row = await db
    .selectFrom('bookings as b')
    .leftJoin('jobs as j', 'j.booking_id', 'b.id')
    .leftJoin('users as u', 'u.id', 'j.staff_id')
    .leftJoin('job_ratings as r', 'r.booking_id', 'b.id')
    .select([...RATED_VISIT, 'b.status'])
    .where('b.id', '=', bookingId)
    .executeTakeFirstOrThrow(notFound('This visit no longer exists. Please call us.'))
  return {
    service: row.service as Service,
    date: row.date,
    technician: row.first_name || null,
    rating:
      row.stars === null || row.rated_at === null
        ? null
        : { stars: row.stars, comment: row.comment ?? '', publish: row.publish === 1, ratedAt: row.rated_at },
  }
}

/**
 * Records the customer's rating of a completed visit, or changes it (one per booking). Withdrawing consent
 * takes a published testimonial down at once.
 */
export async function rateVisit(
  db: Queryable,
  bookingId: number,
  body: Required<RatingRequest>,
  nowMs: number,
) {
  const visit = await db
    .selectFrom('bookings as b')
    .leftJoin('jobs as j', 'j.booking_id', 'b.id')
    .select(['b.status', 'j.staff_id'])
    .where('b.id', '=', bookingId)
    .executeTakeFirstOrThrow(notFound('This visit no longer exists. Please call us.'))
  if (visit.status !== 'Completed') fail(409, 'This visit is not completed yet: rate it once we have been.')
  const values = {
    stars: body.stars,
    comment: body.comment,
    publish: body.publish ? 1 : 0,
    rated_at: new Date(nowMs).toISOString(),
  }
  await db
    .insertInto('job_ratings')
    .values({ booking_id: bookingId, staff_id: visit.staff_id, ...values })
    .onConflict((oc) =>
      oc.column('booking_id').doUpdateSet({
        ...values,
        // Consent withdrawn: no longer shown.
        published_at: body.publish ? sql<string | null>`job_ratings.published_at` : null,
      }),
    )
    .execute()
}

/** The office shows a rating as a testimonial, or stops; only one the customer agreed to show. */
export async function publishRating(db: Queryable, bookingId: number, published: boolean, nowMs: number) {
  const rating = await db
    .selectFrom('job_ratings')
    .select(['publish', 'published_at'])
    .where('booking_id', '=', bookingId)
    .executeTakeFirstOrThrow(notFound('There is no rating for this booking.'))
  if (published && rating.publish !== 1) fail(409, 'The customer did not agree to show this rating.')
  const done = await db
    .updateTable('job_ratings')
    .set({ published_at: published ? (rating.published_at ?? new Date(nowMs).toISOString()) : null })
    .where('booking_id', '=', bookingId)
    .executeTakeFirst()
  return affectedRows(done) > 0
}

/** The published testimonials, newest first: the customer's first name, the stars, the comment. */
export async function testimonials(db: Queryable): Promise<TestimonialAnswer[]> {
  const rows = await db
    .selectFrom('job_ratings as r')
    .innerJoin('bookings as b', 'b.id', 'r.booking_id')
    .select(['b.full_name', 'b.service', 'r.stars', 'r.comment', 'r.rated_at'])
    .where('r.published_at', 'is not', null)
    .where('r.publish', '=', 1)
    .orderBy('r.published_at', 'desc')
    .limit(50)
    .execute()
  return rows.map((r) => ({
    firstName: r.full_name.trim().split(/\s+/)[0] ?? '',
    stars: r.stars,
    comment: r.comment,
    service: r.service as Service,
    ratedOn: businessDay(r.rated_at),
  }))
}

const rounded = (n: number) => Math.round(n * 10) / 10

/** What the office reads: averages per technician and per service, and the latest ratings. */
export async function ratingsForOffice(db: Queryable): Promise<AdminRatingsAnswer> {
  const byTechnician = await db
    .selectFrom('job_ratings as r')
    .leftJoin('users as u', 'u.id', 'r.staff_id')
    .select([
      'r.staff_id',
      sql<string>`coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email, 'Nobody assigned')`.as(
        'name',
      ),
      sql<number>`count(*)`.as('count'),
      sql<number>`avg(r.stars)`.as('average'),
    ])
    .groupBy(['r.staff_id', 'u.first_name', 'u.last_name', 'u.email'])
    .orderBy(sql`avg(r.stars)`, 'desc')
    .execute()
  const byService = await db
    .selectFrom('job_ratings as r')
    .innerJoin('bookings as b', 'b.id', 'r.booking_id')
    .select(['b.service', sql<number>`count(*)`.as('count'), sql<number>`avg(r.stars)`.as('average')])
    .groupBy('b.service')
    .orderBy('b.service')
    .execute()
  const recent = await db
    .selectFrom('job_ratings as r')
    .innerJoin('bookings as b', 'b.id', 'r.booking_id')
    .leftJoin('users as u', 'u.id', 'r.staff_id')
    .select([...RATED_VISIT, 'r.booking_id', 'r.published_at', 'b.full_name'])
    .orderBy('r.rated_at', 'desc')
    .limit(100)
    .execute()
  return {
    byTechnician: byTechnician.map((t) => ({
      staffId: t.staff_id,
      name: t.name,
      count: Number(t.count),
      average: rounded(Number(t.average)),
    })),
    byService: byService.map((s) => ({
      service: s.service as Service,
      count: Number(s.count),
      average: rounded(Number(s.average)),
    })),
    recent: recent.map((r) => ({
      bookingId: r.booking_id,
      customer: r.full_name,
      service: r.service as Service,
      date: r.date,
      technician: r.first_name || null,
      stars: r.stars,
      comment: r.comment,
      publish: r.publish === 1,
      publishedAt: r.published_at,
      ratedAt: r.rated_at,
    })),
  }
}
