/** Field technicians (docs/rules/technicians.md): jobs, their events, treatments, photos and the report. */
import { z } from 'zod'
import { defineEndpoints } from './endpoint.js'
import { isoTime, lagosDay, messageAnswer, naira, nairaField, requiredText } from './fields.js'
import { JOB_EVENT_TYPES, JOB_STATUSES, PAYMENT_METHODS, PHOTO_KINDS } from './job-status.js'
import { QUOTE_STATUSES } from './quotes.js'

// ---------- requests ----------

const dayField = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD')
const isoInstant = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .refine((s) => !Number.isNaN(Date.parse(s)), `${label} must be an ISO 8601 time`)
    .transform((s) => new Date(s).toISOString())
const clientId = z.uuid({ error: 'id must be a UUID made by the app' })

export const assignBody = z.object({
  staff_id: z.number({ error: 'staff_id must be a technician id or null' }).int().positive().nullable(),
})
export type AssignRequest = z.input<typeof assignBody>

export const jobListQuery = z.object({
  staff_id: z.coerce.number().int().positive().optional(),
  from: dayField.optional(),
  to: dayField.optional(),
})

export const jobEventBody = z
  .object({
    type: z.enum(JOB_EVENT_TYPES, { error: `type must be one of ${JOB_EVENT_TYPES.join(', ')}` }),
    occurred_at: isoInstant('occurred_at'),
    note: z.string().trim().max(1000, 'The note must be at most 1000 characters').default(''),
    lat: z.number().min(-90).max(90).nullable().optional(),
    lng: z.number().min(-180).max(180).nullable().optional(),
  })
  .refine((e) => e.type !== 'unable' || e.note !== '', {
    message: 'Say why the job could not be completed',
    path: ['note'],
  })
export type JobEventRequest = z.input<typeof jobEventBody>

export const treatmentBody = z.object({
  id: clientId,
  product_id: z.number().int().positive().nullable().optional(),
  product_name: requiredText('Product', 200),
  quantity: z.coerce
    .number({ error: 'Quantity must be a number' })
    .positive('Quantity must be more than 0')
    .max(1_000_000, 'Quantity is too large'),
  unit: requiredText('Unit', 30),
  target_pest: requiredText('Target pest', 200),
  area: requiredText('Area', 200),
  method: z.string().trim().max(200, 'Method must be at most 200 characters').default(''),
  occurred_at: isoInstant('occurred_at'),
})
export type TreatmentRequest = z.input<typeof treatmentBody>

/**
 * POST staff/jobs/{id}/treatments/{treatmentId}/correction/: the treatment as it should read, by its
 * technician or an admin, on a live or a completed job. A treatment id the job does not have yet adds
 * it (one the server refused, re-entered after the job was completed).
 */
export const treatmentCorrectionBody = treatmentBody.omit({ id: true }).extend({
  reason: z.string().trim().max(500, 'The reason must be at most 500 characters').default(''),
})
export type TreatmentCorrectionRequest = z.input<typeof treatmentCorrectionBody>

/** Text fields of the photo upload (multipart: these plus `image`). */
export const photoFields = z.object({
  id: clientId,
  kind: z.enum(PHOTO_KINDS, { error: 'kind must be before, after or issue' }),
  taken_at: isoInstant('taken_at'),
})

export const SIGNATURE_PREFIX = 'data:image/png;base64,'
/** A drawn signature is small; this bounds a runaway canvas (about 200 KB of PNG). */
export const SIGNATURE_MAX_CHARS = 280_000

export const completeBody = z
  .object({
    summary: requiredText('Summary', 4000),
    recommendations: z
      .string()
      .trim()
      .max(4000, 'Recommendations must be at most 4000 characters')
      .default(''),
    signer_name: requiredText('Customer name', 120),
    signature: z
      .string()
      .max(SIGNATURE_MAX_CHARS, 'The signature image is too large')
      .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, 'The signature must be a PNG data URL')
      .nullable()
      .optional(),
    signature_refused_reason: z.string().trim().max(500).nullable().optional(),
    payment: z
      .object({
        amount: nairaField('Amount is required', 'Amount must be a number of naira, e.g. 25,000').pipe(
          z.number().positive('Amount must be more than 0'),
        ),
        method: z.enum(PAYMENT_METHODS, { error: 'Payment method must be cash, transfer or POS' }),
        reference: z.string().trim().max(100).default(''),
      })
      .nullable()
      .optional(),
    occurred_at: isoInstant('occurred_at'),
  })
  .refine((b) => !!b.signature || !!b.signature_refused_reason, {
    message: 'The customer signs, or say why they could not sign',
    path: ['signature'],
  })
