import { useMemo, useState } from 'react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import type { Booking } from '../../../../contract/bookings.js'
import { formatDate, formatTime, todayIso } from '../../../../contract/dates.js'
import { JOB_STATUS_LABEL } from '../../../../contract/job-status.js'
import { Card, linkButton } from '../../../components/ui/page-header'
import { StatusBadge } from '../../../components/ui/status-badge'

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const monthTitle = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' })
const pad = (n: number) => String(n).padStart(2, '0')

/** YYYY-MM-DD cells of a month, Sunday first, with nulls before day 1. */
export function monthCells(year: number, month: number): (string | null)[] {
  const first = new Date(year, month, 1).getDay()
  const days = new Date(year, month + 1, 0).getDate()
  return [
    ...Array.from({ length: first }, () => null),
    ...Array.from({ length: days }, (_, i) => `${year}-${pad(month + 1)}-${pad(i + 1)}`),
  ]
}

/** A month grid of the (already filtered) bookings by day; a day opens its list. */
export function BookingCalendar({ bookings, onView }: { bookings: Booking[]; onView: (b: Booking) => void }) {
  const today = todayIso()
  const [month, setMonth] = useState(() => ({
    year: Number(today.slice(0, 4)),
    month: Number(today.slice(5, 7)) - 1,
  }))
  const [selected, setSelected] = useState<string | null>(null)

  const byDay = useMemo(() => {
    const map = new Map<string, Booking[]>()
    for (const b of bookings) {
      const list = map.get(b.date)
      if (list) list.push(b)
      else map.set(b.date, [b])
    }
    for (const list of map.values()) list.sort((a, b) => a.time.localeCompare(b.time))
    return map
  }, [bookings])

  const cells = monthCells(month.year, month.month)
  const move = (delta: number) => {
    const d = new Date(month.year, month.month + delta, 1)
    setMonth({ year: d.getFullYear(), month: d.getMonth() })
    setSelected(null)
  }
  const dayList = selected ? (byDay.get(selected) ?? []) : []

  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <Card className="p-4">
        <div className="mb-3 flex items-center justify-between">
          <button
            type="button"
            className="btn-secondary px-2.5 py-1.5"
            onClick={() => move(-1)}
            aria-label="Previous month"
          >
            <ChevronLeft className="size-5" aria-hidden />
          </button>
          <h2 className="text-lg font-semibold text-slate-900" aria-live="polite">
            {monthTitle.format(new Date(month.year, month.month, 1))}
          </h2>
          <button
            type="button"
            className="btn-secondary px-2.5 py-1.5"
            onClick={() => move(1)}
            aria-label="Next month"
          >
            <ChevronRight className="size-5" aria-hidden />
          </button>
        </div>
        <div
          role="group"
          aria-label="Bookings calendar"
          className="grid grid-cols-7 gap-1 text-center text-sm"
        >
          {WEEKDAYS.map((d) => (
            <div key={d} aria-hidden className="py-1 text-xs font-medium text-slate-500">
              {d}
            </div>
          ))}
          {cells.map((day, i) => {
            if (!day) return <div key={`blank-${i}`} aria-hidden />
            const count = byDay.get(day)?.length ?? 0
            const isToday = day === today
            const isSelected = day === selected
            return (
              <button
                key={day}
                type="button"
                aria-pressed={isSelected}
                // Starts with what the button shows (the day, then the count): "12: 2 bookings (March 12, 2026)".
                aria-label={`${Number(day.slice(8))}: ${count} booking${count === 1 ? '' : 's'} (${formatDate(`${day}T00:00`)})`}
                onClick={() => setSelected(day)}
                className={`flex min-h-14 flex-col items-center justify-start gap-1 rounded-lg border p-1 sm:min-h-16 ${
                  isSelected
                    ? 'border-brand-600 bg-brand-50'
                    : count
                      ? 'border-slate-200 bg-white hover:border-brand-400'
                      : 'border-transparent text-slate-500 hover:bg-slate-50'
                }`}
              >
                <span className={isToday ? 'rounded-full bg-brand-700 px-1.5 font-semibold text-white' : ''}>
                  {Number(day.slice(8))}
                </span>{' '}
                {count > 0 && (
                  <span className="rounded-full bg-brand-700 px-1.5 text-xs font-semibold text-white">
                    {count}
                  </span>
                )}
              </button>
            )
          })}
        </div>
      </Card>
      <Card className="p-4">
        {selected ? (
          <>
            <h3 className="mb-2 font-semibold text-slate-900">{formatDate(`${selected}T00:00`)}</h3>
            {dayList.length === 0 ? (
              <p className="text-sm text-slate-500">No bookings on this day.</p>
            ) : (
              <ul className="divide-y divide-slate-100" aria-label="Bookings on the selected day">
                {dayList.map((b) => (
                  <li key={b.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-slate-900">{b.full_name}</span>
                      <span className="block text-slate-500 capitalize">
                        {formatTime(b.time)} · {b.service}
                      </span>
                      {b.technician && (
                        <span className="block text-xs text-slate-600">
                          {b.technician.name}
                          {b.job_status && ` · ${JOB_STATUS_LABEL[b.job_status]}`}
                        </span>
                      )}
                      {(b.emergency || b.needs_attention) && (
                        <span className="block text-xs font-semibold text-red-800">
                          {[b.emergency && 'Emergency call-out', b.needs_attention && 'Needs attention']
                            .filter(Boolean)
                            .join(' · ')}
                        </span>
                      )}
                    </span>
                    <span className="flex shrink-0 items-center gap-2">
                      <StatusBadge status={b.status} />
                      <button type="button" className={linkButton} onClick={() => onView(b)}>
                        view
                      </button>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : (
          <p className="text-sm text-slate-500">Choose a day to see its bookings.</p>
        )}
      </Card>
    </div>
  )
}
