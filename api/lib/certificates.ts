import crypto from 'node:crypto'
import { sql } from 'kysely'
import type { Queryable } from '../db/index.js'
import { textSearch } from './search.js'
import { affectedRows } from '../db/dialect.js'
import {
  certificateStatus,
  defaultValidUntil,
  validUntilProblem,
  type CertificateAnswer,
  type CertificateCheckAnswer,
  type CertificateDraftAnswer,
  type CertificateStatus,
  type CertificateTreatment,
} from '../../contract/certificates.js'
import { businessDay } from '../../contract/dates.js'
import { pages } from '../../contract/pages.js'
import { fail, notFound } from './http-error.js'
import { nextDocumentNumber } from './invoices.js'

// All of the certificates' SQL (docs/rules/certificates.md).

const today = (nowMs: number) => businessDay(new Date(nowMs))

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567'

/**
 * A fresh public code: 100 random bits as 20 characters of lower-case base32 (no look-alike case to
 * mistype when it is read off paper). Unguessable, so the public check needs no other secret.
 */
export function newCertificateCode(): string {
  const bytes = crypto.randomBytes(13)
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5 && out.length < 20) {
      out += BASE32[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
    value &= (1 << bits) - 1
  }
  return out
}

/** The public address printed on a certificate: the app's page that checks it. */
export const verifyUrl = (appUrl: string, code: string) => appUrl + pages.certificate(code)

// ---------- the issue form's starting point ----------

/** The booking a certificate is for, with the day it was treated (the completion's Lagos day, else the booking's). */
async function certifiedBooking(db: Queryable, bookingId: number) {
  const booking = await db
    .selectFrom('bookings as b')
    .leftJoin('job_reports as r', 'r.booking_id', 'b.id')
    .select([
      'b.id',
      'b.status',
      'b.full_name',
      'b.location',
      'b.date',
      'b.user_id',
      'r.occurred_at',
      'r.assignment_id',
    ])
    .where('b.id', '=', bookingId)
    .executeTakeFirstOrThrow(notFound(`There is no booking #${bookingId}.`))
  if (booking.status !== 'Completed')
    fail(
      409,
      `Booking #${bookingId} is ${booking.status}: a certificate is issued once the treatment is completed.`,
      { extra: { code: 'not_completed' } },
    )
  return {
    ...booking,
    treatedOn: (booking.occurred_at && businessDay(booking.occurred_at)) || booking.date,
  }
}

/**
 * The treatments a certificate lists, with what the product's label says (active ingredient, registration
 * number) as the admin entered it on the product: by the product the technician chose, else by its name.
 */
async function treatmentsToCertify(
  db: Queryable,
  booking: { id: number; assignment_id: number | null },
): Promise<CertificateTreatment[]> {
  let query = db
    .selectFrom('job_treatments')
    .select(['product_id', 'product_name', 'quantity', 'unit', 'target_pest'])
    .where('booking_id', '=', booking.id)
    .orderBy('occurred_at')
    .orderBy('received_at')
  // The report's visit only: a job handed to another technician keeps the first one's rows apart.
  if (booking.assignment_id !== null) query = query.where('assignment_id', '=', booking.assignment_id)
  const rows = await query.execute()
  if (rows.length === 0) return []
  const products = await db
    .selectFrom('products')
    .select(['id', 'name', 'active_ingredient', 'registration_no'])
    .execute()
  const byId = new Map(products.map((p) => [p.id, p]))
  const byName = new Map(products.map((p) => [p.name.trim().toLowerCase(), p]))
  return rows.map((t) => {
    const product =
      (t.product_id !== null ? byId.get(t.product_id) : undefined) ??
      byName.get(t.product_name.trim().toLowerCase())
    return {
      productName: t.product_name,
      activeIngredient: product?.active_ingredient ?? '',
      registrationNo: product?.registration_no ?? '',
      quantity: Number(t.quantity),
      unit: t.unit,
      targetPest: t.target_pest,
    }
  })
}

