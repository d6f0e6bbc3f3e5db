import { useState } from 'react'
import { Link } from 'react-router'
import { MessageCircle, Repeat, Siren } from 'lucide-react'
import { formatDay, formatTime } from '../../../../contract/dates.js'
import {
  customerChangeRefusal,
  upcomingThenPast,
  type Booking,
  type BookingSettings,
} from '../../../../contract/bookings.js'
import { localPhone } from '../../../../contract/phone.js'
import { JOB_STATUS_LABEL } from '../../../../contract/job-status.js'
import { pages } from '../../../../contract/pages.js'
import { ApiError } from '../../../lib/api-client'
import { StatusBadge } from '../../../components/ui/status-badge'
import { DialogActions, Modal } from '../../../components/ui/modal'
import { RescheduleDialog } from './reschedule-dialog'
import { ChangeBookingButtons } from './change-buttons'
import { ResultLine, type FormResult } from '../../../components/ui/form-actions'
import { serviceReportUrl, useBookings, useCancelMyBooking, useRescheduleMyBooking } from '../api'
import { ServiceKindLine } from '../../../components/service-kind-line'

const messageOf = (err: unknown) =>
  err instanceof ApiError ? err.message : 'We could not reach the server. Please try again.'

/** "March 14, 2026 at 9:30 AM": a booking's Lagos date and time, as everywhere in the app. */
export const bookingWhen = (b: Pick<Booking, 'date' | 'time'>) =>
  `${formatDay(b.date)} at ${formatTime(b.time)}`

/**
 * The customer's own bookings (GET appointment/), with Cancel and Reschedule until the admin's
 * cut-off before each (the server checks it again).
 */
export function MyBookings({ settings }: { settings: BookingSettings | undefined }) {
  const { data, isLoading } = useBookings()
  const cancel = useCancelMyBooking()
  const reschedule = useRescheduleMyBooking()
  const [cancelling, setCancelling] = useState<Booking | null>(null)
  const [moving, setMoving] = useState<Booking | null>(null)
  const [notice, setNotice] = useState<FormResult>(null)
  if (isLoading || !data || data.length === 0) return null
  const upcomingFirst = upcomingThenPast(data, Date.now())

  const confirmCancel = async () => {
    if (!cancelling) return
    try {
      await cancel.mutateAsync(cancelling.id)
      setNotice({
        ok: true,
        text: `Your ${cancelling.service} appointment on ${bookingWhen(cancelling)} is cancelled.`,
      })
      setCancelling(null)
    } catch (err) {
      setNotice({ ok: false, text: messageOf(err) })
      setCancelling(null)
    }
  }

  return (
    <section className="mt-8" aria-labelledby="my-bookings">
      <h2 id="my-bookings" className="text-lg font-bold text-slate-900">
        Your appointments
      </h2>
      {settings && settings.cutoff_hours > 0 && (
        <p className="mt-1 text-sm text-slate-600">
          You can cancel or reschedule up to {settings.cutoff_hours} hours before an appointment.
        </p>
      )}
      <ResultLine result={notice} className="mt-2 text-sm font-medium" />
      <ul className="mt-3 space-y-3">
        {upcomingFirst.map((b) => {
          const changeable =
            settings !== undefined && customerChangeRefusal(b, settings.cutoff_hours, Date.now()) === null
          return (
            <li
              key={b.id}
              aria-label={`${b.service} on ${bookingWhen(b)}`}
              className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900 capitalize">
                  {b.service}
                  {b.emergency && (
                    <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 normal-case">
                      <Siren className="size-3" aria-hidden /> Emergency call-out
                    </span>
                  )}
                </p>
                <p className="text-sm text-slate-600">
                  {bookingWhen(b)} · {b.location}
                </p>
                <ServiceKindLine booking={b} className="text-sm text-slate-700" />
                <p className="mt-0.5 flex items-center gap-1 text-xs text-slate-500">
                  <MessageCircle className="size-3.5" aria-hidden />
                  {localPhone(b.phone_number)}
                </p>
                {b.technician && (
                  <p className="mt-0.5 text-xs text-slate-700">
                    Technician: <span className="font-semibold">{b.technician.name}</span>
                    {b.job_status && b.job_status !== 'completed' && ` · ${JOB_STATUS_LABEL[b.job_status]}`}
                  </p>
                )}
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <StatusBadge status={b.status} />
                {b.report_url && (
                  <a
                    href={serviceReportUrl(b.id)}
                    target="_blank"
                    rel="noreferrer"
                    className="text-xs font-semibold text-brand-700 underline"
                  >
                    Service report
                  </a>
                )}
                {b.status === 'Completed' && b.plan_id === undefined && (
                  // The report's offer: the same visit again every 3 months (/plans asks before booking).
                  <Link
                    to={`${pages.plans}?from=${b.id}`}
                    className="inline-flex items-center gap-1 text-xs font-semibold text-brand-700 underline"
                  >
                    <Repeat className="size-3.5" aria-hidden /> Book the next visit every 3 months
                  </Link>
                )}
                {b.plan_id !== undefined && (
                  <Link to={pages.plans} className="text-xs font-semibold text-brand-700 underline">
                    Part of your plan
                  </Link>
                )}
                {changeable && (
                  <ChangeBookingButtons
                    small
                    onReschedule={() => setMoving(b)}
                    onCancel={() => setCancelling(b)}
                    cancelLabel="Cancel booking"
                  />
                )}
              </div>
            </li>
          )
        })}
      </ul>

      <Modal
        open={cancelling !== null}
        title="Cancel this booking?"
        onClose={() => !cancel.isPending && setCancelling(null)}
        size="sm"
        footer={
          <DialogActions
            onCancel={() => setCancelling(null)}
            cancelLabel="Keep it"
            onConfirm={confirmCancel}
            confirmLabel="Yes, cancel"
            busyLabel="Cancelling..."
            busy={cancel.isPending}
          />
        }
      >
        {cancelling && (
          <p className="text-slate-700">
            Your {cancelling.service} appointment on {bookingWhen(cancelling)} will be cancelled and our team
            told.
          </p>
        )}
      </Modal>
      {moving && (
        <RescheduleDialog
          booking={moving}
          send={async (body) => (await reschedule.mutateAsync({ id: moving.id, body })).booking}
          busy={reschedule.isPending}
          cutoffHours={settings?.cutoff_hours ?? 0}
          onClose={() => setMoving(null)}
          onDone={(b) => {
            setNotice({ ok: true, text: `Moved to ${bookingWhen(b)}. We will confirm it again.` })
            setMoving(null)
          }}
        />
      )}
    </section>
  )
}
