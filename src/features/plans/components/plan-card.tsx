import type { ReactNode } from 'react'
import { WEEKDAY_NAMES, type PlanAnswer, type PlanStatus } from '../../../../contract/plans.js'
import { formatDay, formatTime } from '../../../../contract/dates.js'
import { formatNaira } from '../../../../contract/money.js'
import { StatusBadge } from '../../../components/ui/status-badge'

const STATUS_STYLE: Record<PlanStatus, string> = {
  Active: 'bg-green-100 text-green-800',
  Paused: 'bg-amber-100 text-amber-900',
  Cancelled: 'bg-slate-200 text-slate-700',
}

/** "Wednesdays around 10:00 AM" / "around 10:00 AM": when the plan's visits are booked. */
export const preferredWhen = (plan: Pick<PlanAnswer, 'preferredWeekday' | 'preferredTime'>) =>
  `${plan.preferredWeekday === null ? '' : `${WEEKDAY_NAMES[plan.preferredWeekday]}s, `}around ${formatTime(plan.preferredTime)}`

/** The next visit in words, or that none is booked ahead (a cancelled or missed visit). */
export function NextVisit({ plan }: { plan: PlanAnswer }) {
  if (plan.nextVisit)
    return (
      <p className="font-semibold text-slate-900">
        Next visit: {formatDay(plan.nextVisit.date)} at {formatTime(plan.nextVisit.time)} (
        {plan.nextVisit.status})
      </p>
    )
  return (
    <p className="font-semibold text-amber-900">
      {plan.status === 'Active' ? 'No visit booked ahead yet.' : 'No visit booked ahead.'}
    </p>
  )
}

/** "Fumigation every 3 months", "General pest control every month": the kind's name when it has one. */
export function planTitle(plan: Pick<PlanAnswer, 'service' | 'serviceKind' | 'every'>) {
  const what = plan.serviceKind?.name ?? plan.service
  return `${what.charAt(0).toUpperCase()}${what.slice(1)} ${plan.every}`
}

/** One plan: what, how often, where, the next and last visits, the price; `actions` under it. */
export function PlanCard({ plan, actions }: { plan: PlanAnswer; actions?: ReactNode }) {
  return (
    <article
      aria-labelledby={`plan-${plan.id}`}
      className="rounded-2xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`plan-${plan.id}`} className="text-base font-semibold text-slate-900">
          {planTitle(plan)}
        </h2>
        <StatusBadge status={plan.status} tones={STATUS_STYLE} />
      </div>
      <p className="break-words text-slate-600">
        {plan.location} · {preferredWhen(plan)}
      </p>
      {plan.price > 0 && <p className="text-slate-600">{formatNaira(plan.price)} a visit</p>}
      <NextVisit plan={plan} />
      {plan.lastVisit && <p className="text-slate-600">Last visit: {formatDay(plan.lastVisit.date)}</p>}
      {actions && <div className="mt-3 flex flex-wrap gap-2">{actions}</div>}
    </article>
  )
}
