import { Link } from 'react-router'
import { ChevronRight, MapPin } from 'lucide-react'
import { formatDay, formatTime } from '../../../../contract/dates.js'
import { pages } from '../../../../contract/pages.js'
import { useSession } from '../../../lib/session'
import type { LocalJob } from '../jobs'
import { lagosToday, useJobsRefresh, useLocalJobs, useMyOutbox, useSavedProducts } from '../api'
import { byTime, sectionOf, type Section } from '../schedule'
import { EmergencyBadge, JobStatusBadge } from '../components/status-badge'
import { SyncPanel } from '../components/sync-panel'
import { useConnection } from '../../../lib/connection'
import { ReadyCard } from '../components/ready-card'
import { LogoutButton } from '../components/logout-button'

const SECTIONS: { key: Section; title: string }[] = [
  { key: 'overdue', title: 'Overdue' },
  { key: 'today', title: 'Today' },
  { key: 'tomorrow', title: 'Tomorrow' },
  { key: 'later', title: 'Later' },
]

function JobCard({ local }: { local: LocalJob }) {
  const { job } = local
  return (
    <li>
      {/* Named by what it shows (time, service, customer, place, status), in that order. */}
      <Link
        to={pages.job(job.id)}
        className="flex items-center gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 wrap-anywhere active:bg-slate-50"
      >
        <div className="w-[4.75rem] shrink-0 text-center">
          {/* "11:30 AM" on one line: the hour large, AM/PM smaller (the card's time is what the eye finds). */}
          <p className="font-bold whitespace-nowrap text-slate-900">
            <span className="text-lg">{formatTime(job.time).split(' ')[0]}</span>{' '}
            <span className="text-xs">{formatTime(job.time).split(' ')[1]}</span>
          </p>
          <p className="text-xs text-slate-500 capitalize">{job.service}</p>
        </div>
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-slate-900">{job.full_name}</p>
          <p className="flex items-center gap-1 truncate text-sm text-slate-600">
            <MapPin className="size-3.5 shrink-0" aria-hidden />
            {job.location}
          </p>
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            <EmergencyBadge emergency={job.emergency} />
            <JobStatusBadge status={local.status} pending={local.statusPending} />
            {job.customer_confirmed && (
              <span className="rounded-full bg-green-100 px-2 py-1 text-xs font-semibold text-green-800">
                Customer confirmed
              </span>
            )}
            {job.booking_status === 'Cancelled' && (
              <span className="rounded-full bg-red-100 px-2 py-1 text-xs font-semibold text-red-800">
                Cancelled
              </span>
            )}
            {local.failed.length > 0 && (
              <span className="rounded-full bg-red-100 px-2 py-1 text-xs font-semibold text-red-800">
                {local.failed.length} not accepted
              </span>
            )}
          </div>
        </div>
        <ChevronRight className="size-5 shrink-0 text-slate-400" aria-hidden />
      </Link>
    </li>
  )
}

/** /staff: the technician's day, from what the phone saved; works with no data after the morning visit. */
export default function JobSheet() {
  const name = useSession((s) => s.name)
  const refresh = useJobsRefresh()
  const jobs = useLocalJobs()
  const outbox = useMyOutbox() ?? []
  const products = useSavedProducts()
  const online = useConnection((c) => c.state === 'online')
  const today = lagosToday()
  const refused = outbox.filter((e) => e.status === 'failed').length

  const grouped = new Map<Section, LocalJob[]>()
  for (const local of [...(jobs ?? [])].sort((a, b) => byTime(a.job, b.job))) {
    const section = sectionOf(local.job, local.status, today)
    if (section) grouped.set(section, [...(grouped.get(section) ?? []), local])
  }

  return (
    <div className="mx-auto max-w-2xl space-y-5 px-4 py-5">
      <header className="flex items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold text-slate-900">Your jobs</h1>
          <p className="text-sm text-slate-600">
            {name} · {formatDay(today)}
          </p>
        </div>
        <LogoutButton waiting={outbox.length - refused} refused={refused} />
      </header>

      {/* Offline or silent: the app's top bar says so (pwa-shell.tsx), once for every screen. */}
      {refresh.isError && online && (
        <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
          Could not refresh from the office; showing what this phone saved.
        </p>
      )}

      {jobs === undefined || (jobs.length === 0 && refresh.isLoading) ? (
        <p role="status" className="py-8 text-center text-slate-600">
          Loading your jobs…
        </p>
      ) : (
        SECTIONS.map(({ key, title }) => {
          const list = grouped.get(key) ?? []
          // Overdue and Later only show when they hold something; Today and Tomorrow always answer.
          if ((key === 'later' || key === 'overdue') && list.length === 0) return null
          return (
            <section key={key} aria-labelledby={`section-${key}`}>
              <h2
                id={`section-${key}`}
                className={`mb-2 text-sm font-bold tracking-wide uppercase ${key === 'overdue' ? 'text-red-700' : 'text-slate-500'}`}
              >
                {title} ({list.length})
              </h2>
              {list.length === 0 ? (
                <p className="rounded-2xl border border-dashed border-slate-300 p-4 text-sm text-slate-500">
                  {key === 'overdue' ? 'Nothing overdue.' : 'No jobs.'}
                </p>
              ) : (
                <ul className="space-y-2">
                  {list.map((local) => (
                    <JobCard key={local.job.id} local={local} />
                  ))}
                </ul>
              )}
            </section>
          )
        })
      )}

      <SyncPanel entries={outbox} online={online} jobs={jobs?.map((local) => local.job)} />
      <ReadyCard jobs={jobs?.length ?? 0} products={products.length} />
      <p className="text-center text-sm">
        <Link to={pages.book} className="font-semibold text-brand-700 underline">
          Book an appointment
        </Link>
        {' · '}
        <Link to={pages.settings} className="font-semibold text-brand-700 underline">
          Profile and password
        </Link>
      </p>
    </div>
  )
}
