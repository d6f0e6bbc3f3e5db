import { useState } from 'react'
import { AlertTriangle, CheckCircle2, CloudUpload, RefreshCw } from 'lucide-react'
import { type CompleteRequest } from '../../../../contract/staff.js'
import { JOB_STATUS_LABEL } from '../../../../contract/job-status.js'
import type { OutboxEntry } from '../../../offline/db'
import { jobIdOf, photoOf, type EventBody, type TreatmentBody } from '../../../offline/jobs'
import { jobActions } from '../api'

const time = (iso: string | number) =>
  new Date(iso).toLocaleTimeString('en-NG', { hour: 'numeric', minute: '2-digit' })

/** One queued update in words. */
export function describeEntry(entry: OutboxEntry): string {
  if (entry.kind === 'job-event') {
    const body = entry.body as EventBody
    const label = body.type === 'resumed' ? 'Resumed' : JOB_STATUS_LABEL[body.type]
    return `Status “${label}” at ${time(body.occurred_at)}`
  }
  if (entry.kind === 'job-treatment') {
    const t = entry.body as TreatmentBody
    return `Treatment: ${t.product_name}, ${t.quantity} ${t.unit} for ${t.target_pest}`
  }
  if (entry.kind === 'job-photo') return `Photo (${photoOf(entry).kind})`
  if (entry.kind === 'job-complete')
    return `Completion, signed by ${(entry.body as CompleteRequest).signer_name}`
  return entry.kind === 'appointment' ? 'Appointment' : 'Message'
}

/** What the technician should do about a refusal: the server says why, we say what next. */
export function adviceFor(message = ''): string {
  if (/reassigned/i.test(message))
    return 'This job is no longer yours. Call the office before doing more work on it.'
  if (/cancelled/i.test(message)) return 'The booking was cancelled. Call the office to check before going.'
  return 'The server did not accept it. Check the job, then dismiss this.'
}

/** A refused update, kept on the job until the technician dismisses it. */
export function FailedItem({ entry }: { entry: OutboxEntry }) {
  return (
    <li role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm">
      <p className="font-semibold text-red-900">
        <AlertTriangle className="mr-1 inline size-4" aria-hidden />
        Not saved: {describeEntry(entry)}
      </p>
      <p className="mt-1 text-red-800">{entry.lastError}</p>
      <p className="mt-1 text-red-800">{adviceFor(entry.lastError)}</p>
      <button
        type="button"
        className="btn-secondary mt-2 px-3 py-1.5 text-xs"
        onClick={() => void jobActions.dismiss(entry.id)}
      >
        Dismiss
      </button>
    </li>
  )
}

/** What waits to sync, what failed and why, and Sync now. */
export function SyncPanel({ entries, online }: { entries: OutboxEntry[]; online: boolean }) {
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState('')
  const waiting = entries.filter((e) => e.status !== 'failed')
  const failed = entries.filter((e) => e.status === 'failed')
  const syncNow = async () => {
    setBusy(true)
    setResult('')
    try {
      const r = await jobActions.syncNow()
      setResult(
        r.offline
          ? 'No connection yet: everything stays saved on this phone.'
          : r.sent
            ? `${r.sent} sent.`
            : r.ran
              ? 'Nothing new was sent.'
              : 'Already syncing…',
      )
    } catch {
      setResult('Could not sync now. Everything stays saved on this phone.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <section
      aria-labelledby="sync-heading"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="sync-heading" className="flex items-center gap-2 font-bold text-slate-900">
          <CloudUpload className="size-5 text-brand-700" aria-hidden />
          Sync
        </h2>
        <button type="button" className="btn-primary px-3 py-2 text-sm" onClick={syncNow} disabled={busy}>
          <RefreshCw className={`size-4 ${busy ? 'animate-spin' : ''}`} aria-hidden />
          {busy ? 'Syncing…' : 'Sync now'}
        </button>
      </div>
      <p className="mt-2 text-sm text-slate-700" role="status">
        {waiting.length === 0 && failed.length === 0 ? (
          <span className="inline-flex items-center gap-1 text-brand-800">
            <CheckCircle2 className="size-4" aria-hidden /> Everything is synced.
          </span>
        ) : (
          <>
            {waiting.length > 0 &&
              `${waiting.length} ${waiting.length === 1 ? 'update' : 'updates'} waiting to sync` +
                (online ? '.' : ' — they go when you have data.')}
            {failed.length > 0 && ` ${failed.length} not accepted (below).`}
          </>
        )}
      </p>
      {result && <p className="mt-1 text-sm text-slate-600">{result}</p>}
      {waiting.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm text-slate-700" aria-label="Waiting to sync">
          {waiting.map((e) => (
            <li key={e.id} className="flex justify-between gap-2 border-b border-slate-100 pb-1">
              <span>
                Job #{jobIdOf(e) ?? '—'}: {describeEntry(e)}
              </span>
              <span className="shrink-0 text-xs text-slate-500">
                {e.status === 'auth' ? 'log in to send' : e.attempts ? `tried ${e.attempts}×` : 'waiting'}
              </span>
            </li>
          ))}
        </ul>
      )}
      {failed.length > 0 && (
        <ul className="mt-3 space-y-2" aria-label="Not accepted">
          {failed.map((e) => (
            <FailedItem key={e.id} entry={e} />
          ))}
        </ul>
      )}
    </section>
  )
}
