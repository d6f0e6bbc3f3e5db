/**
 * The technician's side of the outbox: what a queued job update means, how a confirmed one is folded
 * into the saved job sheet, and the job as the technician sees it meanwhile (server copy, answers
 * confirmed but not yet folded in, and what waits). Registered as outbox kinds by ./offline.ts.
 */
import {
  type CompleteRequest,
  type Job,
  type JobQuote,
  type Treatment,
  type TreatmentCorrectionRequest,
} from '../../../contract/staff.js'
import {
  nextJobStatus,
  type JobEventType,
  type JobStatus,
  type PhotoKind,
} from '../../../contract/job-status.js'
import { formatDay, formatTime } from '../../../contract/dates.js'
import type { JobQuoteRequest } from '../../../contract/quotes.js'
import type { AppDatabase, ConfirmedEntry, MultipartBody, OutboxEntry } from '../../offline/db'
import { callPath } from '../../lib/call-path'

export const JOB_KINDS = [
  'job-event',
  'job-treatment',
  'job-treatment-correction',
  'job-photo',
  'job-complete',
  'job-quote',
] as const
export const isJobEntry = (e: Pick<OutboxEntry, 'kind'>) => (JOB_KINDS as readonly string[]).includes(e.kind)

/** The job an update is about, as the outbox lists name it. */
export type JobRef = Pick<Job, 'id' | 'full_name' | 'service' | 'date' | 'time'>
/** "Ada Okafor · Fumigation, March 14, 2026 at 10:00 AM": the customer first, as the technician knows the job. */
export const aboutJob = (job: JobRef) =>
  `${job.full_name} · ${job.service === 'fumigation' ? 'Fumigation' : 'Cleaning'}, ${formatDay(job.date)} at ${formatTime(job.time)}`

/** Every update of one job goes in one ordered group. */
export const jobGroup = (jobId: number) => `job:${jobId}`
export const jobIdOf = (e: Pick<OutboxEntry, 'group'>): number | null =>
  e.group?.startsWith('job:') ? Number(e.group.slice(4)) : null

export interface EventBody {
  type: JobEventType
  occurred_at: string
  note?: string
}
export type TreatmentBody = Omit<Treatment, 'corrected'> & { product_id?: number | null; occurred_at: string }
export type CorrectionBody = TreatmentCorrectionRequest & { occurred_at: string }

/** The treatment a correction entry corrects (its id is in the path). */
export const correctedIdOf = (e: Pick<OutboxEntry, 'path'>) =>
  /treatments\/([^/]+)\/correction/.exec(e.path)?.[1] ?? ''

/** The treatment a correction makes, as the job lists it. */
function correctedTreatment(entry: OutboxEntry): Treatment {
  const { product_id: _p, occurred_at: _o, reason: _r, ...fields } = entry.body as CorrectionBody
  return {
    ...fields,
    quantity: Number(fields.quantity),
    method: fields.method ?? '',
    id: correctedIdOf(entry),
  }
}

/** The photo's text fields and file, as queued. */
export const photoOf = (e: OutboxEntry) => {
  const body = e.body as MultipartBody
  return {
    id: body.fields.id ?? '',
    kind: (body.fields.kind ?? 'before') as PhotoKind,
    taken_at: body.fields.taken_at ?? '',
    blob: body.files.image?.blob,
  }
}

type JobAnswer = {
  job_status?: JobStatus
  url?: string
  report_url?: string
  treatment?: Treatment
  quote?: JobQuote
}

/**
 * Folds a confirmed update into a job (the server's answer where it gave one). Applying the same
 * update twice changes nothing more: a fresh download may already hold it.
 */
