/**
 * Fumigation certificates for business customers (docs/rules/certificates.md): issued by the office from a
 * completed booking, printed by the customer, checked by anyone at the public address printed on them.
 */
import { z } from 'zod'
import { defineEndpoints } from './endpoint.js'
import {
  dayField,
  isoTime,
  lagosDay,
  messageAnswer,
  optionalReasonBody,
  requiredText,
  statusSearchQuery,
} from './fields.js'
import { addDays } from './dates.js'
import { addMonthsToDay } from './plans.js'

/** What a certificate reads as; only Revoked is stored, Expired is read from valid_until. */
export const CERTIFICATE_STATUSES = ['Valid', 'Expired', 'Revoked'] as const
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number]

/** How long a certificate is valid unless the office chooses otherwise: 3 months from the treatment. */
export const CERTIFICATE_DEFAULT_MONTHS = 3
/** The longest validity the office may give: two years from the treatment. */
export const CERTIFICATE_MAX_DAYS = 731

/** The public code: 20 characters of lower-case base32 (100 random bits), as printed in the address. */
export const CERTIFICATE_CODE_PATTERN = /^[a-z2-7]{20}$/

/** A certificate's status on `today` (a Lagos day): revoked, past its last day, or valid. */
export const certificateStatus = (
  revokedAt: string | null,
  validUntil: string,
  today: string,
): CertificateStatus => (revokedAt ? 'Revoked' : validUntil < today ? 'Expired' : 'Valid')

/** The validity the issue form proposes: CERTIFICATE_DEFAULT_MONTHS after the treatment. */
export const defaultValidUntil = (treatedOn: string) => addMonthsToDay(treatedOn, CERTIFICATE_DEFAULT_MONTHS)

/** Why a chosen last day cannot be, or null when it can: not before the treatment, at most two years on. */
export function validUntilProblem(treatedOn: string, validUntil: string): string | null {
  if (validUntil < treatedOn) return 'Valid until cannot be before the treatment'
  if (validUntil > addDays(treatedOn, CERTIFICATE_MAX_DAYS))
    return 'Valid until can be at most two years after the treatment'
  return null
}

/** The office issues a certificate for a completed booking; the names printed on it may be edited. */
export const issueCertificateBody = z.object({
  bookingId: z.number({ error: 'Choose a booking' }).int().positive('Choose a booking'),
  businessName: requiredText('Business name', 200),
  premises: requiredText('Premises address', 500),
  /** Defaults to CERTIFICATE_DEFAULT_MONTHS after the treatment. */
  validUntil: dayField('Valid until').optional(),
})
export type IssueCertificateRequest = z.input<typeof issueCertificateBody>

export const revokeCertificateBody = optionalReasonBody
export type RevokeCertificateRequest = z.input<typeof revokeCertificateBody>

export const certificateListQuery = statusSearchQuery(CERTIFICATE_STATUSES)

/** A treatment as printed: copied from the job and its product when the certificate was issued. */
export const certificateTreatment = z.object({
  productName: z.string(),
  activeIngredient: z.string(),
  registrationNo: z.string(),
  quantity: z.number(),
  unit: z.string(),
  targetPest: z.string(),
})
export type CertificateTreatment = z.infer<typeof certificateTreatment>

export const certificateAnswer = z.object({
  id: z.number().int(),
  number: z.string(),
  bookingId: z.number().int(),
  businessName: z.string(),
  premises: z.string(),
  /** Lagos days, YYYY-MM-DD. */
  treatedOn: lagosDay,
  issuedOn: lagosDay,
  validUntil: lagosDay,
  status: z.enum(CERTIFICATE_STATUSES),
  revokedAt: isoTime.nullable(),
  revokeReason: z.string(),
  /** The public address printed on it, in full (APP_URL/certificates/{code}). */
  verifyUrl: z.string(),
  treatments: z.array(certificateTreatment),
})
export type CertificateAnswer = z.infer<typeof certificateAnswer>

/** What the issue form starts from: the booking's names and dates, and the treatments it will list. */
export const certificateDraftAnswer = certificateAnswer
  .pick({
    bookingId: true,
    businessName: true,
    premises: true,
    treatedOn: true,
    validUntil: true,
    treatments: true,
  })
  .extend({
    /** The booking's live certificate, when it has one already (issuing again is refused). */
    existing: certificateAnswer.nullable(),
  })
export type CertificateDraftAnswer = z.infer<typeof certificateDraftAnswer>

/** What anyone holding the code may read: valid or not, whose, and the dates. Nothing else. */
export const certificateCheckAnswer = certificateAnswer.pick({
  status: true,
  businessName: true,
  treatedOn: true,
  issuedOn: true,
  validUntil: true,
})
export type CertificateCheckAnswer = z.infer<typeof certificateCheckAnswer>

const changed = messageAnswer.extend({ certificate: certificateAnswer })

export const certificateEndpoints = defineEndpoints('certificates', {
  'GET admins/certificates/': {
    summary: 'Every certificate, newest first; filtered by status and by number or business name.',
    access: 'admin',
    query: certificateListQuery,
    answer: z.array(certificateAnswer),
  },
  'GET admins/bookings/{id}/certificate-draft/': {
    summary:
      'What a certificate for a booking would say: the names to print, the treatment day, the default validity and the treatments.',
    access: 'admin',
    answer: certificateDraftAnswer,
    errors: { 409: 'The booking is not completed.' },
  },
  'POST admins/certificates/': {
    summary:
      'Issues a certificate for a completed booking with the next number (FC-<year>-<sequence>) and tells the customer.',
    access: 'admin',
    body: issueCertificateBody,
    answer: changed,
    status: 201,
    idempotent: true,
    errors: {
      404: 'No such booking.',
      409: 'The booking is not completed, or has a live certificate already (revoke it first).',
    },
  },
  'POST admins/certificates/{id}/revoke/': {
    summary: 'Revokes a certificate: its public address then says it is not valid. It keeps its number.',
    access: 'admin',
    body: revokeCertificateBody,
    answer: changed,
    idempotent: true,
    errors: { 409: 'The certificate was revoked already.' },
  },
  'GET certificates/': {
    summary: "The logged-in customer's certificates, newest first.",
    access: 'user',
    answer: z.array(certificateAnswer),
  },
  'GET certificates/{id}/print': {
    summary: 'A certificate as a printable page (its customer, admins).',
    access: 'user',
    produces: 'text/html',
  },
  'GET certificates/print.js': {
    summary: "The certificate page's script (its Print button).",
    access: 'public',
    produces: 'text/javascript',
  },
  'GET certificates/verify/{code}/': {
    summary:
      'Checks a certificate by the code printed on it (no login): valid, expired or revoked, the business name and the dates.',
    access: 'public',
    answer: certificateCheckAnswer,
    errors: { 404: 'No certificate has this code.' },
  },
})
