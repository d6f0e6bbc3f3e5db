import { useEffect, useState, type FormEvent } from 'react'
import { Eye, EyeOff, Pencil, Plus } from 'lucide-react'
import type { Service } from '../../../../contract/bookings.js'
import {
  PRICE_RULE_LABELS,
  PRICE_RULES,
  priceText,
  SERVICE_LABELS,
  serviceKindBody,
  type PriceRule,
  type ServiceKind,
} from '../../../../contract/services.js'
import { errorMessage } from '../../../lib/api-client'
import { fieldErrors } from '../../../lib/field-errors'
import { focusFirstInvalid } from '../../../lib/focus-first-invalid'
import { rememberServiceKinds } from '../../../lib/service-kinds'
import { Field } from '../../../components/ui/field'
import { Options } from '../../../components/ui/options'
import { Checkbox } from '../../../components/ui/checkbox'
import { TextField } from '../../../components/ui/text-field'
import { FormActions, ResultLine, type FormResult } from '../../../components/ui/form-actions'
import { Modal } from '../../../components/ui/modal'
import { Card, PageHeader } from '../../../components/ui/page-header'
import { RowAction } from '../../../components/ui/row-action'
import { serverRefusal } from '../../../components/ui/server-refusal'
import { StateTag } from '../../../components/ui/state-tag'
import { QueryGate } from '../../../components/ui/query-state'
import { useAdminServiceKinds, useSaveServiceKind } from '../api'

type AdminKind = ServiceKind & { bookings: number }

/** The form as typed: amounts and the order are the inputs' text until they are checked. */
interface KindFields {
  service: Service | ''
  name: string
  description: string
  price_rule: PriceRule
  price: string
  unit: string
  position: string
  active: boolean
}
type FieldErrors = Partial<Record<keyof KindFields | 'form', string>>

const blank = (service: Service | ''): KindFields => ({
  service,
  name: '',
  description: '',
  price_rule: 'fixed',
  price: '',
  unit: '',
  position: '0',
  active: true,
})
const fieldsOf = (k: ServiceKind): KindFields => ({
  service: k.service,
  name: k.name,
  description: k.description,
  price_rule: k.price_rule,
  price: String(k.price),
  unit: k.unit,
  position: String(k.position),
  active: k.active,
})
/** The body the contract checks: the order as a number when it is one, else as typed for its message. */
const bodyOf = (f: KindFields) => ({
  ...f,
  position: /^\d+$/.test(f.position.trim()) ? Number(f.position.trim()) : (f.position as unknown as number),
})

