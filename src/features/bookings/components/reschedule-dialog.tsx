import { useState, type ReactNode } from 'react'
import { addDays, BUSINESS_TIME_ZONE, todayIso } from '../../../../contract/dates.js'
import {
  BOOKING_HORIZON_DAYS,
  rescheduleBody,
  rescheduleTooSoon,
  type Booking,
  type RescheduleRequest,
} from '../../../../contract/bookings.js'
import { errorMessage } from '../../../lib/api-client'
import { DialogActions, Modal } from '../../../components/ui/modal'
import { Field } from '../../../components/ui/field'
import { fieldErrors } from '../../../lib/field-errors'
import { FormError } from '../../../components/ui/form-actions'

/**
 * A new date and time for a booking, checked with the server's own rules before sending. The customer's
 * list and the admin's Bookings screen each pass their own call (`send`); its refusal is shown as it came.
 */
export function RescheduleDialog({
  booking,
  send,
  busy,
  intro,
  cutoffHours,
  onClose,
  onDone,
}: {
  booking: Booking
  send: (body: RescheduleRequest) => Promise<Booking>
  busy: boolean
  /** A line above the fields (e.g. who will be told). */
  intro?: ReactNode
  /** The customer's notice for changes: the new time must be at least this far ahead too (the office has none). */
  cutoffHours?: number
  onClose: () => void
  onDone: (b: Booking) => void
}) {
  const [date, setDate] = useState(booking.date)
  const [time, setTime] = useState(booking.time)
  const [errors, setErrors] = useState<{ date?: string; time?: string; form?: string }>({})
  const today = todayIso(new Date(), BUSINESS_TIME_ZONE)

  const save = async () => {
    const parsed = rescheduleBody().safeParse({ date, time })
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error))
      return
    }
    const tooSoon = cutoffHours === undefined ? null : rescheduleTooSoon(parsed.data, cutoffHours, Date.now())
    if (tooSoon) {
      setErrors({ time: tooSoon })
      return
    }
    setErrors({})
    try {
      onDone(await send(parsed.data))
    } catch (err) {
      setErrors({ form: errorMessage(err, 'We could not reach the server. Please try again.') })
    }
  }

  return (
    <Modal
      open
      title="Reschedule booking"
      onClose={() => !busy && onClose()}
      size="sm"
      footer={
        <DialogActions
          onCancel={onClose}
          onConfirm={save}
          confirmLabel="Save new time"
          busyLabel="Saving..."
          busy={busy}
        />
      }
    >
      <div className="grid gap-4">
        {intro && <p className="text-sm text-slate-600">{intro}</p>}
        <Field id="reschedule-date" label="New date" error={errors.date}>
          <input
            type="date"
            className="field"
            min={today}
            max={addDays(today, BOOKING_HORIZON_DAYS)}
            value={date}
            onChange={(e) => setDate(e.target.value)}
          />
        </Field>
        <Field id="reschedule-time" label="New time" error={errors.time}>
          <input type="time" className="field" value={time} onChange={(e) => setTime(e.target.value)} />
        </Field>
        <FormError className="text-sm text-red-600" message={errors.form} />
      </div>
    </Modal>
  )
}
