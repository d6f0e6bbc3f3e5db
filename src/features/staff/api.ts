/** The technician's job sheet: the morning download into Dexie, the local view, and every update through the outbox. */
import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useLiveQuery } from 'dexie-react-hooks'
import { BUSINESS_TIME_ZONE, todayIso } from '../../../contract/dates.js'
import type { CompleteRequest, Job } from '../../../contract/staff.js'
import type { JobQuoteRequest } from '../../../contract/quotes.js'
import type { JobEventType, PhotoKind } from '../../../contract/job-status.js'
import { callApi, callUrl } from '../../lib/api-client'
import { userScope } from '../../lib/user-scope'
import { useUserId } from '../../lib/session'
import { applyConfirmed } from '../../offline/confirmed'
import { db, type ConfirmedEntry, type OutboxEntry } from '../../offline/db'
import {
  aboutJob,
  jobUpdates,
  localJobView,
  type CorrectionBody,
  type JobRef,
  type JobUpdate,
  type LocalJob,
  type TreatmentBody,
} from './jobs'
// The job updates' outbox kinds are known before one is queued or confirmed.
import './offline'
import { discardOutboxEntry, queueThroughOutbox, resendOutboxEntry } from '../../offline/outbox'
import { replayOutboxNow } from '../../offline/sync'

export const staffKeys = {
  all: (userId: number | null) => [...userScope(userId), 'staff'] as const,
  jobs: (userId: number | null) => [...staffKeys.all(userId), 'jobs'] as const,
  /** The phone's storage facts: the device's, not a user's. */
  storage: ['device', 'storage'] as const,
}

export const lagosToday = () => todayIso(new Date(), BUSINESS_TIME_ZONE)

/**
 * The morning download: the technician's jobs (from a week ago on) and the catalogue, saved on the
 * phone, so the sheet then opens and works with no network. Jobs no longer on the server's list
 * (reassigned, older) leave the phone; their unsent updates stay in the outbox.
 */
export async function downloadDay(userId: number): Promise<Job[]> {
  const [jobs, products] = await Promise.all([
    callApi('GET staff/jobs/'),
    callApi('GET add/products/').catch(() => null),
  ])
  const now = Date.now()
  await db.transaction('rw', db.jobs, db.products, db.staffSync, async () => {
    await db.jobs.where('userId').equals(userId).delete()
    await db.jobs.bulkPut(jobs.map((j) => ({ ...j, userId })))
    if (products) {
      await db.products.clear()
      await db.products.bulkPut(products)
    }
    const saved = await db.staffSync.get(userId)
    await db.staffSync.put({
      ...saved,
      userId,
      jobsSavedAt: now,
      ...(products && { catalogueSavedAt: now }),
    })
  })
  return jobs
}

/** A job's service report (once `report_url` is set): a page to open. */
export const jobReportUrl = (jobId: number) => callUrl('GET staff/jobs/{id}/report', { id: jobId })

/** A photo of a job the server has (not one still waiting on this phone). */
export const jobPhotoUrl = (jobId: number, photoId: string) =>
  callUrl('GET staff/jobs/{id}/photos/{photoId}', { id: jobId, photoId })

/** Refreshes the saved sheet from the network when there is one (the page keeps showing Dexie meanwhile). */
export function useJobsRefresh() {
  const userId = useUserId()
  return useQuery({
    queryKey: staffKeys.jobs(userId),
    queryFn: () => downloadDay(userId!),
    enabled: userId !== null,
    // The saved copy is on screen already; no point retrying hard on a weak connection.
    retry: 1,
    refetchInterval: 5 * 60_000,
  })
}

/** The user's outbox entries, live. */
export function useMyOutbox(): OutboxEntry[] | undefined {
  const userId = useUserId()
  return useLiveQuery(
    async (): Promise<OutboxEntry[]> =>
      userId === null ? [] : db.outbox.where('userId').equals(userId).sortBy('createdAt'),
    [userId],
  )
}

/** Every saved job with the technician's queued updates on top; undefined while Dexie is read. */
export function useLocalJobs(): LocalJob[] | undefined {
  const userId = useUserId()
  const jobs = useLiveQuery(
    async (): Promise<Job[]> => (userId === null ? [] : db.jobs.where('userId').equals(userId).toArray()),
    [userId],
  )
  const outbox = useMyOutbox()
  // Updates the service worker sent while the sheet was closed or in the background: shown as confirmed
  // at once, and folded into the saved jobs here (this page has the job kinds).
  const confirmed = useLiveQuery(
    async (): Promise<ConfirmedEntry[]> =>
      userId === null ? [] : db.confirmed.where('userId').equals(userId).toArray(),
    [userId],
  )
  useEffect(() => {
    if (confirmed?.length)
      void applyConfirmed(db).catch((err: unknown) => console.warn('Could not apply the answers:', err))
  }, [confirmed])
  if (!jobs || !outbox || !confirmed) return undefined
  return jobs.map((j) => localJobView(j, outbox, confirmed))
}

