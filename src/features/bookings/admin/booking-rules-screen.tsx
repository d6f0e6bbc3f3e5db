import { useState, type FormEvent } from 'react'
import { bookingSettingsBody, workingHoursText, type BookingSettings } from '../../../../contract/bookings.js'
import { ApiError } from '../../../lib/api-client'
import { rememberWorkingHours } from '../../../lib/working-hours'
import { Field } from '../../../components/ui/field'
import { Checkbox } from '../../../components/ui/checkbox'
import { useFormFields } from '../../../components/ui/use-form-fields'
import { Card, PageHeader } from '../../../components/ui/page-header'
import { QueryGate } from '../../../components/ui/query-state'
import { useBookingSettings, useSaveBookingSettings } from '../api'
import { SaveRow, type FormResult } from '../../../components/ui/form-actions'

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

/** /admin/booking-rules: the cut-off for customers' own changes and the working hours. */
export default function BookingRulesScreen() {
  const settings = useBookingSettings()
  return (
    <>
      <PageHeader title="Booking Rules" />
      <QueryGate query={settings} what="the booking rules">
        {settings.data && <RulesForm initial={settings.data} />}
      </QueryGate>
    </>
  )
}

function RulesForm({ initial }: { initial: BookingSettings }) {
  const save = useSaveBookingSettings()
  const { form, setForm, bind } = useFormFields({ ...initial, cutoff: String(initial.cutoff_hours) })
  const [result, setResult] = useState<FormResult>(null)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setResult(null)
    const parsed = bookingSettingsBody.safeParse({
      cutoff_hours: form.cutoff.trim() === '' ? Number.NaN : Number(form.cutoff),
      work_start: form.work_start,
      work_end: form.work_end,
      work_days: form.work_days,
    })
    if (!parsed.success) {
      setResult({ ok: false, text: parsed.error.issues[0].message })
      return
    }
    try {
      const answer = await save.mutateAsync(parsed.data)
      // The footer on this device shows the new hours at once, not on the next page load.
      rememberWorkingHours(answer.settings)
      setResult({ ok: true, text: `${answer.message} Working hours: ${workingHoursText(answer.settings)}.` })
    } catch (err) {
      setResult({
        ok: false,
        text: err instanceof ApiError ? err.message : 'Could not save. Please try again.',
      })
    }
  }

  const toggleDay = (day: number) =>
    setForm({
      ...form,
      work_days: form.work_days.includes(day)
        ? form.work_days.filter((d) => d !== day)
        : [...form.work_days, day],
    })

  return (
    <Card className="max-w-2xl p-5">
      <form onSubmit={submit} noValidate aria-label="Booking rules" className="space-y-5">
        <Field
          id="rules-cutoff"
          label="Customers can cancel or reschedule until (hours before the appointment)"
        >
          <input className="field w-32" inputMode="numeric" {...bind('cutoff')} />
        </Field>
        <fieldset>
          <legend className="field-label">Working days</legend>
          <div className="flex flex-wrap gap-3">
            {DAYS.map((name, day) => (
              <Checkbox
                key={name}
                label={name}
                className="flex items-center gap-1.5 text-sm text-slate-700"
                checked={form.work_days.includes(day)}
                onChange={() => toggleDay(day)}
              />
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap gap-4">
          <Field id="rules-start" label="Opening time">
            <input type="time" className="field" {...bind('work_start')} />
          </Field>
          <Field id="rules-end" label="Closing time">
            <input type="time" className="field" {...bind('work_end')} />
          </Field>
        </div>
        <p className="text-sm text-slate-600">
          A booking outside these hours is taken as an emergency call-out (response within 2 to 4 hours); the
          customer is told before sending it.
        </p>
        <SaveRow label="Save booking rules" pending={save.isPending} result={result} />
      </form>
    </Card>
  )
}
