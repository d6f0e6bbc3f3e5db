import { useEffect, useState, type ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { ArrowLeft, CloudOff, FileText, Pencil, Plus } from 'lucide-react'
import { formatDay, formatTime } from '../../../../contract/dates.js'
import { JOB_STATUS_LABEL, isFinalJobStatus } from '../../../../contract/job-status.js'
import { hasDraft } from '../../../lib/draft'
import { useSession, useUserId } from '../../../lib/session'
import { jobActions, jobReportUrl, useLocalJob, useSavedProducts } from '../api'
import { ContactButtons, StatusButtons } from '../components/job-actions'
import { TreatmentForm } from '../components/treatment-form'
import { CompletionForm } from '../components/completion-form'
import { QuoteForm } from '../components/quote-form'
import { ResultLine, type FormResult } from '../../../components/ui/form-actions'
import { formatNaira } from '../../../../contract/money.js'
import { previewTotals } from '../../../components/documents/lines-editor'
import type { JobQuoteRequest } from '../../../../contract/quotes.js'
import type { JobQuote } from '../../../../contract/staff.js'
import { pages } from '../../../../contract/pages.js'
import { Photos } from '../components/photos'
import { EmergencyBadge, JobStatusBadge } from '../components/status-badge'
import { FailedItem } from '../components/sync-panel'
import { useFocusWhenClosed } from '../../../lib/use-focus-when-closed'
import { TreatmentSummary } from '../../../components/treatment-summary'
import { ServiceKindLine } from '../../../components/service-kind-line'

/** A form's save: once the update is queued the form closes; if that fails it stays open with what was typed. */
async function thenClose(saving: Promise<unknown>, close: () => void) {
  await saving
  close()
}

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
  /** The treatment being corrected (its id), or 'new' for one added after the job was completed. */
  const [correcting, setCorrecting] = useState<string | null>(null)
  const [quoting, setQuoting] = useState(false)
  const [quoteResult, setQuoteResult] = useState<FormResult>(null)
  // A form left half-typed (a reload, the phone closing the app) opens again with what was typed.
  useEffect(() => {
    if (userId === null) return
    if (hasDraft(userId, `complete:${id}`)) setCompleting(true)
    if (hasDraft(userId, `treatment:${id}`)) setAdding(true)
    if (hasDraft(userId, `quote:${id}`)) setQuoting(true)
  }, [userId, id])
  const addButton = useFocusWhenClosed<HTMLButtonElement>(adding)
  const quoteButton = useFocusWhenClosed<HTMLButtonElement>(quoting)
  const statusArea = useFocusWhenClosed<HTMLDivElement>(completing)

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
        <Link to={pages.jobs} className="btn-primary">
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
      <Link to={pages.jobs} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700">
        <ArrowLeft className="size-4" aria-hidden /> Your jobs
      </Link>
      <header className="space-y-1">
        <h1 className="text-2xl font-extrabold text-slate-900">{job.full_name}</h1>
        <p className="text-slate-700">
          <span className="capitalize">{job.service}</span> · {formatDay(job.date)} at {formatTime(job.time)}
        </p>
        <ServiceKindLine booking={job} className="text-slate-700" />
        <p className="text-slate-700">{job.location}</p>
        {job.emergency && (
          <p className="flex flex-wrap items-center gap-2 pt-1 text-sm font-semibold text-red-800">
            <EmergencyBadge emergency />
            The customer was promised a response within 2 to 4 hours.
          </p>
        )}
        <div className="flex flex-wrap items-center gap-2 pt-1">
          <JobStatusBadge status={status} pending={local.statusPending} />
          {local.statusAt && <span className="text-xs text-slate-500">since {time(local.statusAt)}</span>}
          {job.customer_confirmed && (
            <span className="rounded-full bg-green-100 px-2 py-1 text-xs font-semibold text-green-800">
              Customer confirmed the visit
            </span>
          )}
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
            <FailedItem key={e.id} entry={e} jobs={[job]} />
          ))}
        </ul>
      )}

      <ContactButtons job={job} technician={technician} />

      {job.info && (
        <Card title="Booking info">
          <p className="text-sm whitespace-pre-wrap text-slate-700">{job.info}</p>
        </Card>
      )}

      {/* Focus comes back here when the completion form closes (to the status buttons, if any are left). */}
      <div ref={statusArea} tabIndex={-1} className="outline-none">
        {completing ? (
          <Card title="Complete job">
            <CompletionForm
              defaultSigner={job.full_name}
              userId={userId}
              draft={`complete:${job.id}`}
              onCancel={() => setCompleting(false)}
              onSave={(body) => thenClose(jobActions.complete(userId, job, body), () => setCompleting(false))}
            />
          </Card>
        ) : (
          live && (
            <Card title="Status">
              <StatusButtons
                status={status}
                onEvent={(type, note) => void jobActions.event(userId, job, type, note)}
                onComplete={() => setCompleting(true)}
              />
            </Card>
          )
        )}
      </div>

      {(status === 'completed' || job.report_url) && (
        <Card title="Service report">
          {job.report_url ? (
            <a href={jobReportUrl(job.id)} className="btn-secondary" target="_blank" rel="noreferrer">
              <FileText className="size-4" aria-hidden /> Open the service report
            </a>
          ) : local.statusPending ? (
            <p className="flex items-center gap-1 text-sm text-slate-600">
              <CloudOff className="size-4" aria-hidden /> Completed on this phone · waiting to sync. The
              report is made when it reaches the office.
            </p>
          ) : (
            // The office marked the booking completed itself: no visit report was filed from the phone.
            <p className="text-sm text-slate-600">
              The office marked this job completed; it has no service report.
            </p>
          )}
        </Card>
      )}

      <Card title="Treatments">
        {local.treatments.length > 0 ? (
          <ul className="mb-3 space-y-2 text-sm">
            {local.treatments.map((t) =>
              correcting === t.id ? (
                <li key={t.id}>
                  <TreatmentForm
                    products={products}
                    userId={userId}
                    draft={`correct:${job.id}:${t.id}`}
                    label={`Correct ${t.product_name}`}
                    submitLabel="Save correction"
                    initial={{
                      product: t.product_name,
                      quantity: String(t.quantity),
                      unit: t.unit,
                      pest: t.target_pest,
                      area: t.area,
                      method: t.method,
                    }}
                    onCancel={() => setCorrecting(null)}
                    onSave={(input) =>
                      thenClose(jobActions.correct(userId, job, t.id, input), () => setCorrecting(null))
                    }
                  />
                </li>
              ) : (
                <li key={t.id} className="rounded-lg bg-slate-50 p-2">
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0 break-words">
                      <TreatmentSummary
                        treatment={t}
                        detailClassName="text-slate-600"
                        noteClassName="text-slate-500"
                      />
                      {t.pending && <p className="text-xs text-amber-800">waiting to sync</p>}
                    </div>
                    {!t.pending && correcting === null && (
                      <button
                        type="button"
                        className="btn-secondary shrink-0 px-2 py-1 text-xs"
                        onClick={() => setCorrecting(t.id)}
                      >
                        <Pencil className="size-3.5" aria-hidden /> Correct{' '}
                        <span className="sr-only">{t.product_name}</span>
                      </button>
                    )}
                  </div>
                </li>
              ),
            )}
          </ul>
        ) : (
          <p className="mb-3 text-sm text-slate-500">No treatments recorded.</p>
        )}
        {live ? (
          adding ? (
            <TreatmentForm
              products={products}
              userId={userId}
              draft={`treatment:${job.id}`}
              onCancel={() => setAdding(false)}
              onSave={(t) => thenClose(jobActions.treatment(userId, job, t), () => setAdding(false))}
            />
          ) : (
            <button
              ref={addButton}
              type="button"
              className="btn-secondary w-full"
              onClick={() => setAdding(true)}
            >
              <Plus className="size-4" aria-hidden /> Add treatment
            </button>
          )
        ) : (
          status === 'completed' &&
          (correcting === 'new' ? (
            <TreatmentForm
              products={products}
              userId={userId}
              draft={`correct:${job.id}:new`}
              label="Add a missing treatment"
              submitLabel="Add to the report"
              onCancel={() => setCorrecting(null)}
              onSave={(input) =>
                thenClose(
                  jobActions.correct(userId, job, crypto.randomUUID(), {
                    ...input,
                    reason: 'Added after the job was completed',
                  }),
                  () => setCorrecting(null),
                )
              }
            />
          ) : (
            correcting === null && (
              <button type="button" className="btn-secondary w-full" onClick={() => setCorrecting('new')}>
                <Plus className="size-4" aria-hidden /> Add a missing treatment
              </button>
            )
          ))
        )}
      </Card>

      <Card title="Quote">
        <QuoteCardBody
          quotes={job.quotes ?? []}
          waiting={local.waiting.filter((e) => e.kind === 'job-quote').map((e) => e.body as JobQuoteRequest)}
        />
        <ResultLine result={quoteResult} className="mb-2 text-sm" />
        {quoting ? (
          <QuoteForm
            userId={userId}
            draft={`quote:${job.id}`}
            onCancel={() => setQuoting(false)}
            onSave={async (body) => {
              await jobActions.quote(userId, job, body)
              setQuoting(false)
              setQuoteResult({
                ok: true,
                text: body.send
                  ? 'Quote saved on this phone: it goes to the customer as soon as there is signal.'
                  : 'Quote saved on this phone: it goes to the office as soon as there is signal.',
              })
            }}
          />
        ) : (
          job.booking_status !== 'Cancelled' && (
            <button
              ref={quoteButton}
              type="button"
              className="btn-secondary w-full"
              onClick={() => {
                setQuoteResult(null)
                setQuoting(true)
              }}
            >
              <Plus className="size-4" aria-hidden /> Write a quote
            </button>
          )
        )}
      </Card>

      <Card title="Photos">
        <Photos
          jobId={job.id}
          photos={local.photos}
          canAdd={live}
          onAdd={(kind, blob) => jobActions.photo(userId, job, kind, blob)}
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

