import { CloudOff, Siren } from 'lucide-react'
import { JOB_STATUS_LABEL, type JobStatus } from '../../../../contract/job-status.js'

const COLOURS: Record<JobStatus, string> = {
  assigned: 'bg-slate-100 text-slate-800',
  on_my_way: 'bg-sky-100 text-sky-800',
  arrived: 'bg-indigo-100 text-indigo-800',
  started: 'bg-amber-100 text-amber-900',
  paused: 'bg-orange-100 text-orange-900',
  completed: 'bg-brand-100 text-brand-800',
  unable: 'bg-red-100 text-red-800',
}

/** The job's status; "· waiting to sync" while it is the phone's own and not yet confirmed. */
export function JobStatusBadge({ status, pending }: { status: JobStatus; pending?: boolean }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold ${COLOURS[status]}`}
    >
      {pending && <CloudOff className="size-3.5" aria-hidden />}
      {JOB_STATUS_LABEL[status]}
      {pending && ' · waiting to sync'}
    </span>
  )
}

/** Booked outside the working hours: the customer was promised a response within 2 to 4 hours. */
export function EmergencyBadge({ emergency }: { emergency: boolean | undefined }) {
  if (!emergency) return null
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-red-600 px-2.5 py-1 text-xs font-bold text-white">
      <Siren className="size-3.5" aria-hidden />
      Emergency call-out
    </span>
  )
}
