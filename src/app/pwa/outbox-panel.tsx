import { useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { formatDate, formatDateTime, formatTime } from '../../../contract/dates.js'
import type { OutboxEntry } from '../../offline/db'
import { discardOutboxEntry, requeueOutboxEntry, retryOutboxEntry } from '../../offline/outbox'
import { isStale } from '../../offline/replay'
import { replayOutboxNow } from '../../offline/sync'
import { Modal } from '../../components/ui/modal'

const KIND_LABELS: Record<OutboxEntry['kind'], string> = {
  appointment: 'Appointment',
  'quick-message': 'Message',
  'job-event': 'Job status',
  'job-treatment': 'Treatment',
  'job-photo': 'Photo',
  'job-complete': 'Job completion',
  cart: 'Cart change',
}

/** Labels and input types of the queued bodies' fields (appointment and quick message). */
const FIELDS: Record<string, { label: string; type?: string; multiline?: boolean; options?: string[] }> = {
  phone_number: { label: 'WhatsApp number', type: 'tel' },
  location: { label: 'Location' },
  service: { label: 'Service', options: ['fumigation', 'cleaning'] },
  date: { label: 'Date', type: 'date' },
  time: { label: 'Time', type: 'time' },
  info: { label: 'Details', multiline: true },
  name: { label: 'Name' },
  email: { label: 'Email', type: 'email' },
  message: { label: 'Message', multiline: true },
  quantity: { label: 'Quantity', type: 'number' },
}

type Body = Record<string, unknown>
const asBody = (body: unknown): Body => (body && typeof body === 'object' ? (body as Body) : {})
const text = (value: unknown) => (value === undefined || value === null ? '' : String(value))

function summary(entry: OutboxEntry): string {
  const b = asBody(entry.body)
  // A technician's job updates: the job sheet (/staff) shows them in full; here, which job.
  if (entry.group?.startsWith('job:')) return `Job #${entry.group.slice(4)} (see the job sheet)`
  if (entry.kind === 'appointment') {
    const service = text(b.service)
    const day = /^\d{4}-\d{2}-\d{2}$/.test(text(b.date))
      ? formatDate(`${text(b.date)}T00:00:00`)
      : text(b.date)
    return `${service.charAt(0).toUpperCase()}${service.slice(1)} on ${day} at ${formatTime(text(b.time))}, ${text(b.location)}`
  }
  if (entry.kind === 'cart') {
    const what = text(b.name) || `product ${text(b.id)}`
    return Number(b.quantity) === 0 ? `Remove ${what}` : `${text(b.quantity)} × ${what}`
  }
  const message = text(b.message)
  return `${text(b.name)} (${text(b.email)}): ${message.length > 80 ? `${message.slice(0, 80)}…` : message}`
}

function StatusLine({ entry }: { entry: OutboxEntry }) {
  if (entry.status === 'failed')
    return (
      <p className="text-sm font-medium text-red-700">
        Failed: {entry.lastError || 'The server refused it.'}
      </p>
    )
  if (entry.status === 'auth')
    return (
      <p className="text-sm font-medium text-amber-800">
        Needs login —{' '}
        <Link to="/login" className="underline">
          log in
        </Link>{' '}
        to send it.
      </p>
    )
  return <p className="text-sm font-medium text-amber-800">Waiting for connection</p>
}

/** The queued posts of this user: what is waiting, what failed and why, with Retry, Edit and Discard. */
export function OutboxPanel({
  open,
  onClose,
  entries,
}: {
  open: boolean
  onClose: () => void
  entries: OutboxEntry[]
}) {
  return (
    <Modal open={open} onClose={onClose} title="Waiting to be sent" size="lg">
      {entries.length === 0 ? (
        <p className="text-slate-600">Everything has been sent.</p>
      ) : (
        <ul className="space-y-4">
          {entries.map((entry) => (
            <OutboxItem key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
    </Modal>
  )
}

function OutboxItem({ entry }: { entry: OutboxEntry }) {
  const [mode, setMode] = useState<'view' | 'edit' | 'discard'>('view')
  const [busy, setBusy] = useState(false)
  const stale = isStale(entry)
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true)
    try {
      await action()
    } catch (err) {
      console.warn('Outbox action failed:', err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <li
      className="rounded-xl border border-slate-200 p-4"
      aria-label={`${KIND_LABELS[entry.kind]}: ${summary(entry)}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">{KIND_LABELS[entry.kind]}</span>
        <span className="text-xs text-slate-500">Saved {formatDateTime(new Date(entry.createdAt))}</span>
      </div>
      <p className="mt-1 text-sm text-slate-700">{summary(entry)}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <StatusLine entry={entry} />
        {stale && (
          <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">
            Stale: saved over 7 days ago
          </span>
        )}
      </div>

      {mode === 'edit' && (
        <EditForm
          entry={entry}
          onCancel={() => setMode('view')}
          onSave={(body) =>
            run(async () => {
              await requeueOutboxEntry(entry.id, body)
              await replayOutboxNow({ force: true })
            })
          }
        />
      )}

      {mode === 'discard' && (
        <div role="alert" className="mt-3 rounded-lg bg-red-50 p-3">
          <p className="text-sm text-red-800">
            Discard this {KIND_LABELS[entry.kind].toLowerCase()}? It will not be sent.
          </p>
          <div className="mt-2 flex gap-2">
            <button type="button" className="btn-secondary" onClick={() => setMode('view')}>
              Cancel
            </button>
            <button
              type="button"
              className="btn-danger"
              disabled={busy}
              onClick={() => run(() => discardOutboxEntry(entry.id))}
            >
              Discard
            </button>
          </div>
        </div>
      )}

      {mode === 'view' && (
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-primary"
            disabled={busy}
            onClick={() => run(() => retryOutboxEntry(entry.id))}
          >
            {busy ? 'Sending...' : 'Retry now'}
          </button>
          {entry.status === 'failed' && !entry.group && (
            <button type="button" className="btn-secondary" onClick={() => setMode('edit')}>
              Edit
            </button>
          )}
          <button type="button" className="btn-secondary" onClick={() => setMode('discard')}>
            Discard
          </button>
        </div>
      )}
    </li>
  )
}

function EditForm({
  entry,
  onSave,
  onCancel,
}: {
  entry: OutboxEntry
  onSave: (body: Body) => void
  onCancel: () => void
}) {
  const original = asBody(entry.body)
  const keys = Object.keys(original).filter((k) => ['string', 'number'].includes(typeof original[k]))
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(keys.map((k) => [k, text(original[k])])),
  )
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const body: Body = { ...original }
    for (const k of keys) body[k] = typeof original[k] === 'number' ? Number(values[k]) : values[k]
    onSave(body)
  }
  return (
    <form onSubmit={submit} className="mt-3 space-y-3">
      {keys.map((key) => {
        const field = FIELDS[key] ?? { label: key }
        const id = `outbox-${entry.id}-${key}`
        const common = {
          id,
          className: 'field',
          value: values[key],
          onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
        }
        return (
          <div key={key}>
            <label htmlFor={id} className="field-label">
              {field.label}
            </label>
            {field.options ? (
              <select {...common}>
                {field.options.map((o) => (
                  <option key={o} value={o}>
                    {o.charAt(0).toUpperCase() + o.slice(1)}
                  </option>
                ))}
              </select>
            ) : field.multiline ? (
              <textarea {...common} rows={3} />
            ) : (
              <input {...common} type={field.type ?? 'text'} />
            )}
          </div>
        )
      })}
      <div className="flex gap-2">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn-primary">
          Save and send
        </button>
      </div>
    </form>
  )
}