export function useLocalJob(id: number): LocalJob | null | undefined {
  const jobs = useLocalJobs()
  if (!jobs) return undefined
  return jobs.find((j) => j.job.id === id) ?? null
}

export function useStaffSync() {
  const userId = useUserId()
  return useLiveQuery(() => (userId === null ? undefined : db.staffSync.get(userId)), [userId])
}

/** The saved catalogue, for the treatment form's product list. */
export function useSavedProducts() {
  return useLiveQuery(() => db.products.toArray(), []) ?? []
}

const queue = (update: JobUpdate, userId: number | null, job: JobRef) =>
  queueThroughOutbox(update.kind, update.path, update.body, userId, {
    bodyType: update.bodyType,
    group: update.group,
    about: aboutJob(job),
  })

/**
 * Each update is checked with the server's schema (InvalidOutboxBody: the form shows the problems and
 * keeps what was typed), saved on the phone at once with its device time, and sent when there is a
 * connection.
 */
export const jobActions = {
  event: (userId: number | null, job: JobRef, type: JobEventType, note?: string) =>
    queue(
      jobUpdates.event(job.id, { type, occurred_at: new Date().toISOString(), ...(note && { note }) }),
      userId,
      job,
    ),
  treatment: (userId: number | null, job: JobRef, treatment: Omit<TreatmentBody, 'id' | 'occurred_at'>) =>
    queue(
      jobUpdates.treatment(job.id, {
        ...treatment,
        id: crypto.randomUUID(),
        occurred_at: new Date().toISOString(),
      }),
      userId,
      job,
    ),
  /** A recorded treatment corrected (also once the job is completed); a new id adds a missing one. */
  correct: (
    userId: number | null,
    job: JobRef,
    treatmentId: string,
    correction: Omit<CorrectionBody, 'occurred_at'>,
  ) =>
    queue(
      jobUpdates.correction(job.id, treatmentId, { ...correction, occurred_at: new Date().toISOString() }),
      userId,
      job,
    ),
  photo: (userId: number | null, job: JobRef, kind: PhotoKind, blob: Blob) =>
    queue(
      jobUpdates.photo(job.id, { id: crypto.randomUUID(), kind, taken_at: new Date().toISOString(), blob }),
      userId,
      job,
    ),
  complete: (userId: number | null, job: JobRef, body: Omit<CompleteRequest, 'occurred_at'>) =>
    queue(jobUpdates.complete(job.id, { ...body, occurred_at: new Date().toISOString() }), userId, job),
  /** A quote for the job; its client key, chosen here, makes every resend of it land once. */
  quote: (userId: number | null, job: JobRef, body: Omit<JobQuoteRequest, 'clientKey'>) =>
    queue(jobUpdates.quote(job.id, { ...body, clientKey: crypto.randomUUID() }), userId, job),
  dismiss: (entryId: string) => discardOutboxEntry(entryId),
  /** A refused update, corrected and sent again under a new key, at once when there is data. */
  resend: async (entry: OutboxEntry, body: unknown) => {
    await resendOutboxEntry(entry, body)
    void replayOutboxNow({ force: true }).catch((err: unknown) => console.warn('Outbox replay failed:', err))
  },
  syncNow: () => replayOutboxNow({ force: true }),
}

/** Storage facts for the "Ready for offline" card. */
export function useStorageStatus() {
  return useQuery({
    queryKey: staffKeys.storage,
    queryFn: async () => {
      const storage = typeof navigator === 'undefined' ? undefined : navigator.storage
      const persisted = storage?.persisted ? await storage.persisted().catch(() => false) : false
      const estimate = storage?.estimate ? await storage.estimate().catch(() => undefined) : undefined
      return { persisted, usage: estimate?.usage ?? null, supported: !!storage?.persist }
    },
    networkMode: 'always',
  })
}

export async function askPersistentStorage() {
  if (typeof navigator === 'undefined' || !navigator.storage?.persist) return false
  return navigator.storage.persist().catch(() => false)
}
