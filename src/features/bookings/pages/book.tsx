import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { CalendarCheck, Clock3, Phone, ReceiptText, Siren, type LucideIcon } from 'lucide-react'
import { addDays, BUSINESS_TIME_ZONE, todayIso } from '../../../../contract/dates.js'
import {
  appointmentBody,
  BOOKING_HORIZON_DAYS,
  bookingStart,
  emergencyText,
  isEmergency,
  workingHoursText,
  type AppointmentRequest,
  type BookingSettings,
} from '../../../../contract/bookings.js'
import {
  estimateOf,
  estimateText,
  pluralUnit,
  priceText,
  SERVICE_LABELS,
  type ServiceKind,
} from '../../../../contract/services.js'
import { ApiError } from '../../../lib/api-client'
import { useServiceKinds } from '../../../lib/service-kinds'
import { useFirstServiceOffer } from '../../../lib/first-service-offer'
import { useBookAppointment, useBookingSettings } from '../api'
import { MyBookings } from '../components/my-bookings'
import { COMPANY } from '../../../lib/company'
import { useSession } from '../../../lib/session'
import { useDraft } from '../../../lib/draft'
import { focusFirstInvalid } from '../../../lib/focus-first-invalid'
import { SAVED_ON_PHONE } from '../../../lib/connection'
import { fieldErrors } from '../../../lib/field-errors'
import { Field } from '../../../components/ui/field'
import { ResultLine, type FormResult } from '../../../components/ui/form-actions'

/** The form as typed: the kind's id and the units are the select's and the input's text. */
type BookForm = Required<Omit<AppointmentRequest, 'service_kind_id' | 'units'>> & {
  service_kind_id: string
  units: string
}
type Key = keyof BookForm
type FieldErrors = Partial<Record<Key, string>>

const EMPTY: BookForm = {
  full_name: '',
  phone_number: '',
  location: '',
  service: '' as AppointmentRequest['service'],
  service_kind_id: '',
  units: '',
  date: '',
  time: '',
  info: '',
}

/** The kind chosen on the form, when the list knows it. */
const chosenKind = (kinds: ServiceKind[] | null, form: Pick<BookForm, 'service_kind_id'>) =>
  (form.service_kind_id && kinds?.find((k) => String(k.id) === form.service_kind_id)) || null

/**
 * The body to send: no kind is "not sure, we'll inspect"; units only for a per-unit kind, as a number
 * when they are one (else as typed, for the schema to name the mistake).
 */
export function appointmentRequest(form: BookForm, kind: ServiceKind | null): AppointmentRequest {
  const { service_kind_id, units, ...rest } = form
  if (!service_kind_id) return rest
  const count = units.trim()
  return {
    ...rest,
    service_kind_id: Number(service_kind_id),
    ...(kind?.price_rule === 'per_unit' || (!kind && count)
      ? { units: /^\d+$/.test(count) ? Number(count) : (count as unknown as number) }
      : {}),
  }
}

/**
 * What the customer's choice comes to, as the server will work it out: "Estimate: ₦24,000 (3 rooms ×
 * ₦8,000)", "From ₦60,000, final price after inspection"; the unit price until the units are typed.
 */
export function estimateLine(kind: ServiceKind | null, unitsTyped: string): string | null {
  if (!kind) return null
  if (kind.price_rule === 'from') return estimateText(estimateOf(kind, null), kind.unit)
  if (kind.price_rule === 'per_unit') {
    const units = /^\d+$/.test(unitsTyped.trim()) ? Number(unitsTyped.trim()) : 0
    if (units < 1 || units > 999) return `${priceText(kind)}: enter how many ${pluralUnit(kind.unit)}`
    return `Estimate: ${estimateText(estimateOf(kind, units), kind.unit)}`
  }
  return `Estimate: ${estimateText(estimateOf(kind, null), kind.unit)}`
}

/** Runs the server's own schema (contract/bookings.ts) so the client shows the same messages, field by field. */
export function validateAppointment(form: AppointmentRequest, now?: () => Date) {
  const parsed = appointmentBody(now).safeParse(form)
  if (parsed.success) return { data: parsed.data, errors: {} as FieldErrors }
  return { data: null, errors: fieldErrors(parsed.error) }
}

/**
 * The emergency line, once a date and time are chosen that fall outside the working hours. None for a
 * time already past: that is an error (shown under the field), not a call-out.
 */
