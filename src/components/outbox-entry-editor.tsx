import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import type { OutboxEntry } from '../offline/db'
import { Field } from './ui/field'
import { FormActions } from './ui/form-actions'
import {
  bodyErrors,
  editableFields,
  findOutboxKind,
  InvalidOutboxBody,
  readPath,
  writePath,
  type BodyDescription,
  type FieldErrors,
} from '../offline/kinds'

const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value))

/**
 * The fields of a refused outbox entry, to correct and send again. Checked with the server's own schema
 * before anything is saved: the problems show under their fields and what was typed stays.
 * `save` gets the corrected body (it may throw InvalidOutboxBody too: shown the same way).
 * `describedAs`: the schema and fields to use instead of the entry's registered kind.
 */
export function OutboxEntryEditor({
  entry,
  save,
  onCancel,
  submitLabel = 'Save and send again',
  describedAs,
}: {
  entry: OutboxEntry
  describedAs?: BodyDescription
  save: (body: unknown) => Promise<unknown>
  onCancel: () => void
  submitLabel?: string
}) {
  const description = describedAs ?? findOutboxKind(entry.kind)
  const fields = editableFields(description?.fields ?? [], entry.body)
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.path, asText(readPath(entry.body, f.path))])),
  )
  const [errors, setErrors] = useState<FieldErrors>({})
  const [problem, setProblem] = useState('')
  const [busy, setBusy] = useState(false)
  const id = useId()
  const form = useRef<HTMLFormElement>(null)
  const fieldId = (path: string) => `${id}-${path.replace(/\W/g, '-')}`

  useEffect(() => {
    form.current?.querySelector<HTMLElement>('input, textarea, select')?.focus()
  }, [])

  const body = () =>
    fields.reduce<unknown>((b, f) => {
      const raw = values[f.path] ?? ''
      const typed = f.type === 'number' && raw.trim() !== '' && !Number.isNaN(Number(raw)) ? Number(raw) : raw
      return writePath(b, f.path, typed)
    }, entry.body)

  const showErrors = (found: FieldErrors) => {
    setErrors(found)
    const first = fields.find((f) => found[f.path])
    // A problem with a field not offered here (the server's rule across fields): said above the buttons.
    const elsewhere = Object.entries(found).find(([path]) => !fields.some((f) => f.path === path))
    setProblem(elsewhere ? elsewhere[1] : '')
    if (first) document.getElementById(fieldId(first.path))?.focus()
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const corrected = body()
    const found = description ? bodyErrors(description, corrected) : {}
    if (Object.keys(found).length) return showErrors(found)
    setBusy(true)
    try {
      await save(corrected)
    } catch (err) {
      if (err instanceof InvalidOutboxBody) showErrors(err.fields)
      else setProblem('Could not save the correction on this device. Try again.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      className="mt-3 space-y-3"
      aria-label="Correct and send again"
    >
      {fields.length === 0 && (
        <p className="text-sm text-slate-700">
          Nothing in it can be changed: send it again as it is, or discard it.
        </p>
      )}
      {fields.map((f) => {
        const fid = fieldId(f.path)
        const error = errors[f.path]
        const common = {
          className: 'field',
          value: values[f.path] ?? '',
          onChange: (e: { target: { value: string } }) => {
            setValues((v) => ({ ...v, [f.path]: e.target.value }))
            if (error) setErrors(({ [f.path]: _gone, ...rest }) => rest)
          },
        }
        return (
          <Field key={f.path} id={fid} label={f.label} error={error}>
            {f.options ? (
              <select {...common}>
                {f.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : f.multiline ? (
              <textarea {...common} rows={3} />
            ) : (
              <input
                {...common}
                type={f.type === 'number' ? 'text' : (f.type ?? 'text')}
                inputMode={f.type === 'number' ? 'decimal' : undefined}
              />
            )}
          </Field>
        )
      })}
      <FormActions
        error={problem}
        className="flex flex-wrap gap-2"
        onCancel={onCancel}
        pending={busy}
        submitLabel={submitLabel}
        pendingLabel="Saving…"
      />
    </form>
  )
}
