import type { JobQuoteRequest } from '../../../../contract/quotes.js'
import { useRef, useState } from 'react'
import { AlertTriangle, CheckCircle2, CloudUpload, RefreshCw } from 'lucide-react'
import { type CompleteRequest } from '../../../../contract/staff.js'
import { JOB_STATUS_LABEL } from '../../../../contract/job-status.js'
import type { OutboxEntry } from '../../../offline/db'
import { aboutJob, jobIdOf, photoOf, type EventBody, type JobRef, type TreatmentBody } from '../jobs'
import { OutboxEntryEditor } from '../../../components/outbox-entry-editor'
import { DiscardConfirm } from '../../../components/discard-confirm'
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
  if (entry.kind === 'job-treatment' || entry.kind === 'job-treatment-correction') {
    const t = entry.body as TreatmentBody
    const what = entry.kind === 'job-treatment' ? 'Treatment' : 'Treatment correction'
    return `${what}: ${t.product_name}, ${t.quantity} ${t.unit} for ${t.target_pest}`
  }
  if (entry.kind === 'job-photo') return `Photo (${photoOf(entry).kind})`
  if (entry.kind === 'job-complete')
    return `Completion, signed by ${(entry.body as CompleteRequest).signer_name}`
  if (entry.kind === 'job-quote') {
    const q = entry.body as JobQuoteRequest
    const count = q.lines.length
    return `Quote: ${count} line${count === 1 ? '' : 's'}${q.send ? ', to send to the customer' : ', for the office'}`
  }
  return entry.kind === 'appointment' ? 'Appointment' : 'Message'
}

/** Which job an update is for: the customer, service and time saved with it (older entries: the job sheet's copy). */
export function jobOfEntry(entry: OutboxEntry, jobs: JobRef[] = []): string {
  if (entry.about) return entry.about
  const id = jobIdOf(entry)
  const job = jobs.find((j) => j.id === id)
  return job ? aboutJob(job) : `Job #${id ?? '—'}`
}

/** What the technician should do about a refusal: the server says why, we say what next. */
export function adviceFor(message = ''): string {
  if (/reassigned/i.test(message))
    return 'This job is no longer yours. Call the office before doing more work on it.'
  if (/cancelled/i.test(message)) return 'The booking was cancelled. Call the office to check before going.'
  return 'The server did not accept it. Correct it and send it again, or discard it.'
}

/** A refused update, kept until the technician corrects and resends it or discards it (after a confirmation). */
export function FailedItem({ entry, jobs }: { entry: OutboxEntry; jobs?: JobRef[] }) {
  const [mode, setMode] = useState<'view' | 'edit' | 'discard'>('view')
  const [busy, setBusy] = useState(false)
  const opener = useRef<HTMLButtonElement>(null)
  const back = () => {
    setMode('view')
    // The form's buttons leave the page: focus returns to the button that opened it.
    requestAnimationFrame(() => opener.current?.focus())
  }
  return (
    <li className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm">
      <p className="font-semibold text-red-900">
        <AlertTriangle className="mr-1 inline size-4" aria-hidden />
        Not accepted: {describeEntry(entry)}
      </p>
      <p className="mt-0.5 text-red-900">{jobOfEntry(entry, jobs)}</p>
      <p className="mt-1 text-red-800">The server said: {entry.lastError || 'it refused this update.'}</p>
      <p className="mt-1 text-red-800">{adviceFor(entry.lastError)}</p>
      {mode === 'edit' && (
        <OutboxEntryEditor entry={entry} save={(body) => jobActions.resend(entry, body)} onCancel={back} />
      )}
      {mode === 'discard' && (
        <DiscardConfirm
          look="card"
          question="Discard this update? It will never reach the office."
          cancelLabel="Keep it"
          onCancel={back}
          onDiscard={() => {
            setBusy(true)
            void jobActions.dismiss(entry.id).finally(() => setBusy(false))
          }}
          busy={busy}
        />
      )}
      {mode === 'view' && (
        <div className="mt-2 flex flex-wrap gap-2">
          <button
            ref={opener}
            type="button"
            className="btn-primary px-3 py-1.5 text-xs"
            onClick={() => setMode('edit')}
          >
            Correct and send again
          </button>
          <button
            type="button"
            className="btn-secondary px-3 py-1.5 text-xs"
            onClick={() => setMode('discard')}
          >
            Discard…
          </button>
        </div>
      )}
    </li>
  )
}

/** What waits to sync, what failed and why, and Sync now. */
export function SyncPanel({
  entries,
  online,
  jobs,
}: {
  entries: OutboxEntry[]
  online: boolean
  /** The saved jobs, to name the entries queued before each carried its own description. */
  jobs?: JobRef[]
}) {
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
          ? 'No answer from the network yet: everything stays saved on this phone.'
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
                <span className="font-medium text-slate-900">{jobOfEntry(e, jobs)}</span>
                <span className="block">{describeEntry(e)}</span>
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
            <FailedItem key={e.id} entry={e} jobs={jobs} />
          ))}
        </ul>
      )}
    </section>
  )
}
