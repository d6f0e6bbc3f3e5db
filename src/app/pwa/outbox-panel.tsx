import { useState } from 'react'
import { Link } from 'react-router'
import { formatDateTime } from '../../../contract/dates.js'
import type { OutboxEntry } from '../../offline/db'
import { discardOutboxEntry, resendOutboxEntry, retryOutboxEntry } from '../../offline/outbox'
import { describeEntry, InvalidOutboxBody } from '../../offline/kinds'
import { OutboxEntryEditor } from '../../components/outbox-entry-editor'
import { DiscardConfirm } from '../../components/discard-confirm'
import { isStale } from '../../offline/replay'
import { replayOutboxNow } from '../../offline/sync'
import { Modal } from '../../components/ui/modal'
// Lists any entry, whichever feature queued it.
import './outbox-kinds'
import { pages } from '../../../contract/pages.js'

const kindLabel = (entry: OutboxEntry) => describeEntry(entry).label
const summary = (entry: OutboxEntry) => describeEntry(entry).summary

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
        <Link to={pages.login} className="underline">
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
      aria-label={`${kindLabel(entry)}: ${summary(entry)}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">{kindLabel(entry)}</span>
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
        <OutboxEntryEditor
          entry={entry}
          onCancel={() => setMode('view')}
          save={async (body) => {
            await resendOutboxEntry(entry, body)
            await replayOutboxNow({ force: true })
          }}
        />
      )}

      {mode === 'discard' && (
        <DiscardConfirm
          look="dialog"
          question={`Discard this ${kindLabel(entry).toLowerCase()}? It will not be sent.`}
          cancelLabel="Cancel"
          onCancel={() => setMode('view')}
          onDiscard={() => run(() => discardOutboxEntry(entry.id))}
          busy={busy}
        />
      )}

      {mode === 'view' && (
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-primary"
            disabled={busy}
            onClick={() =>
              run(() =>
                retryOutboxEntry(entry.id).catch((err: unknown) => {
                  // Sent again as it is, the server would refuse it again: open it to correct it.
                  if (err instanceof InvalidOutboxBody) setMode('edit')
                  else throw err
                }),
              )
            }
          >
            {busy ? 'Sending...' : 'Retry now'}
          </button>
          {entry.status === 'failed' && (
            <button type="button" className="btn-secondary" onClick={() => setMode('edit')}>
              Correct and send again
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
