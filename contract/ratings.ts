/**
 * The customer's rating of a completed visit (docs/rules/technicians.md, "Ratings"): 1 to 5 stars and a
 * comment, from the link in the completion message; the office reads them per technician and per service.
 */
import { z } from 'zod'
import { SERVICES } from './bookings.js'
import { defineEndpoints } from './endpoint.js'
import { isoTime, lagosDay, messageAnswer } from './fields.js'

/** How long the completion message's rating link opens the page. */
export const RATING_LINK_DAYS = 30

export const ratingBody = z.object({
  stars: z
    .number({ error: 'Choose from 1 to 5 stars' })
    .int('Choose from 1 to 5 stars')
    .min(1, 'Choose from 1 to 5 stars')
    .max(5, 'Choose from 1 to 5 stars'),
  comment: z.string().trim().max(1000, 'Keep the comment under 1,000 characters').default(''),
  /** The customer agrees to the office showing it (their first name, the stars, the comment). */
  publish: z.boolean().default(false),
})
export type RatingRequest = z.input<typeof ratingBody>

const rating = z.object({
  stars: z.number().int(),
  comment: z.string(),
  publish: z.boolean(),
  ratedAt: isoTime,
})

export const ratingLinkAnswer = z.object({
  service: z.enum(SERVICES),
  date: lagosDay,
  /** The technician's first name, as the customer knows them; null when nobody was assigned. */
  technician: z.string().nullable(),
  rating: rating.nullable(),
})
export type RatingLinkAnswer = z.infer<typeof ratingLinkAnswer>

const average = z.object({ count: z.number().int(), average: z.number() })

export const adminRatingsAnswer = z.object({
  byTechnician: z.array(average.extend({ staffId: z.number().int().nullable(), name: z.string() })),
  byService: z.array(average.extend({ service: z.enum(SERVICES) })),
  recent: z.array(
    rating.extend({
      bookingId: z.number().int(),
      customer: z.string(),
      service: z.enum(SERVICES),
      date: lagosDay,
      technician: z.string().nullable(),
      publishedAt: isoTime.nullable(),
    }),
  ),
})
export type AdminRatingsAnswer = z.infer<typeof adminRatingsAnswer>

/** A rating the customer agreed to show and the office chose to: their first name, never more. */
export const testimonialAnswer = z.object({
  firstName: z.string(),
  stars: z.number().int(),
  comment: z.string(),
  service: z.enum(SERVICES),
  /** The Lagos day it was rated, YYYY-MM-DD. */
  ratedOn: lagosDay,
})
export type TestimonialAnswer = z.infer<typeof testimonialAnswer>

export const publishRatingBody = z.object({ published: z.boolean({ error: 'Say whether to show it' }) })

export const ratingEndpoints = defineEndpoints('ratings', {
  'GET rating-links/{token}/': {
    summary: 'The completed visit a rating link opens, and its rating if given (no login).',
    access: 'public',
    answer: ratingLinkAnswer,
    errors: { 410: 'The link has expired.' },
  },
  'POST rating-links/{token}/': {
    summary: 'Rates the visit (1 to 5 stars, a comment, consent to show it); rating again changes it.',
    access: 'public',
    body: ratingBody,
    answer: messageAnswer.extend({ view: ratingLinkAnswer }),
    errors: { 409: 'The visit is not completed yet.', 410: 'The link has expired.' },
  },
  'GET testimonials/': {
    summary:
      'The ratings customers agreed to show and the office published, newest first (first names only).',
    access: 'public',
    answer: z.array(testimonialAnswer),
  },
  'GET admins/ratings/': {
    summary: 'The ratings: averages per technician and per service, and the latest 100.',
    access: 'admin',
    answer: adminRatingsAnswer,
  },
  'POST admins/ratings/{id}/publish/': {
    summary: 'Shows (or stops showing) a rating as a testimonial; only one the customer agreed to show.',
    access: 'admin',
    body: publishRatingBody,
    answer: messageAnswer,
    errors: { 404: 'No rating for this booking.', 409: 'The customer did not agree to show it.' },
  },
})
