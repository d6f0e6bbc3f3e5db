import { useRef, useState, type FormEvent } from 'react'
import { Plus } from 'lucide-react'
import { SERVICES } from '../../../../contract/bookings.js'
import {
  INTERVAL_UNITS,
  PLAN_STATUSES,
  WEEKDAY_NAMES,
  adminPlanBody,
  type AdminPlanRequest,
  type PlanAnswer,
  type PlanStatus,
} from '../../../../contract/plans.js'
import { errorMessage } from '../../../lib/api-client'
import { fieldErrors } from '../../../lib/field-errors'
import { focusFirstInvalid } from '../../../lib/focus-first-invalid'
import { Field } from '../../../components/ui/field'
import { CustomerSelect } from '../../../components/ui/customer-options'
import { Options } from '../../../components/ui/options'
import { FormActions, ResultLine, type FormResult } from '../../../components/ui/form-actions'
import { SelectFilter } from '../../../components/ui/list-filters'
import { Card, PageHeader } from '../../../components/ui/page-header'
import { EmptyState, QueryGate } from '../../../components/ui/query-state'
import { useFormFields } from '../../../components/ui/use-form-fields'
import { useAdminMovePlan, useAdminPlans, useCreatePlan, usePlanCustomers } from '../api'
import { PlanList } from '../components/plan-list'

const STATUS_OPTIONS = [['all', 'All plans'], ...PLAN_STATUSES.map((s) => [s, s] as const)] as const

/** Plans whose next visit comes first; those with none ahead after them, then the rest by id. */
const byNextVisit = (a: PlanAnswer, b: PlanAnswer) =>
  (a.nextVisit ? `${a.nextVisit.date} ${a.nextVisit.time}` : '~').localeCompare(
    b.nextVisit ? `${b.nextVisit.date} ${b.nextVisit.time}` : '~',
  ) || b.id - a.id

/** /admin/plans: every service plan, the visits coming up, and the plans left with no visit ahead. */
export default function PlansScreen() {
  const [status, setStatus] = useState<PlanStatus | 'all'>('Active')
  const [noNext, setNoNext] = useState(false)
  const [creating, setCreating] = useState(false)
  const [result, setResult] = useState<FormResult>(null)
  const plans = useAdminPlans(status, noNext)
  const move = useAdminMovePlan()

  return (
    <>
      <PageHeader
        title="Plans"
        add={{ icon: Plus, label: 'New plan', onClick: () => setCreating(true), disabled: creating }}
      />
      {creating && (
        <NewPlanForm
          onCancel={() => setCreating(false)}
          onDone={(text) => {
            setCreating(false)
            setResult({ ok: true, text })
          }}
        />
      )}
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <SelectFilter value={status} onChange={setStatus} label="Filter by status" options={STATUS_OPTIONS} />
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={noNext}
            onChange={(e) => setNoNext(e.target.checked)}
          />
          Only plans with no visit booked ahead
        </label>
      </div>
      <ResultLine result={result} className="mb-4 text-sm font-medium" />
      <QueryGate query={plans} what="the plans">
        {plans.data && plans.data.length === 0 ? (
          <EmptyState>No plans found</EmptyState>
        ) : (
          plans.data && (
            <PlanList
              plans={[...plans.data].sort(byNextVisit)}
              move={(plan, how) => move.mutateAsync({ id: plan.id, move: how })}
              busy={move.isPending}
              onDone={setResult}
              className="grid gap-3 lg:grid-cols-2"
              extra={(p) => (
                <>
                  <p className="w-full text-slate-700">
                    {p.customer.name} · <span className="break-all">{p.customer.email}</span>
                  </p>
                  {p.status === 'Active' && !p.nextVisit && (
                    <button
                      type="button"
                      className="btn-primary px-3 py-1.5 text-sm"
                      disabled={move.isPending}
                      onClick={() =>
                        move.mutateAsync({ id: p.id, move: 'book-next' }).then(
                          (answer) => setResult({ ok: true, text: answer.message }),
                          (err: unknown) =>
                            setResult({
                              ok: false,
                              text: errorMessage(err, 'Could not book the next visit.'),
                            }),
                        )
                      }
                    >
                      Book the next visit
                    </button>
                  )}
                </>
              )}
            />
          )
        )}
      </QueryGate>
    </>
  )
}

type Typed = {
  customerId: string
  service: string
  phoneNumber: string
  location: string
  intervalUnit: string
  intervalCount: string
  preferredWeekday: string
  preferredTime: string
  price: string
  firstVisit: string
}

