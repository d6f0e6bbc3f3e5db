import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import { html, raw } from 'hono/html'
import { COMPANY_CONTACT } from '../../contract/company.js'
import { addDays, businessDateTime, formatDay, formatTime } from '../../contract/dates.js'
import { formatNaira, toNaira } from '../../contract/money.js'
import { localPhone } from '../../contract/phone.js'
import { pages } from '../../contract/pages.js'
import type { Queryable } from '../db/index.js'
import { affectedRows } from '../db/dialect.js'
import { treatmentsWithCorrector, type JobRow } from './jobs.js'
import { printableDocument, printButtonScript } from './printable-page.js'

interface ReportRow {
  assignment_id: number
  certificate_no: string
  summary: string
  recommendations: string
  signer_name: string
  signature: string | null
  signature_refused_reason: string | null
  payment_amount_kobo: number | null
  payment_method: 'cash' | 'transfer' | 'pos' | null
  payment_reference: string
  occurred_at: string
  staff_name: string | null
}

const PAYMENT_WORDS = { cash: 'Cash', transfer: 'Bank transfer', pos: 'POS' } as const
/** How long a fumigation protects: the next service is due after this many days. */
const FUMIGATION_INTERVAL_DAYS = 90
const PHOTO_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' }

const lagos = (iso: string | undefined) => (iso ? businessDateTime(iso) : '—')

/** Where a job photo's bytes live in table `media` (job_photos.file is its file name). */
export const jobPhotoMediaName = (file: string) => `jobs/${path.basename(file)}`

/**
 * Copies job photos a server saved under MEDIA_DIR/jobs (before they lived in the database) into table
 * media, once: run at start, it finds nothing left to do after the first time. Returns how many it copied.
 */
export async function importJobPhotosFromDisk(db: Queryable, mediaDir: string): Promise<number> {
  const dir = path.join(mediaDir, 'jobs')
  if (!fs.existsSync(dir)) return 0
  const photos = await db.selectFrom('job_photos').select('file').execute()
  let copied = 0
  for (const { file } of photos) {
    const name = jobPhotoMediaName(file)
    const bytes = (() => {
      try {
        return fs.readFileSync(path.join(dir, path.basename(file)))
      } catch {
        return null
      }
    })()
    if (!bytes) continue
    const result = await db
      .insertInto('media')
      .values({ name, content_type: PHOTO_TYPES[path.extname(file).slice(1)] ?? 'image/jpeg', bytes })
      .onConflict((oc) => oc.column('name').doNothing())
      .executeTakeFirst()
    copied += affectedRows(result)
  }
  return copied
}

/** Wires the report's print button. */
export const REPORT_PRINT_SCRIPT = printButtonScript('print-report')

/**
 * The printable service report (docs/rules/technicians.md). Photos are inlined as data URLs so the one HTML answer,
 * once opened (and kept by the service worker), reads in full with no connection.
 */