export type CompleteRequest = z.input<typeof completeBody>

// ---------- answers ----------

export const jobEvent = z.object({
  id: z.number().int(),
  type: z.enum([...JOB_EVENT_TYPES, 'completed']),
  occurred_at: isoTime,
  received_at: isoTime,
  note: z.string(),
})
export type JobEvent = z.infer<typeof jobEvent>

export const treatment = z.object({
  id: z.string(),
  product_name: z.string(),
  quantity: z.number(),
  unit: z.string(),
  target_pest: z.string(),
  area: z.string(),
  method: z.string(),
  /** Who last corrected it and when (device time); absent or null when never corrected. */
  corrected: z.object({ by: z.string(), at: z.string() }).nullable().optional(),
})
export type Treatment = z.infer<typeof treatment>

/** What a treatment says (product, amount, pest, area, method): from a request, a stored row or an answer. */
export const treatmentFields = (t: Omit<Treatment, 'id' | 'corrected'>) => ({
  product_name: t.product_name,
  quantity: t.quantity,
  unit: t.unit,
  target_pest: t.target_pest,
  area: t.area,
  method: t.method,
})

export const jobPhoto = z.object({ id: z.string(), kind: z.enum(PHOTO_KINDS), url: z.string() })
/** A quote for the job's booking, as the job page lists it (total in naira). */
export const jobQuote = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(QUOTE_STATUSES),
  total: naira,
})
export type JobQuote = z.infer<typeof jobQuote>
export type JobPhoto = z.infer<typeof jobPhoto>

export const job = z.object({
  id: z.number().int(),
  booking_id: z.number().int(),
  full_name: z.string(),
  phone_number: z.string(),
  whatsapp_url: z.string().nullable(),
  location: z.string(),
  maps_url: z.string(),
  service: z.enum(['fumigation', 'cleaning']),
  /** The kind the customer chose, the units they counted and the estimate when they booked (see Booking). */
  service_kind: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  units: z.number().int().nullable().optional(),
  estimate: naira.nullable().optional(),
  estimate_text: z.string().nullable().optional(),
  info: z.string(),
  date: lagosDay,
  time: z.string(),
  booking_status: z.enum(['Pending', 'Confirmed', 'Completed', 'Cancelled']),
  /** Booked outside the working hours: the customer was promised a response within 2 to 4 hours. */
  emergency: z.boolean(),
  job_status: z.enum(JOB_STATUSES),
  assigned_to: z.object({ id: z.number().int(), name: z.string(), phone_number: z.string() }).nullable(),
  events: z.array(jobEvent),
  treatments: z.array(treatment),
  photos: z.array(jobPhoto),
  /** The booking's quotes (not withdrawn ones), oldest first: what the technician or the office offered. */
  quotes: z.array(jobQuote).optional(),
  report_url: z.string().nullable(),
  /** The customer answered the day-before reminder: they will be there. */
  customer_confirmed: z.boolean().optional(),
  updated_at: isoTime,
})
export type Job = z.infer<typeof job>

export const assignAnswer = messageAnswer.extend({ job })
export type AssignAnswer = z.infer<typeof assignAnswer>
export const jobEventAnswer = messageAnswer.extend({ job_status: z.enum(JOB_STATUSES) })
export type JobEventAnswer = z.infer<typeof jobEventAnswer>
export const createdAnswer = messageAnswer.extend({ id: z.string() })
export type CreatedAnswer = z.infer<typeof createdAnswer>
export const photoAnswer = createdAnswer.extend({ url: z.string() })
export type PhotoAnswer = z.infer<typeof photoAnswer>
export const completeAnswer = messageAnswer.extend({ report_url: z.string() })
export type CompleteAnswer = z.infer<typeof completeAnswer>
export const treatmentCorrectionAnswer = messageAnswer.extend({ treatment })
export type TreatmentCorrectionAnswer = z.infer<typeof treatmentCorrectionAnswer>

/** 409 answers of the job calls: shown on the job, never dropped. */
export type JobConflictCode = 'reassigned' | 'cancelled' | 'overlap' | 'not_assignable'