const EMPTY: Typed = {
  customerId: '',
  service: 'fumigation',
  phoneNumber: '',
  location: '',
  intervalUnit: 'months',
  intervalCount: '3',
  preferredWeekday: '',
  preferredTime: '10:00',
  price: '',
  firstVisit: '',
}

/** A plan for a customer: the visit's what, where and when, how often, and its first visit. */
function NewPlanForm({ onCancel, onDone }: { onCancel: () => void; onDone: (message: string) => void }) {
  const customers = usePlanCustomers()
  const create = useCreatePlan()
  const [errors, setErrors] = useState<Partial<Record<keyof Typed, string>>>({})
  const { form, setForm, bind } = useFormFields<Typed>(EMPTY, (key) =>
    setErrors(({ [key]: _, ...rest }) => rest),
  )
  const [error, setError] = useState('')
  // One key per form: a double click or a retry after a lost answer writes one plan.
  const key = useRef(crypto.randomUUID())
  const formRef = useRef<HTMLFormElement>(null)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setError('')
    const typed: AdminPlanRequest = {
      customerId: form.customerId === '' ? 0 : Number(form.customerId),
      service: form.service as AdminPlanRequest['service'],
      phoneNumber: form.phoneNumber,
      location: form.location,
      intervalUnit: form.intervalUnit as AdminPlanRequest['intervalUnit'],
      intervalCount: form.intervalCount.trim() === '' ? Number.NaN : Number(form.intervalCount),
      preferredWeekday: form.preferredWeekday === '' ? null : Number(form.preferredWeekday),
      preferredTime: form.preferredTime,
      price: form.price,
      firstVisit: form.firstVisit,
    }
    const parsed = adminPlanBody().safeParse(typed)
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error) as Partial<Record<keyof Typed, string>>)
      focusFirstInvalid(formRef.current)
      return
    }
    setErrors({})
    try {
      const answer = await create.mutateAsync({ body: typed, key: key.current })
      onDone(answer.message)
    } catch (err) {
      key.current = crypto.randomUUID()
      setError(errorMessage(err, 'Could not write the plan. Please try again.'))
    }
  }

  return (
    <Card className="mb-6 max-w-2xl p-5">
      <form ref={formRef} onSubmit={submit} noValidate aria-label="New plan" className="space-y-4">
        <h2 className="text-lg font-semibold text-slate-900">New plan</h2>
        <CustomerSelect
          id="plan-customer"
          error={errors.customerId}
          value={form.customerId}
          onChange={(customerId) => {
            const chosen = customers.data?.find((u) => String(u.id) === customerId)
            setErrors(({ customerId: _, ...rest }) => rest)
            setForm((f) => ({ ...f, customerId, phoneNumber: f.phoneNumber || chosen?.phone_number || '' }))
          }}
          customers={customers}
          choose="Choose the customer"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="plan-service" label="Service" error={errors.service}>
            <select className="field capitalize" {...bind('service')}>
              <Options values={SERVICES} />
            </select>
          </Field>
          <Field id="plan-phone" label="WhatsApp number" error={errors.phoneNumber}>
            <input className="field" inputMode="tel" autoComplete="off" {...bind('phoneNumber')} />
          </Field>
        </div>
        <Field id="plan-location" label="Location" error={errors.location}>
          <input className="field" {...bind('location')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="plan-every" label="Every" error={errors.intervalCount} hint="1 to 52">
            <input className="field w-24" inputMode="numeric" {...bind('intervalCount')} />
          </Field>
          <Field id="plan-unit" label="Weeks or months" error={errors.intervalUnit}>
            <select className="field" {...bind('intervalUnit')}>
              <Options values={INTERVAL_UNITS} />
            </select>
          </Field>
          <Field id="plan-day" label="Preferred day" error={errors.preferredWeekday}>
            <select className="field" {...bind('preferredWeekday')}>
              <option value="">Any day</option>
              {WEEKDAY_NAMES.map((name, i) => (
                <option key={name} value={i}>
                  {name}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id="plan-time"
            label="Preferred time"
            error={errors.preferredTime}
            hint="Outside the working hours, visits are booked at opening time."
          >
            <input className="field w-36" type="time" {...bind('preferredTime')} />
          </Field>
          <Field id="plan-price" label="Price per visit (₦)" error={errors.price}>
            <input className="field w-40" inputMode="decimal" {...bind('price')} />
          </Field>
          <Field id="plan-first" label="First visit" error={errors.firstVisit}>
            <input className="field w-44" type="date" {...bind('firstVisit')} />
          </Field>
        </div>
        <FormActions
          error={error}
          onCancel={onCancel}
          pending={create.isPending}
          submitLabel="Write the plan"
          pendingLabel="Writing…"
        />
      </form>
    </Card>
  )
}