export async function renderReport(db: Queryable, job: JobRow): Promise<string | null> {
  const report = (await db
    .selectFrom('job_reports as r')
    .leftJoin('users as u', 'u.id', 'r.staff_id')
    .selectAll('r')
    .select(sql<string | null>`trim(u.first_name || ' ' || u.last_name)`.as('staff_name'))
    .where('r.booking_id', '=', job.id)
    .executeTakeFirst()) as ReportRow | undefined
  if (!report) return null
  const events = await db
    .selectFrom('job_events')
    .select(['type', 'occurred_at'])
    .where('assignment_id', '=', report.assignment_id)
    .orderBy('id')
    .execute()
  const first = (type: string) => events.find((e) => e.type === type)?.occurred_at
  const treatments = await treatmentsWithCorrector(db)
    .where('t.assignment_id', '=', report.assignment_id)
    .orderBy('t.occurred_at')
    .orderBy('t.received_at')
    .execute()
  const corrected = treatments.filter((t) => t.corrected_at)
  // One query for the photos and their bytes; a photo whose bytes are missing is left out.
  const photos = (
    await db
      .selectFrom('job_photos as p')
      .innerJoin('media as m', (j) => j.on('m.name', '=', sql<string>`'jobs/' || p.file`))
      .select(['p.kind', 'p.file', 'm.content_type', 'm.bytes'])
      .where('p.assignment_id', '=', report.assignment_id)
      .orderBy('p.taken_at')
      .orderBy('p.received_at')
      .execute()
  ).map((p) => ({
    kind: p.kind,
    src: `data:${p.content_type || PHOTO_TYPES[path.extname(p.file).slice(1)] || 'image/jpeg'};base64,${Buffer.from(p.bytes).toString('base64')}`,
  }))
  const completedDay = report.occurred_at.slice(0, 10)
  const nextDue =
    job.service === 'fumigation' ? formatDay(addDays(completedDay, FUMIGATION_INTERVAL_DAYS)) : null
  const service = job.service === 'fumigation' ? 'Fumigation (pest control)' : 'Cleaning'

  return printableDocument({
    title: `Service report ${report.certificate_no}`,
    tableMinWidth: '36rem',
    printButtonId: 'print-report',
    // Next to this report (staff/jobs/{id}/report): staff/report-print.js.
    scriptUrl: '../../report-print.js',
    styles: html`<style>
      header {
        border-bottom: 3px solid #15803d;
        padding-bottom: 0.5rem;
        margin-bottom: 1rem;
      }
      h1 {
        color: #15803d;
        font-size: 1.4rem;
        margin: 0;
      }
      .photos {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
      }
      .photos figure {
        margin: 0;
        width: 14rem;
      }
      .photos img {
        width: 100%;
        border-radius: 0.25rem;
      }
      figcaption {
        font-size: 0.85rem;
        text-transform: capitalize;
      }
      .signature {
        max-width: 18rem;
        border: 1px solid #d1d5db;
        background: #fff;
      }
    </style>`,
    body: html` <header>
        <h1>${COMPANY_CONTACT.name}</h1>
        <div class="small">
          ${COMPANY_CONTACT.address} · ${COMPANY_CONTACT.phone} · ${COMPANY_CONTACT.email}
        </div>
        <p><strong>Service report</strong> · Certificate no. <strong>${report.certificate_no}</strong></p>
      </header>
      <dl>
        <dt>Customer</dt>
        <dd>${job.full_name} · ${localPhone(job.phone_number)}</dd>
        <dt>Address</dt>
        <dd>${job.location}</dd>
        <dt>Service</dt>
        <dd>${service}</dd>
        <dt>Appointment</dt>
        <dd>${formatDay(job.date)} at ${formatTime(job.time)}</dd>
        <dt>Technician</dt>
        <dd>${report.staff_name || '—'}</dd>
        <dt>Arrived</dt>
        <dd>${lagos(first('arrived'))}</dd>
        <dt>Started</dt>
        <dd>${lagos(first('started'))}</dd>
        <dt>Completed</dt>
        <dd>${lagos(report.occurred_at)}</dd>
        ${
          nextDue
            ? html`<dt>Next service due</dt>
                <dd>${nextDue}</dd>`
            : ''
        }
      </dl>
      ${
        // The offer of a plan: the customer takes it on /plans (asked there, never booked from here).
        job.plan_id == null && job.user_id !== null
          ? html`<p class="noprint">
              <a href="${pages.plans}?from=${job.id}">Book the next visit every 3 months</a>: same place, day
              and time; pause or cancel any time.
            </p>`
          : ''
      }
      <h2>Treatments</h2>
      ${
        treatments.length
          ? html`<div class="table-scroll">
              <table>
                <thead>
                  <tr>
                    <th>Product</th>
                    <th>Quantity</th>
                    <th>Target pest</th>
                    <th>Area</th>
                    <th>Method</th>
                  </tr>
                </thead>
                <tbody>
                  ${treatments.map(
                    (t) =>
                      html`<tr>
                        <td>${t.product_name}</td>
                        <td>${t.quantity} ${t.unit}</td>
                        <td>${t.target_pest}</td>
                        <td>${t.area}</td>
                        <td>${t.method || '—'}</td>
                      </tr>`,
                  )}
                </tbody>
              </table>
            </div>`
          : html`<p>No products were applied.</p>`
      }
      ${
        corrected.length
          ? html`<p class="small">
              Corrected after they were first recorded:
              ${corrected.map(
                (t, i) =>
                  html`${i ? '; ' : ''}${t.product_name} (${t.area}), by ${t.corrected_by || 'the office'} on
                  ${lagos(t.corrected_at ?? undefined)}`,
              )}.
            </p>`
          : ''
      }
      ${
        photos.length
          ? html`<h2>Photos</h2>
              <div class="photos">
                ${photos.map(
                  (p) =>
                    html`<figure>
                      <img src="${raw(p.src)}" alt="${p.kind} photo" />
                      <figcaption>${p.kind}</figcaption>
                    </figure>`,
                )}
              </div>`
          : ''
      }
      <h2>Summary</h2>
      <p>${report.summary}</p>
      ${
        report.recommendations
          ? html`<h2>Recommendations</h2>
              <p>${report.recommendations}</p>`
          : ''
      }
      <h2>Customer sign-off</h2>
      ${
        report.signature
          ? html`<p>Signed by <strong>${report.signer_name}</strong></p>
              <img
                class="signature"
                src="${raw(report.signature)}"
                alt="Signature of ${report.signer_name}"
              />`
          : html`<p>The customer could not sign: ${report.signature_refused_reason ?? ''}</p>
              <p>Customer: <strong>${report.signer_name}</strong></p>`
      }
      <h2>Payment</h2>
      <p>
        ${
          report.payment_amount_kobo !== null && report.payment_method
            ? `${formatNaira(toNaira(report.payment_amount_kobo))} received by ${PAYMENT_WORDS[report.payment_method]}` +
              (report.payment_reference ? ` (reference ${report.payment_reference})` : '')
            : 'No payment was collected at the visit.'
        }
      </p>`,
  })
}
