import { useEffect, useState } from 'react'
import type { Booking } from '../../../../contract/bookings.js'
import { formatDay, formatTime } from '../../../../contract/dates.js'
import { JOB_STATUS_LABEL } from '../../../../contract/job-status.js'
import { errorMessage } from '../../../lib/api-client'
import { DialogActions, Modal } from '../../../components/ui/modal'
import { useAssignBooking, useJobsOn, useTechnicians } from '../api'
import { FormError } from '../../../components/ui/form-actions'
import { useActionError } from '../../../components/ui/use-action-error'

/** Assign, reassign or unassign a technician; each one's jobs that day are shown, a clash is the server's 409. */
export function AssignDialog({ booking, onClose }: { booking: Booking | null; onClose: () => void }) {
  const technicians = useTechnicians(booking !== null)
  const day = useJobsOn(booking?.date ?? null)
  const assign = useAssignBooking()
  const current = booking?.technician?.id ?? null
  const [choice, setChoice] = useState<number | null>(current)
  const { error, setError, attempt } = useActionError(
    'Could not save the assignment. Check your connection and try again.',
  )
  useEffect(() => {
    setChoice(current)
    setError('')
  }, [booking?.id, current, setError])

  const submit = async (staffId: number | null) => {
    if (!booking) return
    if (await attempt(() => assign.mutateAsync({ id: booking.id, staffId }))) onClose()
  }
  const jobsOf = (staffId: number) =>
    (day.data ?? []).filter((j) => j.assigned_to?.id === staffId && j.id !== booking?.id)

  return (
    <Modal
      open={booking !== null}
      onClose={onClose}
      title={booking ? `Assign ${booking.full_name}` : ''}
      footer={
        <>
          {current !== null && (
            <button
              type="button"
              className="btn-secondary text-red-700"
              disabled={assign.isPending}
              onClick={() => void submit(null)}
            >
              Unassign
            </button>
          )}
          <DialogActions
            onCancel={onClose}
            onConfirm={() => void submit(choice)}
            confirmLabel={current === null ? 'Assign' : 'Reassign'}
            busyLabel="Saving..."
            busy={assign.isPending}
            disabled={choice === null || choice === current}
            cancelWhileBusy
          />
        </>
      }
    >
      {booking && (
        <div className="space-y-3 text-sm">
          <p className="text-slate-600">
            <span className="capitalize">{booking.service}</span> · {formatDay(booking.date)} at{' '}
            {formatTime(booking.time)} · {booking.location}
          </p>
          {technicians.isLoading ? (
            <p role="status">Loading technicians...</p>
          ) : technicians.isError ? (
            <p role="alert" className="text-red-700">
              {errorMessage(technicians.error, 'Could not load the technicians.')}
            </p>
          ) : (technicians.data ?? []).length === 0 ? (
            <p>No technicians yet. Add one in User Management (role Staff).</p>
          ) : (
            <fieldset>
              <legend className="mb-2 font-medium text-slate-700">Technician</legend>
              <ul className="space-y-2">
                {(technicians.data ?? []).map((t) => {
                  const jobs = jobsOf(t.id)
                  return (
                    <li key={t.id}>
                      <label
                        className={`flex cursor-pointer gap-3 rounded-xl border p-3 ${choice === t.id ? 'border-brand-600 bg-brand-50' : 'border-slate-200'}`}
                      >
                        <input
                          type="radio"
                          name="technician"
                          checked={choice === t.id}
                          onChange={() => setChoice(t.id)}
                        />
                        <span className="min-w-0 flex-1">
                          <span className="font-semibold text-slate-900">{t.full_name || t.username}</span>
                          {t.id === current && (
                            <span className="ml-2 text-xs text-brand-700">(assigned now)</span>
                          )}
                          <span className="block text-xs text-slate-600">
                            {day.isLoading
                              ? 'Loading their day...'
                              : jobs.length === 0
                                ? 'No other jobs that day'
                                : jobs
                                    .map(
                                      (j) =>
                                        `${formatTime(j.time)} ${j.full_name} (${JOB_STATUS_LABEL[j.job_status]})`,
                                    )
                                    .join(' · ')}
                          </span>
                        </span>
                      </label>
                    </li>
                  )
                })}
              </ul>
            </fieldset>
          )}
          <FormError className="rounded-lg bg-red-50 p-2 text-red-800" message={error} />
        </div>
      )}
    </Modal>
  )
}
