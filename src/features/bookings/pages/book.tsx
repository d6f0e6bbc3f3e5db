import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { CalendarCheck, Clock3, MessageCircle, Phone, Siren } from 'lucide-react'
import { BUSINESS_TIME_ZONE, formatDate, todayIso } from '../../../../contract/dates.js'
import { appointmentBody, type AppointmentRequest } from '../../../../contract/bookings.js'
import { localPhone } from '../../../../contract/phone.js'
import { JOB_STATUS_LABEL } from '../../../../contract/staff.js'
import { ApiError, apiUrl } from '../../../lib/api-client'
import { useBookAppointment, useBookings } from '../api'
import { StatusBadge } from '../../../components/ui/status-badge'
import { COMPANY } from '../../../lib/company'
import { useSession } from '../../../lib/session'

type Field = keyof AppointmentRequest
type FieldErrors = Partial<Record<Field, string>>

const EMPTY: Required<AppointmentRequest> = {
  phone_number: '',
  location: '',
  service: '' as AppointmentRequest['service'],
  date: '',
  time: '',
  info: '',
}
export const QUEUED_BOOKING = "Saved — will be sent when you're back online"

/** Runs the server's own schema (contract/bookings.ts) so the client shows the same messages, field by field. */
export function validateAppointment(form: AppointmentRequest, today?: () => string) {
  const parsed = appointmentBody(today).safeParse(form)
  if (parsed.success) return { data: parsed.data, errors: {} as FieldErrors }
  const errors: FieldErrors = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field
    errors[field] ??= issue.message
  }
  return { data: null, errors }
}