/**
 * The booking's quotes the server has (their number and state: did the customer accept?), then the ones
 * written on this phone that wait for signal, with what each comes to (before VAT).
 */
function QuoteCardBody({ quotes, waiting }: { quotes: JobQuote[]; waiting: JobQuoteRequest[] }) {
  if (quotes.length === 0 && waiting.length === 0) return null
  return (
    <ul className="mb-3 space-y-1 text-sm">
      {quotes.map((q) => (
        <li key={q.id} className="flex justify-between gap-2">
          <span>
            Quote {q.number} for {formatNaira(q.total)}
          </span>
          <span className={q.status === 'Accepted' ? 'text-green-800' : 'text-slate-600'}>{q.status}</span>
        </li>
      ))}
      {waiting.map((q) => {
        const lines = q.lines.map((l) => ({
          kind: l.kind,
          description: l.description,
          quantity: String(l.quantity),
          unitPrice: String(l.unitPrice),
        }))
        const total = previewTotals(lines, String(q.discount ?? ''), null, 0).total
        return (
          <li key={q.clientKey} className="flex justify-between gap-2">
            <span>
              Quote for {formatNaira(total)}
              {q.send ? ', to the customer' : ', for the office'}
            </span>
            <span className="text-amber-800">waiting to sync</span>
          </li>
        )
      })}
    </ul>
  )
}
