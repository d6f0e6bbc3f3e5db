import { useState, type ReactNode } from 'react'
import { Link, useParams } from 'react-router-dom'
import { ArrowLeft, CloudOff, FileText, Plus } from 'lucide-react'
import { formatDay, formatTime } from '../../../../contract/dates.js'
import { JOB_STATUS_LABEL, isFinalJobStatus } from '../../../../contract/job-status.js'
import { apiUrl } from '../../../lib/api-client'
import { useSession, useUserId } from '../../../lib/session'
import { jobActions, useLocalJob, useSavedProducts } from '../api'
import { ContactButtons, StatusButtons } from '../components/job-actions'
import { TreatmentForm } from '../components/treatment-form'
import { CompletionForm } from '../components/completion-form'
import { Photos } from '../components/photos'
import { JobStatusBadge } from '../components/status-badge'
import { FailedItem } from '../components/sync-panel'

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-NG', { hour: 'numeric', minute: '2-digit' })

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-label={title}>
      <h2 className="mb-3 font-bold text-slate-900">{title}</h2>
      {children}
    </section>
  )
}

/** /staff/jobs/{id}: one job, every button working with no data. */
export default function JobDetail() {
  const id = Number(useParams().id)
  const local = useLocalJob(id)
  const userId = useUserId()
  const technician = useSession((s) => s.name)
  const products = useSavedProducts()
  const [adding, setAdding] = useState(false)
  const [completing, setCompleting] = useState(false)

  if (local === undefined) {
    return (
      <p role="status" className="p-8 text-center text-slate-600">
        Loading…
      </p>
    )
  }
  if (local === null) {
    return (
      <div className="mx-auto max-w-2xl space-y-3 px-4 py-8 text-center">
        <p className="text-slate-700">This job is not on your sheet (it may have been reassigned).</p>
        <Link to="/staff" className="btn-primary">
          Back to your jobs
        </Link>
      </div>
    )
  }

  const { job, status } = local
  const live = !isFinalJobStatus(status) && job.booking_status !== 'Cancelled'
  const history = [
    ...job.events.map((e) => ({ key: `s${e.id}`, type: e.type, at: e.occurred_at, pending: false })),
    ...local.waiting
      .filter((e) => e.kind === 'job-event')
      .map((e) => {
        const body = e.body as { type: string; occurred_at: string }
        return { key: e.id, type: body.type, at: body.occurred_at, pending: true }
      }),
  ]

  return (
    // break-words: a long unbroken word the customer typed breaks instead of widening the page.
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-5 break-words">
      <Link to="/staff" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700">
        <ArrowLeft className="size-4" aria-hidden /> Your jobs
      </Link>
      <header className="space-y-1">
        <h1 className="text-2xl font-extrabold text-slate-900">{job.full_name}</h1>
        <p className="text-slate-700">
          <span className="capitalize">{job.service}</span> · {formatDay(job.date)} at {formatTime(job.time)}
        </p>
        <p className="text-slate-700">{job.location}</p>
        <div className="flex flex-wrap items-center gap-2 pt-1">
          <JobStatusBadge status={status} pending={local.statusPending} />
          {local.statusAt && <span className="text-xs text-slate-500">since {time(local.statusAt)}</span>}
          {job.booking_status === 'Cancelled' && (
            <span className="rounded-full bg-red-100 px-2 py-1 text-xs font-semibold text-red-800">
              Booking cancelled
            </span>
          )}
        </div>
      </header>

      {local.failed.length > 0 && (
        <ul className="space-y-2" aria-label="Not accepted">
          {local.failed.map((e) => (
            <FailedItem key={e.id} entry={e} />
          ))}
        </ul>
      )}

      <ContactButtons job={job} technician={technician} />

      {job.info && (
        <Card title="Booking info">
          <p className="text-sm whitespace-pre-wrap text-slate-700">{job.info}</p>
        </Card>
      )}

      {completing ? (
        <Card title="Complete job">
          <CompletionForm
            defaultSigner={job.full_name}
            onCancel={() => setCompleting(false)}
            onSave={(body) => {
              void jobActions.complete(userId, job.id, body)
              setCompleting(false)
            }}
          />
        </Card>
      ) : (
        live && (
          <Card title="Status">
            <StatusButtons
              status={status}
              onEvent={(type, note) => void jobActions.event(userId, job.id, type, note)}
              onComplete={() => setCompleting(true)}
            />
          </Card>
        )
      )}

      {(status === 'completed' || job.report_url) && (
        <Card title="Service report">
          {job.report_url ? (
            <a href={apiUrl(job.report_url)} className="btn-secondary" target="_blank" rel="noreferrer">
              <FileText className="size-4" aria-hidden /> Open the service report
            </a>
          ) : (
            <p className="flex items-center gap-1 text-sm text-slate-600">
              <CloudOff className="size-4" aria-hidden /> Completed on this phone · waiting to sync. The
              report is made when it reaches the office.
            </p>
          )}
        </Card>
      )}

      <Card title="Treatments">
        {local.treatments.length > 0 ? (
          <ul className="mb-3 space-y-2 text-sm">
            {local.treatments.map((t) => (
              <li key={t.id} className="rounded-lg bg-slate-50 p-2">
                <p className="font-semibold text-slate-900">
                  {t.product_name} · {t.quantity} {t.unit}
                </p>
                <p className="text-slate-600">
                  {t.target_pest} · {t.area}
                  {t.method && ` · ${t.method}`}
                </p>
                {t.pending && <p className="text-xs text-amber-800">waiting to sync</p>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mb-3 text-sm text-slate-500">No treatments recorded.</p>
        )}
        {live &&
          (adding ? (
            <TreatmentForm
              products={products}
              onCancel={() => setAdding(false)}
              onSave={(t) => {
                void jobActions.treatment(userId, job.id, t)
                setAdding(false)
              }}
            />
          ) : (
            <button type="button" className="btn-secondary w-full" onClick={() => setAdding(true)}>
              <Plus className="size-4" aria-hidden /> Add treatment
            </button>
          ))}
      </Card>

      <Card title="Photos">
        <Photos
          photos={local.photos}
          canAdd={live}
          onAdd={(kind, blob) => jobActions.photo(userId, job.id, kind, blob)}
        />
      </Card>

      {history.length > 0 && (
        <Card title="Timeline">
          <ol className="space-y-1 text-sm">
            {history.map((h) => (
              <li key={h.key} className="flex justify-between gap-2">
                <span>
                  {h.type === 'resumed' ? 'Resumed' : (JOB_STATUS_LABEL as Record<string, string>)[h.type]}
                  {h.pending && <span className="text-amber-800"> · waiting to sync</span>}
                </span>
                <span className="text-slate-500">{time(h.at)}</span>
              </li>
            ))}
          </ol>
        </Card>
      )}
    </div>
  )
}