/** The booking's certificate that is not revoked, if any. */
const liveCertificateId = async (db: Queryable, bookingId: number) =>
  (
    await db
      .selectFrom('certificates')
      .select('id')
      .where('booking_id', '=', bookingId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
  )?.id

/** What the issue form starts from; refused (409) for a booking not completed. */
export async function certificateDraft(
  db: Queryable,
  bookingId: number,
  nowMs: number,
  appUrl: string,
): Promise<CertificateDraftAnswer> {
  const booking = await certifiedBooking(db, bookingId)
  const existing = await liveCertificateId(db, bookingId)
  return {
    bookingId,
    businessName: booking.full_name,
    premises: booking.location,
    treatedOn: booking.treatedOn,
    validUntil: defaultValidUntil(booking.treatedOn),
    treatments: await treatmentsToCertify(db, booking),
    existing: existing === undefined ? null : ((await findCertificate(db, existing, nowMs, appUrl)) ?? null),
  }
}

// ---------- issuing and revoking ----------

export interface NewCertificate {
  bookingId: number
  businessName: string
  premises: string
  validUntil?: string
  issuedBy: number
}

/**
 * Issues a certificate in the caller's transaction: the next FC-<year>-NNNN number, a fresh public code,
 * and a copy of everything it prints. The counter's row is taken first, so two issues for one booking
 * (two admins, two instances) take turns and the second sees the first's certificate: 409, and its
 * number is given back with its rolled-back transaction.
 */
export async function issueCertificate(trx: Queryable, input: NewCertificate, nowMs: number) {
  const booking = await certifiedBooking(trx, input.bookingId)
  const validUntil = input.validUntil ?? defaultValidUntil(booking.treatedOn)
  const problem = validUntilProblem(booking.treatedOn, validUntil)
  if (problem) fail(400, problem, { field: 'validUntil' })
  const issuedOn = today(nowMs)
  const number = await nextDocumentNumber(trx, 'certificate', Number(issuedOn.slice(0, 4)))
  const existing = await trx
    .selectFrom('certificates')
    .select(['id', 'number'])
    .where('booking_id', '=', input.bookingId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  if (existing)
    fail(
      409,
      `Booking #${input.bookingId} already has certificate ${existing.number}: revoke it first to issue a new one.`,
      { extra: { code: 'exists', id: existing.id } },
    )
  const treatments = await treatmentsToCertify(trx, booking)
  const { id } = await trx
    .insertInto('certificates')
    .values({
      number,
      code: newCertificateCode(),
      booking_id: input.bookingId,
      customer_id: booking.user_id,
      business_name: input.businessName,
      premises: input.premises,
      treated_on: booking.treatedOn,
      issued_on: issuedOn,
      valid_until: validUntil,
      issued_by: input.issuedBy,
      issued_at: new Date(nowMs).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  if (treatments.length)
    await trx
      .insertInto('certificate_treatments')
      .values(
        treatments.map((t, i) => ({
          certificate_id: id,
          position: i + 1,
          product_name: t.productName,
          active_ingredient: t.activeIngredient,
          registration_no: t.registrationNo,
          quantity: t.quantity,
          unit: t.unit,
          target_pest: t.targetPest,
        })),
      )
      .execute()
  return { id, customerId: booking.user_id }
}

/** Revokes a certificate (kept, with its number, reading "not valid" from now on); 409 when it was already. */
export async function revokeCertificate(
  trx: Queryable,
  id: number,
  by: number,
  reason: string,
  nowMs: number,
) {
  const row = await trx
    .selectFrom('certificates')
    .select(['number', 'revoked_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow(notFound('No such certificate.'))
  const done = await trx
    .updateTable('certificates')
    .set({ revoked_at: new Date(nowMs).toISOString(), revoked_by: by, revoke_reason: reason })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  if (!affectedRows(done)) fail(409, `Certificate ${row.number} was revoked already.`)
  return row.number
}

// ---------- reading ----------

type CertificateRow = {
  id: number
  number: string
  code: string
  booking_id: number
  customer_id: number | null
  business_name: string
  premises: string
  treated_on: string
  issued_on: string
  valid_until: string
  revoked_at: string | null
  revoke_reason: string
}

async function answersOf(
  db: Queryable,
  rows: CertificateRow[],
  nowMs: number,
  appUrl: string,
): Promise<CertificateAnswer[]> {
  if (rows.length === 0) return []
  const treatments = await db
    .selectFrom('certificate_treatments')
    .selectAll()
    .where(
      'certificate_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('certificate_id')
    .orderBy('position')
    .execute()
  const day = today(nowMs)
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    bookingId: r.booking_id,
    businessName: r.business_name,
    premises: r.premises,
    treatedOn: r.treated_on,
    issuedOn: r.issued_on,
    validUntil: r.valid_until,
    status: certificateStatus(r.revoked_at, r.valid_until, day),
    revokedAt: r.revoked_at,
    revokeReason: r.revoke_reason,
    verifyUrl: verifyUrl(appUrl, r.code),
    treatments: treatments
      .filter((t) => t.certificate_id === r.id)
      .map((t) => ({
        productName: t.product_name,
        activeIngredient: t.active_ingredient,
        registrationNo: t.registration_no,
        quantity: Number(t.quantity),
        unit: t.unit,
        targetPest: t.target_pest,
      })),
  }))
}

const COLUMNS = [
  'id',
  'number',
  'code',
  'booking_id',
  'customer_id',
  'business_name',
  'premises',
  'treated_on',
  'issued_on',
  'valid_until',
  'revoked_at',
  'revoke_reason',
] as const

/** One certificate as the answers show it; undefined when none. */
export async function findCertificate(db: Queryable, id: number, nowMs: number, appUrl: string) {
  const row = await db.selectFrom('certificates').select(COLUMNS).where('id', '=', id).executeTakeFirst()
  return row ? (await answersOf(db, [row], nowMs, appUrl))[0] : undefined
}

/** Who a certificate belongs to, for the printable page's check; undefined when there is none. */
export const certificateOwner = (db: Queryable, id: number) =>
  db.selectFrom('certificates').select('customer_id').where('id', '=', id).executeTakeFirst()

/** Certificates newest first: the admin's list (filtered), or one customer's. */
export async function listCertificates(
  db: Queryable,
  filter: { status?: CertificateStatus; q?: string; customerId?: number },
  nowMs: number,
  appUrl: string,
): Promise<CertificateAnswer[]> {
  const day = today(nowMs)
  let query = db.selectFrom('certificates').select(COLUMNS).orderBy('id', 'desc').limit(500)
  if (filter.status === 'Revoked') query = query.where('revoked_at', 'is not', null)
  else if (filter.status === 'Expired')
    query = query.where('revoked_at', 'is', null).where('valid_until', '<', day)
  else if (filter.status === 'Valid')
    query = query.where('revoked_at', 'is', null).where('valid_until', '>=', day)
  if (filter.customerId !== undefined) query = query.where('customer_id', '=', filter.customerId)
  if (filter.q) {
    query = query.where(textSearch(filter.q, [sql.ref('number'), sql.ref('business_name')]))
  }
  return answersOf(db, await query.execute(), nowMs, appUrl)
}

/** What the public check tells anyone holding the code; undefined for a code that is not ours. */
export async function checkCertificate(
  db: Queryable,
  code: string,
  nowMs: number,
): Promise<CertificateCheckAnswer | undefined> {
  const row = await db
    .selectFrom('certificates')
    .select(['business_name', 'treated_on', 'issued_on', 'valid_until', 'revoked_at'])
    .where('code', '=', code)
    .executeTakeFirst()
  if (!row) return undefined
  // Only these: the paper's holder already has the rest, and a stranger needs no more.
  return {
    status: certificateStatus(row.revoked_at, row.valid_until, today(nowMs)),
    businessName: row.business_name,
    treatedOn: row.treated_on,
    issuedOn: row.issued_on,
    validUntil: row.valid_until,
  }
}