export function applyJobAnswer(job: Job, entry: OutboxEntry, data: unknown, receivedAt: string) {
  const answer = (data ?? {}) as JobAnswer
  if (entry.kind === 'job-event') {
    const body = entry.body as EventBody
    job.job_status = answer.job_status ?? nextJobStatus(job.job_status, body.type) ?? job.job_status
    if (!job.events.some((e) => e.type === body.type && e.occurred_at === body.occurred_at))
      job.events.push({
        id: -job.events.length - 1,
        type: body.type,
        occurred_at: body.occurred_at,
        received_at: receivedAt,
        note: body.note ?? '',
      })
  } else if (entry.kind === 'job-treatment') {
    const body = entry.body as TreatmentBody
    if (!job.treatments.some((t) => t.id === body.id)) {
      const { product_id: _product, occurred_at: _at, ...treatment } = body
      job.treatments.push(treatment)
    }
  } else if (entry.kind === 'job-treatment-correction') {
    const corrected = answer.treatment ?? correctedTreatment(entry)
    const at = job.treatments.findIndex((t) => t.id === corrected.id)
    if (at >= 0) job.treatments[at] = corrected
    else job.treatments.push(corrected)
  } else if (entry.kind === 'job-photo') {
    const photo = photoOf(entry)
    if (!job.photos.some((p) => p.id === photo.id)) {
      job.photos.push({ id: photo.id, kind: photo.kind, url: answer.url ?? '' })
    }
  } else if (entry.kind === 'job-quote') {
    // The quote as the server numbered it: listed on the job at once, before the next download.
    const quote = answer.quote
    if (quote && !(job.quotes ?? []).some((q) => q.id === quote.id)) {
      const { id, number, status, total } = quote
      job.quotes = [...(job.quotes ?? []), { id, number, status, total }]
    }
  } else if (entry.kind === 'job-complete') {
    job.job_status = 'completed'
    job.booking_status = 'Completed'
    job.report_url = answer.report_url ?? job.report_url
  }
}

/**
 * The kinds' onSent: the saved job takes the server's word, so the sheet shows it at once, with no
 * connection needed for a refetch. Missing job (another user's, or not saved): nothing to do.
 */
export async function applySentJobEntry(db: AppDatabase, entry: OutboxEntry, data: unknown) {
  const jobId = jobIdOf(entry)
  if (jobId === null || !isJobEntry(entry)) return
  const receivedAt = new Date().toISOString()
  await db.jobs
    .where('id')
    .equals(jobId)
    .modify((job: Job) => applyJobAnswer(job, entry, data, receivedAt))
}

/** A queued update of a job, as the job screen lists it. */
export interface PendingItem {
  entry: OutboxEntry
  /** waiting: not confirmed yet; failed: refused (409 reassigned/cancelled, not allowed): kept until dismissed. */
  state: 'waiting' | 'failed' | 'auth'
}

export interface LocalJob {
  job: Job
  /** The status shown: the server's, moved on by every update still waiting. */
  status: JobStatus
  /** True when `status` is the phone's own and not yet confirmed. */
  statusPending: boolean
  /** The time of the status shown (device time for a pending one). */
  statusAt: string | null
  treatments: (Treatment & { pending: boolean })[]
  photos: { id: string; kind: PhotoKind; url?: string; blob?: Blob; pending: boolean }[]
  completion: CompleteRequest | null
  waiting: OutboxEntry[]
  failed: OutboxEntry[]
}

/**
 * The job as the technician sees it: the saved server copy, with the updates the server confirmed but
 * the page has not folded in yet (the worker sent them), and their queued updates on top.
 */