/** /admin/services: the kinds of work under each service, their prices, their order, shown or hidden. */
export default function ServicesScreen() {
  const kinds = useAdminServiceKinds()
  const [editing, setEditing] = useState<{ kind: AdminKind | null; service: Service | '' } | null>(null)
  const [result, setResult] = useState<FormResult>(null)
  const save = useSaveServiceKind()

  // What customers see on this device (/services, /book) follows the admin's saves at once.
  useEffect(() => {
    if (kinds.data) rememberServiceKinds(kinds.data)
  }, [kinds.data])

  const toggle = async (k: AdminKind) => {
    setResult(null)
    try {
      const answer = await save.mutateAsync({
        id: k.id,
        body: {
          service: k.service,
          name: k.name,
          description: k.description,
          price_rule: k.price_rule,
          price: k.price,
          unit: k.unit,
          position: k.position,
          active: !k.active,
        },
      })
      setResult({
        ok: true,
        text: answer.kind.active ? `${answer.kind.name} is shown again` : answer.message,
      })
    } catch (err) {
      setResult({ ok: false, text: errorMessage(err, 'Could not save. Please try again.') })
    }
  }

  return (
    <>
      <PageHeader
        title="Services"
        add={{ icon: Plus, label: 'Add a kind', onClick: () => setEditing({ kind: null, service: '' }) }}
      />
      <p className="mb-4 max-w-3xl text-sm text-slate-600">
        The kinds of work customers choose on the booking form, with the prices shown on /services and /book.
        A booking keeps the estimate it was made with; a kind bookings chose is hidden rather than deleted.
      </p>
      <ResultLine result={result} className="mb-3 text-sm font-medium" />
      <QueryGate query={kinds} what="the services">
        {kinds.data && (
          <div className="space-y-6">
            {(['fumigation', 'cleaning'] as const).map((service) => (
              <ServiceSection
                key={service}
                service={service}
                kinds={kinds.data.filter((k) => k.service === service)}
                busy={save.isPending}
                onEdit={(kind) => setEditing({ kind, service })}
                onAdd={() => setEditing({ kind: null, service })}
                onToggle={toggle}
              />
            ))}
          </div>
        )}
      </QueryGate>
      <Modal
        open={editing !== null}
        title={editing?.kind ? `Edit ${editing.kind.name}` : 'Add a kind of service'}
        onClose={() => setEditing(null)}
      >
        {editing && (
          <KindForm
            key={editing.kind?.id ?? 'new'}
            editing={editing.kind}
            service={editing.service}
            onDone={(text) => {
              setEditing(null)
              setResult({ ok: true, text })
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
    </>
  )
}

function ServiceSection({
  service,
  kinds,
  busy,
  onEdit,
  onAdd,
  onToggle,
}: {
  service: Service
  kinds: AdminKind[]
  busy: boolean
  onEdit: (k: AdminKind) => void
  onAdd: () => void
  onToggle: (k: AdminKind) => void
}) {
  const headingId = `services-${service}`
  return (
    <section aria-labelledby={headingId}>
      <div className="mb-2 flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {SERVICE_LABELS[service]}
        </h2>
        <button type="button" className="btn-secondary px-3 py-1.5 text-sm" onClick={onAdd}>
          <Plus className="size-4" aria-hidden /> Add to {service}
        </button>
      </div>
      <Card>
        {kinds.length === 0 ? (
          <p className="p-4 text-sm text-slate-600">No kinds yet: customers book {service} as "not sure".</p>
        ) : (
          <ul aria-labelledby={headingId} className="divide-y divide-slate-100">
            {kinds.map((k) => (
              <li
                key={k.id}
                aria-label={k.name}
                className={`flex flex-wrap items-center gap-x-4 gap-y-2 p-4 ${k.active ? '' : 'bg-slate-50'}`}
              >
                <div className="min-w-0 flex-1 basis-56">
                  <p className="font-semibold text-slate-900">
                    {k.name}
                    {!k.active && <StateTag tone="muted">Hidden</StateTag>}
                  </p>
                  {k.description && <p className="text-sm text-slate-600">{k.description}</p>}
                  <p className="text-xs text-slate-500">
                    Order {k.position} · {k.bookings === 1 ? '1 booking' : `${k.bookings} bookings`}
                  </p>
                </div>
                <p className="w-full font-bold text-brand-800 sm:w-auto">{priceText(k)}</p>
                <div className="flex gap-1">
                  <RowAction
                    icon={Pencil}
                    verb="Edit"
                    name={k.name}
                    className="btn-secondary px-3 py-1.5 text-sm"
                    onClick={() => onEdit(k)}
                  />
                  <button
                    type="button"
                    className="btn-secondary px-3 py-1.5 text-sm"
                    onClick={() => onToggle(k)}
                    disabled={busy}
                    aria-label={`${k.active ? 'Hide' : 'Show'} ${k.name}`}
                  >
                    {k.active ? (
                      <EyeOff className="size-4" aria-hidden />
                    ) : (
                      <Eye className="size-4" aria-hidden />
                    )}
                    {k.active ? 'Hide' : 'Show'}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  )
}

function KindForm({
  editing,
  service,
  onDone,
  onCancel,
}: {
  editing: AdminKind | null
  service: Service | ''
  onDone: (message: string) => void
  onCancel: () => void
}) {
  const save = useSaveServiceKind()
  const [fields, setFields] = useState<KindFields>(editing ? fieldsOf(editing) : blank(service))
  const [errors, setErrors] = useState<FieldErrors>({})
  const set =
    <K extends keyof KindFields>(key: K) =>
    (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      const value = (
        e.target.type === 'checkbox' ? (e.target as HTMLInputElement).checked : e.target.value
      ) as KindFields[K]
      setFields((f) => ({ ...f, [key]: value }))
      setErrors(({ [key]: _gone, form: _form, ...rest }) => rest)
    }

  async function submit(e: FormEvent) {
    e.preventDefault()
    const form = e.currentTarget as HTMLFormElement
    // The server's own rules first, so mistakes show under their fields without a round trip.
    const checked = serviceKindBody.safeParse(bodyOf(fields))
    if (!checked.success) {
      setErrors(fieldErrors(checked.error) as FieldErrors)
      focusFirstInvalid(form)
      return
    }
    try {
      const answer = await save.mutateAsync({ id: editing?.id ?? null, body: checked.data })
      onDone(answer.message)
    } catch (err) {
      // The server's words, under the field it names; the form stays as typed.
      const { field, message } = serverRefusal(err, fields, 'Could not save. Please try again.')
      setErrors({ [field ?? 'form']: message })
      focusFirstInvalid(form)
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Service kind" className="space-y-4">
      <Field id="kind-service" label="Service" error={errors.service}>
        <select className="field" value={fields.service} onChange={set('service')}>
          <option value="">Choose a service</option>
          <option value="fumigation">{SERVICE_LABELS.fumigation}</option>
          <option value="cleaning">{SERVICE_LABELS.cleaning}</option>
        </select>
      </Field>
      <TextField id="kind-name" label="Name" value={fields.name} onChange={set('name')} error={errors.name} />
      <Field id="kind-description" label="Short description (optional)" error={errors.description}>
        <textarea className="field" rows={2} value={fields.description} onChange={set('description')} />
      </Field>
      <Field id="kind-price_rule" label="How it is priced" error={errors.price_rule}>
        <select className="field" value={fields.price_rule} onChange={set('price_rule')}>
          <Options values={PRICE_RULES} labels={PRICE_RULE_LABELS} />
        </select>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="kind-price"
          label={
            fields.price_rule === 'per_unit'
              ? 'Price of one unit (₦)'
              : fields.price_rule === 'from'
                ? 'Lowest price (₦)'
                : 'Price (₦)'
          }
          inputMode="decimal"
          value={fields.price}
          onChange={set('price')}
          error={errors.price}
        />
        {fields.price_rule === 'per_unit' && (
          <TextField
            id="kind-unit"
            label="Unit"
            placeholder="room, m², seat"
            value={fields.unit}
            onChange={set('unit')}
            error={errors.unit}
          />
        )}
        <TextField
          id="kind-position"
          label="Order"
          hint="Lower first on /services and /book."
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          value={fields.position}
          onChange={set('position')}
          error={errors.position}
        />
      </div>
      <Checkbox
        label="Shown to customers"
        className="flex items-center gap-2 text-sm font-medium text-slate-800"
        checked={fields.active}
        onChange={set('active')}
      />
      <FormActions
        error={errors.form}
        errorClassName="text-sm font-medium text-red-600"
        className="flex justify-end gap-3 pt-2"
        onCancel={onCancel}
        pending={save.isPending}
        submitLabel="Save kind"
        pendingLabel="Saving..."
      />
    </form>
  )
}