/** /book: the appointment form, the same page for customers and admins. */
export default function Book() {
  const { id: userId, role } = useSession()
  const book = useBookAppointment()
  const [form, setForm] = useState(EMPTY)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null)
  const id = useId()
  const today = todayIso(new Date(), BUSINESS_TIME_ZONE)

  const set =
    (key: Field) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      setForm({ ...form, [key]: e.target.value })
      if (errors[key]) setErrors({ ...errors, [key]: undefined })
    }

  async function submit(e: FormEvent) {
    e.preventDefault()
    setResult(null)
    const { data, errors: found } = validateAppointment(form)
    setErrors(found)
    if (!data) return
    setBusy(true)
    try {
      const sent = await book.mutateAsync({ body: data, userId })
      setResult({ ok: true, text: sent.state === 'sent' ? sent.data.message : QUEUED_BOOKING })
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

  const describedBy = (field: Field) => (errors[field] ? `${id}-${field}-error` : undefined)

  return (
    <div className="bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 sm:py-14 lg:grid-cols-5">
        <aside className="relative isolate overflow-hidden rounded-3xl bg-linear-to-br from-brand-700 to-brand-950 p-6 text-white shadow-lg sm:p-8 lg:col-span-2 lg:self-start">
          <div
            aria-hidden
            className="absolute -top-20 -right-20 -z-10 size-56 rounded-full bg-brand-500/30 blur-2xl"
          />
          <CalendarCheck className="size-10 text-brand-300" aria-hidden />
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight">Book an Appointment</h1>
          <p className="mt-3 leading-relaxed text-brand-100/90">
            Tell us where and when. We will confirm on WhatsApp and agree the price before we come.
          </p>
          <ul className="mt-6 space-y-4">
            <Assurance icon={<Clock3 className="size-5" aria-hidden />}>
              Bookings are confirmed within 24 hours
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
              <FormField id={`${id}-phone_number`} label="WhatsApp number" error={errors.phone_number}>
                <input
                  id={`${id}-phone_number`}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  placeholder="0803 123 4567"
                  required
                  className="field"
                  value={form.phone_number}
                  onChange={set('phone_number')}
                  aria-invalid={!!errors.phone_number}
                  aria-describedby={describedBy('phone_number')}
                />
              </FormField>
              <FormField id={`${id}-service`} label="Service" error={errors.service}>
                <select
                  id={`${id}-service`}
                  required
                  className="field"
                  value={form.service}
                  onChange={set('service')}
                  aria-invalid={!!errors.service}
                  aria-describedby={describedBy('service')}
                >
                  <option value="">Choose a service</option>
                  <option value="fumigation">Fumigation / pest control</option>
                  <option value="cleaning">Cleaning</option>
                </select>
              </FormField>
              <div className="sm:col-span-2">
                <FormField id={`${id}-location`} label="Location" error={errors.location}>
                  <input
                    id={`${id}-location`}
                    autoComplete="street-address"
                    placeholder="House number, street, area, city"
                    required
                    className="field"
                    value={form.location}
                    onChange={set('location')}
                    aria-invalid={!!errors.location}
                    aria-describedby={describedBy('location')}
                  />
                </FormField>
              </div>
              <FormField id={`${id}-date`} label="Date" error={errors.date}>
                <input
                  id={`${id}-date`}
                  type="date"
                  min={today}
                  required
                  className="field"
                  value={form.date}
                  onChange={set('date')}
                  aria-invalid={!!errors.date}
                  aria-describedby={describedBy('date')}
                />
              </FormField>
              <FormField id={`${id}-time`} label="Time" error={errors.time}>
                <input
                  id={`${id}-time`}
                  type="time"
                  required
                  className="field"
                  value={form.time}
                  onChange={set('time')}
                  aria-invalid={!!errors.time}
                  aria-describedby={describedBy('time')}
                />
              </FormField>
              <div className="sm:col-span-2">
                <FormField id={`${id}-info`} label="Details (optional)" error={errors.info}>
                  <textarea
                    id={`${id}-info`}
                    rows={4}
                    placeholder="What pests or what needs cleaning, size of the space, anything we should know"
                    className="field resize-y"
                    value={form.info}
                    onChange={set('info')}
                    aria-invalid={!!errors.info}
                    aria-describedby={describedBy('info')}
                  />
                </FormField>
              </div>
            </div>
            <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
              <button type="submit" className="btn-primary px-6 py-3 sm:min-w-48" disabled={busy}>
                {busy ? 'Booking...' : 'Book Appointment'}
              </button>
              <p
                role={result && !result.ok ? 'alert' : 'status'}
                className={`text-sm font-medium ${result?.ok ? 'text-brand-700' : 'text-red-600'}`}
              >
                {result?.text}
              </p>
            </div>
          </form>
          {role === 'user' && <MyBookings />}
        </div>
      </div>
    </div>
  )
}

function Assurance({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-center gap-3">
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-white/10 text-brand-200">
        {icon}
      </span>
      <span className="font-medium">{children}</span>
    </li>
  )
}

function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string
  label: string
  error?: string
  children: ReactNode
}) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  )
}

/** The customer's own bookings (GET appointment/), so they can see what they have asked for. */
function MyBookings() {
  const { data, isLoading } = useBookings()
  if (isLoading || !data || data.length === 0) return null
  const upcomingFirst = [...data].sort((a, b) => (b.date + b.time).localeCompare(a.date + a.time))
  return (
    <section className="mt-8" aria-labelledby="my-bookings">
      <h2 id="my-bookings" className="text-lg font-bold text-slate-900">
        Your appointments
      </h2>
      <ul className="mt-4 space-y-3">
        {upcomingFirst.map((b) => (
          <li
            key={b.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
          >
            <div className="min-w-0">
              <p className="font-semibold text-slate-900 capitalize">{b.service}</p>
              <p className="text-sm text-slate-600">
                {formatDate(`${b.date}T12:00:00`)} at {b.time} · {b.location}
              </p>
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
            <div className="flex flex-col items-end gap-1">
              <StatusBadge status={b.status} />
              {b.report_url && (
                <a
                  href={apiUrl(b.report_url)}
                  target="_blank"
                  rel="noreferrer"
                  className="text-xs font-semibold text-brand-700 underline"
                >
                  Service report
                </a>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
