import type { ReactNode } from 'react'
import type { PlanAnswer } from '../../../../contract/plans.js'
import { errorMessage } from '../../../lib/api-client'
import { ConfirmDialog, useConfirmAction } from '../../../components/ui/confirm-dialog'
import type { FormResult } from '../../../components/ui/form-actions'
import type { PlanMove } from '../api'
import { PlanCard } from './plan-card'

/**
 * Plans as cards with what can be done to each: pause or resume, cancel (asked first), and the caller's
 * own `extra` (the office's "Book the next visit"). `move` makes the change (the customer's call or the
 * office's); its answer's message, or why it failed, goes to `onDone`.
 */
export function PlanList({
  plans,
  move,
  busy,
  onDone,
  extra,
  className = 'space-y-3',
}: {
  plans: PlanAnswer[]
  move: (plan: PlanAnswer, how: PlanMove) => Promise<{ message: string }>
  busy: boolean
  onDone: (result: FormResult) => void
  extra?: (plan: PlanAnswer) => ReactNode
  className?: string
}) {
  const cancelling = useConfirmAction<PlanAnswer>()
  const run = async (plan: PlanAnswer, how: PlanMove) => {
    try {
      onDone({ ok: true, text: (await move(plan, how)).message })
    } catch (err) {
      onDone({ ok: false, text: errorMessage(err, 'We could not change the plan. Please try again.') })
    }
  }
  return (
    <>
      <ul className={className}>
        {plans.map((p) => (
          <li key={p.id} className="min-w-0">
            <PlanCard
              plan={p}
              actions={
                <>
                  {extra?.(p)}
                  {p.status !== 'Cancelled' && (
                    <>
                      <button
                        type="button"
                        className="btn-secondary px-3 py-1.5 text-sm"
                        disabled={busy}
                        onClick={() => void run(p, p.status === 'Paused' ? 'resume' : 'pause')}
                      >
                        {p.status === 'Paused' ? 'Resume' : 'Pause'}
                      </button>
                      <button
                        type="button"
                        className="btn-secondary px-3 py-1.5 text-sm text-red-700"
                        onClick={() => cancelling.ask(p)}
                      >
                        Cancel plan
                      </button>
                    </>
                  )}
                </>
              }
            />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        {...cancelling.dialog(async (plan) => {
          onDone({ ok: true, text: (await move(plan, 'cancel')).message })
        }, busy)}
        title="Cancel this plan?"
        message="No further visits will be booked from it. A visit already booked stays in the bookings: cancel it there if it is not wanted."
        confirmLabel="Cancel the plan"
        busyLabel="Cancelling…"
        cancelLabel="Keep the plan"
        danger
      />
    </>
  )
}
