import { useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Repeat } from 'lucide-react'
import { OFFERED_INTERVAL, intervalText } from '../../../../contract/plans.js'
import { pages } from '../../../../contract/pages.js'
import { FormError, ResultLine, type FormResult } from '../../../components/ui/form-actions'
import { useActionError } from '../../../components/ui/use-action-error'
import { linkButton } from '../../../components/ui/page-header'
import { EmptyState, QueryGate } from '../../../components/ui/query-state'
import { useMovePlan, useMyPlans, useTakePlanOffer } from '../api'
import { PlanList } from '../components/plan-list'

/** How often the offer may repeat the visit (months). */
const OFFER_CHOICES = [1, 3, 6] as const

/**
 * /plans: the customer's service plans (next visit, pause, resume, cancel). Opened from a completed visit
 * (/plans?from=12), it first offers that visit again every 3 months, booked only when they say so.
 */
export default function MyPlans() {
  const [params] = useSearchParams()
  const from = Number(params.get('from'))
  const plans = useMyPlans()
  const move = useMovePlan()
  const [result, setResult] = useState<FormResult>(null)
  const taken = plans.data?.find((p) => p.sourceBookingId === from)

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="mb-2 text-2xl font-bold text-slate-900">My plans</h1>
      <p className="mb-6 text-slate-600">
        Regular visits at the same place: each visit we complete books the next one. You can pause or cancel
        at any time, and move or cancel a single visit in{' '}
        <Link to={pages.book} className={linkButton}>
          My bookings
        </Link>
        .
      </p>
      <ResultLine result={result} className="mb-4 text-sm font-medium" />
      <QueryGate query={plans} what="your plans">
        {Number.isInteger(from) && from > 0 && !taken && <Offer bookingId={from} onDone={setResult} />}
        {plans.data?.length === 0 ? (
          <EmptyState>
            No plans yet. After a visit, its report offers to book the next one every 3 months.
          </EmptyState>
        ) : (
          <PlanList
            plans={plans.data ?? []}
            move={(plan, how) => move.mutateAsync({ id: plan.id, move: how })}
            busy={move.isPending}
            onDone={setResult}
          />
        )}
      </QueryGate>
    </div>
  )
}

/** The completed visit's offer: the same service again every N months, the first of them booked at once. */
function Offer({ bookingId, onDone }: { bookingId: number; onDone: (r: FormResult) => void }) {
  const take = useTakePlanOffer()
  const [months, setMonths] = useState<number>(OFFERED_INTERVAL.intervalCount)
  const { error, attempt } = useActionError('We could not book it. Check your connection and try again.')
  // One key per choice: a double tap makes one plan; another choice is another request.
  const keys = useRef(new Map<number, string>())
  const submit = async () => {
    const key = keys.current.get(months) ?? crypto.randomUUID()
    keys.current.set(months, key)
    await attempt(async () => {
      const answer = await take.mutateAsync({
        body: { bookingId, intervalUnit: 'months', intervalCount: months },
        key,
      })
      onDone({ ok: true, text: answer.message })
    })
  }
  return (
    <section
      aria-labelledby="plan-offer"
      className="mb-6 rounded-2xl bg-brand-50 p-4 text-sm ring-1 ring-brand-200"
    >
      <h2 id="plan-offer" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Repeat className="size-4" aria-hidden /> Book the next visit{' '}
        {intervalText({ intervalUnit: 'months', intervalCount: months })}
      </h2>
      <p className="mt-1 text-slate-700">
        The same service at the same place, on the same day of the week and time, at the same price. We book
        the next visit now; you can pause or cancel the plan at any time.
      </p>
      <label htmlFor="plan-offer-every" className="mt-3 block font-medium text-slate-900">
        How often
      </label>
      <select
        id="plan-offer-every"
        className="field mt-1 w-48"
        value={months}
        onChange={(e) => setMonths(Number(e.target.value))}
      >
        {OFFER_CHOICES.map((m) => (
          <option key={m} value={m}>
            {intervalText({ intervalUnit: 'months', intervalCount: m })}
          </option>
        ))}
      </select>
      <FormError message={error} />
      <button
        type="button"
        className="btn-primary mt-3"
        onClick={() => void submit()}
        disabled={take.isPending}
      >
        {take.isPending ? 'Booking…' : 'Start the plan'}
      </button>
    </section>
  )
}