export function localJobView(saved: Job, entries: OutboxEntry[], confirmed: ConfirmedEntry[] = []): LocalJob {
  const answered = confirmed
    .filter((c) => jobIdOf(c.entry) === saved.id && isJobEntry(c.entry))
    .sort((a, b) => a.entry.createdAt - b.entry.createdAt)
  const job = answered.length ? structuredClone(saved) : saved
  for (const c of answered) applyJobAnswer(job, c.entry, c.answer, new Date(c.confirmedAt).toISOString())
  const mine = entries
    .filter((e) => jobIdOf(e) === job.id && isJobEntry(e))
    .sort((a, b) => a.createdAt - b.createdAt)
  const live = mine.filter((e) => e.status !== 'failed')
  let status = job.job_status
  let statusPending = false
  let statusAt = job.events.at(-1)?.occurred_at ?? null
  let completion: CompleteRequest | null = null
  for (const e of live) {
    if (e.kind === 'job-event') {
      const body = e.body as EventBody
      const next = nextJobStatus(status, body.type)
      if (next) {
        status = next
        statusPending = true
        statusAt = body.occurred_at
      }
    } else if (e.kind === 'job-complete') {
      completion = e.body as CompleteRequest
      if (nextJobStatus(status, 'completed')) {
        status = 'completed'
        statusPending = true
        statusAt = String(completion.occurred_at)
      }
    }
  }
  const treatments: LocalJob['treatments'] = [
    ...job.treatments.map((t) => ({ ...t, pending: false })),
    ...live
      .filter((e) => e.kind === 'job-treatment')
      .map((e) => {
        const { product_id: _p, occurred_at: _o, ...t } = e.body as TreatmentBody
        return { ...t, pending: true }
      })
      .filter((t) => !job.treatments.some((s) => s.id === t.id)),
  ]
  // A correction waiting to be sent shows at once in place of what it corrects (or as a new line).
  for (const e of live.filter((e) => e.kind === 'job-treatment-correction')) {
    const corrected = { ...correctedTreatment(e), pending: true }
    const at = treatments.findIndex((t) => t.id === corrected.id)
    if (at >= 0) treatments[at] = corrected
    else treatments.push(corrected)
  }
  const photos = [
    ...job.photos.map((p) => ({ ...p, pending: false })),
    ...live
      .filter((e) => e.kind === 'job-photo')
      .map((e) => {
        const p = photoOf(e)
        return { id: p.id, kind: p.kind, blob: p.blob, pending: true }
      })
      .filter((p) => !job.photos.some((s) => s.id === p.id)),
  ]
  return {
    job,
    status,
    statusPending,
    statusAt,
    treatments,
    photos,
    completion,
    waiting: live,
    failed: mine.filter((e) => e.status === 'failed'),
  }
}

/** What to queue for each kind of job update (the job screen and the tests build entries with these). */
export interface JobUpdate {
  kind: OutboxEntry['kind']
  path: string
  body: unknown
  bodyType?: OutboxEntry['bodyType']
  group: string
}

/** An update of one job: queued in the job's group, so the job's updates reach the server in order. */
const jobUpdate = (jobId: number, kind: JobUpdate['kind'], path: string, body: unknown): JobUpdate => ({
  kind,
  path,
  body,
  group: jobGroup(jobId),
})

export const jobUpdates = {
  event: (jobId: number, body: EventBody) =>
    jobUpdate(jobId, 'job-event', callPath('POST staff/jobs/{id}/events/', { id: jobId }), body),
  treatment: (jobId: number, body: TreatmentBody) =>
    jobUpdate(jobId, 'job-treatment', callPath('POST staff/jobs/{id}/treatments/', { id: jobId }), body),
  correction: (jobId: number, treatmentId: string, body: CorrectionBody) =>
    jobUpdate(
      jobId,
      'job-treatment-correction',
      callPath('POST staff/jobs/{id}/treatments/{treatmentId}/correction/', { id: jobId, treatmentId }),
      body,
    ),
  photo: (
    jobId: number,
    photo: { id: string; kind: PhotoKind; taken_at: string; blob: Blob },
  ): JobUpdate => ({
    ...jobUpdate(jobId, 'job-photo', callPath('POST staff/jobs/{id}/photos/', { id: jobId }), {
      fields: { id: photo.id, kind: photo.kind, taken_at: photo.taken_at },
      files: { image: { blob: photo.blob, name: `${photo.id}.jpg` } },
    } satisfies MultipartBody),
    bodyType: 'multipart',
  }),
  complete: (jobId: number, body: CompleteRequest) =>
    jobUpdate(jobId, 'job-complete', callPath('POST staff/jobs/{id}/complete/', { id: jobId }), body),
  quote: (jobId: number, body: JobQuoteRequest) =>
    jobUpdate(jobId, 'job-quote', callPath('POST staff/jobs/{id}/quotes/', { id: jobId }), body),
}