export function emergencyNotice(
  settings: BookingSettings | undefined,
  date: string,
  time: string,
  now = Date.now(),
) {
  if (!settings || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null
  if (bookingStart({ date, time }) <= now) return null
  return isEmergency(settings, date, time) ? emergencyText(settings) : null
}

/** Under the estimate: the first-service offer, asked of the server only once an estimate shows. */
function FirstServiceNote() {
  const offer = useFirstServiceOffer()
  if (offer === null) return null
  return (
    <span className="block font-normal text-brand-800">
      Your first service with us? {offer}% comes off the work on its invoice (not products).
    </span>
  )
}

/** /book: the appointment form, the same page for customers and admins (an admin books for a caller). */
export default function Book() {
  const { id: userId, role } = useSession()
  const isAdmin = role === 'admin'
  const book = useBookAppointment()
  const { data: settings } = useBookingSettings()
  const kinds = useServiceKinds()
  // Kept on the device until it is sent (or queued): a reload or a dropped tab loses nothing typed.
  const [form, setForm, clearDraft] = useDraft(userId, 'book', EMPTY)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<FormResult>(null)
  const id = useId()
  const today = todayIso(new Date(), BUSINESS_TIME_ZONE)

  /** What a Field of the form is given for one value: its control's id and the mistake shown under it. */
  const fieldOf = (key: Key) => ({ id: `${id}-${key}`, error: errors[key] })
  /** What every control of the form shares: its value and change handler (Field wires ids and errors). */
  const control = (key: Key) => ({
    className: 'field',
    value: form[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      // Another service has other kinds: the kind (and its count) chosen for the first one goes.
      const reset = key === 'service' ? { service_kind_id: '', units: '' } : {}
      setForm({ ...form, ...reset, [key]: e.target.value })
      if (errors[key]) setErrors({ ...errors, [key]: undefined })
    },
  })

  const kind = chosenKind(kinds, form)
  const kindsOfService = kinds?.filter((k) => k.service === form.service) ?? []
  const estimate = estimateLine(kind, form.units)

  async function submit(e: FormEvent) {
    e.preventDefault()
    setResult(null)
    // A customer's own name is the account's: full_name is only sent by an admin booking for a caller.
    const request = appointmentRequest(form, kind)
    const { data, errors: found } = validateAppointment(
      isAdmin ? request : { ...request, full_name: undefined },
    )
    if (isAdmin && !form.full_name.trim()) found.full_name = "Customer's name is required"
    if (kind?.price_rule === 'per_unit' && !form.units.trim()) {
      found.units = `Enter how many ${pluralUnit(kind.unit)}, from 1 to 999`
    }
    setErrors(found)
    if (!data || Object.keys(found).length) {
      focusFirstInvalid(e.currentTarget as HTMLFormElement)
      return
    }
    setBusy(true)
    try {
      // The estimate line goes with the queued booking, for its summary on this device (the server
      // ignores it and works the estimate out again).
      const body = estimate && kind ? { ...data, estimate_label: estimate } : data
      const sent = await book.mutateAsync({ body, userId })
      const text =
        sent.state === 'sent'
          ? [sent.data.message, sent.data.estimate_text && `Estimate: ${sent.data.estimate_text}.`]
              .filter(Boolean)
              .join(' ')
          : sent.retryLater
            ? `${sent.retryLater} Your booking is saved and will be sent then.`
            : SAVED_ON_PHONE
      setResult({ ok: true, text })
      clearDraft()
      setForm(EMPTY)
    } catch (err) {
      if (err instanceof ApiError) {
        const body = err.body as { message?: unknown } | undefined
        setResult({
          ok: false,
          text: typeof body?.message === 'string' && body.message ? body.message : 'An error occurred.',
        })
      } else setResult({ ok: false, text: 'Failed to book the appointment. Please try again.' })
    } finally {
      setBusy(false)
    }
  }

  const emergency = emergencyNotice(settings, form.date, form.time)

  return (
    <div className="bg-slate-50">
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 py-10 sm:px-6 sm:py-14 lg:grid-cols-5">
        <aside className="relative isolate overflow-hidden rounded-3xl bg-linear-to-br from-brand-700 to-brand-950 p-6 text-white shadow-lg sm:p-8 lg:col-span-2 lg:self-start">
          <div
            aria-hidden
            className="absolute -top-20 -right-20 -z-10 size-56 rounded-full bg-brand-500/30 blur-2xl"
          />
          <CalendarCheck className="size-10 text-brand-300" aria-hidden />
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight">Book an Appointment</h1>
          <p className="mt-3 leading-relaxed text-brand-100/90">
            Tell us what, where and when: choose the kind of work to see an estimate. We confirm on WhatsApp,
            with the final price, before we come.
          </p>
          <ul className="mt-6 space-y-4">
            <Assurance icon={<Clock3 className="size-5" aria-hidden />}>
              Bookings are confirmed within 24 hours
              {settings && <> · Working hours {workingHoursText(settings)}</>}
            </Assurance>
            <Assurance icon={<Siren className="size-5" aria-hidden />}>
              Emergency response 2 to 4 hours
            </Assurance>
            <Assurance icon={<Phone className="size-5" aria-hidden />}>
              Urgent? Call{' '}
              <a href={COMPANY.phoneHref} className="font-semibold underline">
                {COMPANY.phone}
              </a>
            </Assurance>
          </ul>
        </aside>

        <div className="lg:col-span-3">
          <form
            onSubmit={submit}
            noValidate
            className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
            aria-label="Appointment"
          >
            <div className="grid gap-5 sm:grid-cols-2">
              {isAdmin && (
                <Field className="sm:col-span-2" {...fieldOf('full_name')} label="Customer's name">
                  <input
                    {...control('full_name')}
                    autoComplete="off"
                    placeholder="The caller's full name"
                    required
                  />
                </Field>
              )}
              <Field
                {...fieldOf('phone_number')}
                label={isAdmin ? "Customer's WhatsApp number" : 'WhatsApp number'}
              >
                <input
                  {...control('phone_number')}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  placeholder="0803 123 4567"
                  required
                />
              </Field>
              <Field {...fieldOf('service')} label="Service">
                <select {...control('service')} required>
                  <option value="">Choose a service</option>
                  <option value="fumigation">{SERVICE_LABELS.fumigation}</option>
                  <option value="cleaning">{SERVICE_LABELS.cleaning}</option>
                </select>
              </Field>
              {form.service && (
                <Field
                  className={kind?.price_rule === 'per_unit' ? '' : 'sm:col-span-2'}
                  {...fieldOf('service_kind_id')}
                  label="Kind of service (optional)"
                  hint={kind && [priceText(kind), kind.description].filter(Boolean).join(' · ')}
                >
                  <select {...control('service_kind_id')}>
                    <option value="">Not sure — we'll inspect</option>
                    {kindsOfService.map((k) => (
                      <option key={k.id} value={String(k.id)}>
                        {k.name} · {priceText(k)}
                      </option>
                    ))}
                  </select>
                </Field>
              )}
              {kind?.price_rule === 'per_unit' && (
                <Field {...fieldOf('units')} label={`Number of ${pluralUnit(kind.unit)}`}>
                  <input {...control('units')} type="number" inputMode="numeric" min={1} max={999} step={1} />
                </Field>
              )}
              {estimate && (
                <StatusNote
                  icon={ReceiptText}
                  className="bg-brand-50 font-medium text-brand-900 ring-brand-200 sm:col-span-2"
                >
                  {estimate}
                  {!isAdmin && <FirstServiceNote />}
                </StatusNote>
              )}
              <Field className="sm:col-span-2" {...fieldOf('location')} label="Location">
                <input
                  {...control('location')}
                  autoComplete="street-address"
                  placeholder="House number, street, area, city"
                  required
                />
              </Field>
              <Field {...fieldOf('date')} label="Date">
                <input
                  {...control('date')}
                  type="date"
                  min={today}
                  max={addDays(today, BOOKING_HORIZON_DAYS)}
                  required
                />
              </Field>
              <Field {...fieldOf('time')} label="Time">
                <input {...control('time')} type="time" required />
              </Field>
              <Field className="sm:col-span-2" {...fieldOf('info')} label="Details (optional)">
                <textarea
                  {...control('info')}
                  rows={4}
                  placeholder="What pests or what needs cleaning, size of the space, anything we should know"
                  className="field resize-y"
                />
              </Field>
            </div>
            {emergency && (
              <StatusNote icon={Siren} className="mt-5 bg-amber-50 text-amber-900 ring-amber-200">
                <strong>Emergency call-out.</strong> {emergency}
              </StatusNote>
            )}
            <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
              <button type="submit" className="btn-primary px-6 py-3 sm:min-w-48" disabled={busy}>
                {busy ? 'Booking...' : emergency ? 'Book Emergency Call-out' : 'Book Appointment'}
              </button>
              <ResultLine result={result} className="text-sm font-medium" />
            </div>
          </form>
          {role === 'user' && <MyBookings settings={settings} />}
        </div>
      </div>
    </div>
  )
}

/** A line the form announces as it changes (the price estimate, an emergency call-out), in its colours. */
function StatusNote({
  icon: Icon,
  className,
  children,
}: {
  icon: LucideIcon
  className: string
  children: ReactNode
}) {
  return (
    <p role="status" className={`flex gap-2 rounded-xl p-3 text-sm ring-1 ${className}`}>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </p>
  )
}

function Assurance({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-center gap-3">
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-white/10 text-brand-200">
        {icon}
      </span>
      <span className="min-w-0 font-medium">{children}</span>
    </li>
  )
}
