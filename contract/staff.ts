/** Field technicians (docs/rules/technicians.md): jobs, their events, treatments, photos and the report. */
import { z } from 'zod'
import { nairaField, requiredText } from './fields.js'

import {
  JOB_EVENT_TYPES,
  PAYMENT_METHODS,
  PHOTO_KINDS,
  type JobEventType,
  type JobStatus,
  type PhotoKind,
} from './job-status.js'

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
export interface TreatmentCorrectionAnswer {
  message: string
  treatment: Treatment
}

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

export interface JobEvent {
  id: number
  type: JobEventType | 'completed'
  occurred_at: string
  received_at: string
  note: string
}
export interface Treatment {
  id: string
  product_name: string
  quantity: number
  unit: string
  target_pest: string
  area: string
  method: string
  /** Who last corrected it and when (device time); absent or null when never corrected. */
  corrected?: { by: string; at: string } | null
}
export interface JobPhoto {
  id: string
  kind: PhotoKind
  url: string
}
export interface Job {
  id: number
  booking_id: number
  full_name: string
  phone_number: string
  whatsapp_url: string | null
  location: string
  maps_url: string
  service: 'fumigation' | 'cleaning'
  info: string
  date: string
  time: string
  booking_status: 'Pending' | 'Confirmed' | 'Completed' | 'Cancelled'
  /** Booked outside the working hours: the customer was promised a response within 2 to 4 hours. */
  emergency: boolean
  job_status: JobStatus
  assigned_to: { id: number; name: string; phone_number: string } | null
  events: JobEvent[]
  treatments: Treatment[]
  photos: JobPhoto[]
  report_url: string | null
  updated_at: string
}

export interface AssignAnswer {
  message: string
  job: Job
}
export interface JobEventAnswer {
  message: string
  job_status: JobStatus
}
export interface CreatedAnswer {
  message: string
  id: string
}
export interface PhotoAnswer extends CreatedAnswer {
  url: string
}
export interface CompleteAnswer {
  message: string
  report_url: string
}
/** 409 answers of the job calls: shown on the job, never dropped. */
export type JobConflictCode = 'reassigned' | 'cancelled' | 'overlap' | 'not_assignable'

export const mapsUrl = (location: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(location)}`