export const mapsUrl = (location: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(location)}`

// ---------- the calls ----------

const REPLAYED = 'a request with the same Idempotency-Key is still being processed (`code` "in_progress")'
const KEY_REUSED = 'The Idempotency-Key was already used for a different request.'
/** The technician's own records: an admin reads the job and corrects treatments, but does not add these. */
const TECHNICIAN_ONLY =
  "Not the job's technician (admins too: only the technician records these), or no CSRF token."
/** writableJob's refusals: the technician's updates to a job no longer theirs, or a cancelled booking. */
const NOT_WRITABLE =
  'The job was reassigned (`code` "reassigned"), its booking cancelled (`code` "cancelled"), or the ' +
  'move is not allowed from its status (`job_status` says where it stands)'
/** How a technician's idempotent write to their job is refused. */
const JOB_WRITE_ERRORS = {
  403: TECHNICIAN_ONLY,
  409: `${NOT_WRITABLE}; or ${REPLAYED}.`,
  422: KEY_REUSED,
}
/** The same for a record whose id the phone chose (a treatment, a photo). */
const RECORD_WRITE_ERRORS = {
  ...JOB_WRITE_ERRORS,
  409: `${NOT_WRITABLE}; the id belongs to another record; or ${REPLAYED}.`,
}

export const staffEndpoints = defineEndpoints('staff', {
  'POST admins/bookings/{id}/assign/': {
    summary: 'Assigns a technician to a booking, reassigns it (another staff_id) or unassigns it (null).',
    tag: 'bookings',
    access: 'admin',
    body: assignBody,
    answer: assignAnswer,
    idempotent: true,
    errors: {
      409:
        'Not Pending or Confirmed (`code` "not_assignable"); the technician has another job then ' +
        `(\`code\` "overlap"); or ${REPLAYED}.`,
      422: KEY_REUSED,
    },
  },
  'GET staff/jobs/': {
    summary:
      "The technician's jobs from a week ago on (an admin: everyone's, or one technician's by staff_id).",
    access: 'staff',
    query: jobListQuery,
    answer: z.array(job),
  },
  'GET staff/jobs/{id}/': {
    summary: 'One job with its events, treatments, photos and report.',
    access: 'staff',
    answer: job,
    errors: { 409: 'The job was reassigned to another technician (`code` "reassigned").' },
  },
  'POST staff/jobs/{id}/events/': {
    summary: 'Records a move of the job (on my way, arrived, started, paused, resumed, unable).',
    access: 'staff',
    body: jobEventBody,
    answer: jobEventAnswer,
    status: 201,
    idempotent: true,
    errors: JOB_WRITE_ERRORS,
  },
  'POST staff/jobs/{id}/treatments/': {
    summary: 'Adds a treatment (product, amount, pest, area); the same id again is answered as before.',
    access: 'staff',
    body: treatmentBody,
    answer: createdAnswer,
    status: 201,
    idempotent: true,
    errors: RECORD_WRITE_ERRORS,
  },
  'POST staff/jobs/{id}/treatments/{treatmentId}/correction/': {
    summary:
      'Corrects a treatment, also on a completed job (the values it replaced are kept), or adds one ' +
      'the server refused before: by its technician or an admin.',
    access: 'staff',
    body: treatmentCorrectionBody,
    answer: treatmentCorrectionAnswer,
    idempotent: true,
    errors: {
      403:
        "Not the job's technician or an admin; a technician's treatment of an earlier visit (the office " +
        'corrects it); or no CSRF token.',
      409:
        `${NOT_WRITABLE}; the id belongs to another job; no technician was ever assigned; or ` +
        `${REPLAYED}.`,
      422: KEY_REUSED,
    },
  },
  'POST staff/jobs/{id}/photos/': {
    summary:
      'Uploads a photo of the job (before, after or an issue); the same id again is answered as before.',
    access: 'staff',
    multipart: true,
    body: photoFields.extend({ image: z.file() }),
    answer: photoAnswer,
    status: 201,
    idempotent: true,
    errors: RECORD_WRITE_ERRORS,
  },
  'GET staff/jobs/{id}/photos/{photoId}': {
    summary: "A job's photo, for the booking's customer, its technician and admins.",
    access: 'user',
    produces: 'image/*',
    errors: { 403: "Not the booking's customer, its technician or an admin." },
  },
  'POST staff/jobs/{id}/complete/': {
    summary: "Completes the job with the summary, the customer's signature and any payment taken.",
    access: 'staff',
    body: completeBody,
    answer: completeAnswer,
    status: 201,
    idempotent: true,
    errors: JOB_WRITE_ERRORS,
  },
  'GET staff/jobs/{id}/report': {
    summary: "The job's service report, a printable page (the customer, the technician, admins).",
    access: 'user',
    produces: 'text/html',
    errors: { 403: "Not the booking's customer, its technician or an admin." },
  },
  'GET staff/report-print.js': {
    summary: "The service report page's script (its Print button).",
    access: 'public',
    produces: 'text/javascript',
  },
})
