import { useState } from 'react'
import { Check, ShieldCheck, X } from 'lucide-react'
import { askPersistentStorage, useStaffSync, useStorageStatus } from '../api'

const when = (ms?: number) =>
  ms
    ? new Date(ms).toLocaleString('en-NG', { weekday: 'short', hour: 'numeric', minute: '2-digit' })
    : 'not yet'

function Line({ ok, children }: { ok: boolean; children: React.ReactNode }) {
  return (
    <li className="flex items-start gap-2">
      {ok ? (
        <Check className="mt-0.5 size-4 shrink-0 text-brand-700" aria-label="Yes" />
      ) : (
        <X className="mt-0.5 size-4 shrink-0 text-amber-700" aria-label="No" />
      )}
      <span>{children}</span>
    </li>
  )
}

/** "Ready for offline": what the phone has saved, and whether the browser promised to keep it. */
export function ReadyCard({ jobs, products }: { jobs: number; products: number }) {
  const sync = useStaffSync()
  const storage = useStorageStatus()
  const [asked, setAsked] = useState(false)
  const persisted = storage.data?.persisted ?? false
  return (
    <section
      aria-labelledby="ready-heading"
      className="rounded-2xl bg-brand-50 p-4 text-sm text-slate-800 ring-1 ring-brand-200"
    >
      <h2 id="ready-heading" className="flex items-center gap-2 font-bold text-slate-900">
        <ShieldCheck className="size-5 text-brand-700" aria-hidden />
        Ready for offline
      </h2>
      <ul className="mt-2 space-y-1">
        <Line ok={!!sync?.jobsSavedAt}>
          {jobs} {jobs === 1 ? 'job' : 'jobs'} saved on this phone (updated {when(sync?.jobsSavedAt)})
        </Line>
        <Line ok={!!sync?.catalogueSavedAt && products > 0}>
          Catalogue saved: {products} products (updated {when(sync?.catalogueSavedAt)})
        </Line>
        <Line ok={persisted}>
          {persisted
            ? 'Persistent storage granted: the phone will not clear your work'
            : 'Storage not protected yet'}
        </Line>
      </ul>
      {!persisted && storage.data?.supported && (
        <button
          type="button"
          className="btn-secondary mt-3 px-3 py-1.5 text-xs"
          onClick={async () => {
            await askPersistentStorage()
            setAsked(true)
            void storage.refetch()
          }}
        >
          Keep my work on this phone
        </button>
      )}
      {asked && !persisted && (
        <p className="mt-1 text-xs text-slate-600">
          The browser decides; installing the app (Add to Home screen) usually gets it granted.
        </p>
      )}
    </section>
  )
}
