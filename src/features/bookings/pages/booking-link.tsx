import { useState } from 'react'
import { useParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { CalendarCheck } from 'lucide-react'
import type { BookingLinkAnswer } from '../../../../contract/booking-links.js'
import { bookingWhen } from '../components/my-bookings'
import { errorMessage } from '../../../lib/api-client'
import { ConfirmDialog, useConfirmAction } from '../../../components/ui/confirm-dialog'
import { FormError, ResultLine, type FormResult } from '../../../components/ui/form-actions'
import { QueryGate } from '../../../components/ui/query-state'
import { StatusBadge } from '../../../components/ui/status-badge'
import { answerBookingLink, bookingKeys, rescheduleBookingLink, useBookingLink } from '../api'
import { RescheduleDialog } from '../components/reschedule-dialog'
import { ChangeBookingButtons } from '../components/change-buttons'

/**
 * /r/:token: the booking the day-before reminder links to. Without logging in, the customer says they will
 * be there, moves it or cancels it, under the same cut-off as in their account.
 */
export default function BookingLinkPage() {
  const token = useParams().token ?? ''
  const link = useBookingLink(token)
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <h1 className="mb-4 text-2xl font-bold text-slate-900">Your visit</h1>
      <QueryGate query={link} what="your booking">
        {link.data && <Answer token={token} view={link.data} />}
      </QueryGate>
    </div>
  )
}

function Answer({ token, view }: { token: string; view: BookingLinkAnswer }) {
  const client = useQueryClient()
  const [result, setResult] = useState<FormResult>(null)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const [moving, setMoving] = useState(false)
  const cancelling = useConfirmAction<true>()
  const { booking } = view
  const open = booking.status === 'Pending' || booking.status === 'Confirmed'
  const show = (answer: { message: string; view: BookingLinkAnswer }) => {
    client.setQueryData(bookingKeys.link(token), answer.view)
    setResult({ ok: true, text: answer.message })
  }
  const run = async (answer: 'confirm' | 'cancel') => {
    setBusy(true)
    setError('')
    try {
      show(await answerBookingLink(token, answer))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-lg font-semibold text-slate-900 capitalize">{booking.service}</p>
          <p className="text-slate-700">{bookingWhen(booking)}</p>
          <p className="break-words text-slate-600">{booking.location}</p>
        </div>
        <StatusBadge status={booking.status} />
      </div>
      <ResultLine result={result} className="text-sm font-medium" />
      {view.confirmedAt && open && (
        <p className="flex items-center gap-2 font-medium text-green-800">
          <CalendarCheck className="size-4" aria-hidden /> You told us you will be there.
        </p>
      )}
      <FormError message={error} />
      {open && (
        <div className="flex flex-wrap gap-2">
          {!view.confirmedAt && (
            <button
              type="button"
              className="btn-primary"
              disabled={busy}
              onClick={() =>
                run('confirm').catch((err: unknown) =>
                  setError(
                    errorMessage(err, 'We could not send your answer. Check your connection and try again.'),
                  ),
                )
              }
            >
              Yes, I will be there
            </button>
          )}
          {view.changeRefusal === null && (
            <ChangeBookingButtons
              onReschedule={() => setMoving(true)}
              onCancel={() => cancelling.ask(true)}
              cancelLabel="Cancel the visit"
            />
          )}
        </div>
      )}
      {open && view.changeRefusal && <p className="text-sm text-slate-600">{view.changeRefusal}</p>}
      {moving && (
        <RescheduleDialog
          booking={booking}
          busy={false}
          cutoffHours={view.cutoffHours}
          send={async (body) => {
            const answer = await rescheduleBookingLink(token, body)
            show(answer)
            return answer.view.booking
          }}
          onClose={() => setMoving(false)}
          onDone={() => setMoving(false)}
        />
      )}
      <ConfirmDialog
        {...cancelling.dialog(() => run('cancel'), busy)}
        title="Cancel this visit?"
        message="We will not come. You can book again at any time."
        confirmLabel="Cancel the visit"
        busyLabel="Cancelling…"
        cancelLabel="Keep the visit"
        danger
      />
    </div>
  )
}
