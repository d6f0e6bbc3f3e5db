import { useEffect, useState, useSyncExternalStore } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import { CloudUpload, Download, RefreshCw, WifiOff, X } from 'lucide-react'
import { db } from '../../offline/db'
import { requestPersistentStorage } from '../../offline/background'
import { useSession } from '../../lib/session'
import { OutboxPanel } from './outbox-panel'
import { usePwa } from './pwa-store'

/**
 * App-wide offline furniture, mounted once at the root: the offline indicator, the "new version"
 * prompt and the install button. The outbox replay triggers start in main.tsx (src/offline/sync.ts).
 */
export function PwaShell() {
  const online = useOnline()
  const { needRefresh, applyUpdate, installPrompt } = usePwa()
  const [installDismissed, setInstallDismissed] = useState(false)

  // Something worth keeping is on the device: ask the browser not to evict it under storage pressure.
  const hasUnsentWork = useLiveQuery(async () => (await db.cart.count()) + (await db.outbox.count()) > 0, [])
  useEffect(() => {
    if (hasUnsentWork) void requestPersistentStorage()
  }, [hasUnsentWork])

  const install = async () => {
    if (!installPrompt) return
    await installPrompt.prompt()
    await installPrompt.userChoice.catch(() => undefined)
    usePwa.setState({ installPrompt: null })
  }

  return (
    <>
      {!online && (
        <div
          role="status"
          className="fixed inset-x-0 top-0 z-50 flex items-center justify-center gap-2 bg-slate-900 px-4 py-1.5 text-sm text-white"
        >
          <WifiOff className="size-4" aria-hidden />
          You're offline — showing saved content
        </div>
      )}
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end">
        {needRefresh && (
          <div
            role="alert"
            className="pointer-events-auto flex items-center gap-3 rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-xl"
          >
            <RefreshCw className="size-4 shrink-0" aria-hidden />
            <span>A new version is available —</span>
            <button
              type="button"
              className="rounded-md bg-brand-600 px-3 py-1.5 font-semibold hover:bg-brand-500"
              onClick={applyUpdate}
            >
              Reload
            </button>
          </div>
        )}
        {installPrompt && !installDismissed && (
          <div className="pointer-events-auto flex items-center gap-1 rounded-full border border-brand-200 bg-white py-1 pr-1 pl-1 shadow-lg">
            <button type="button" className="btn-primary rounded-full py-2" onClick={install}>
              <Download className="size-4" aria-hidden />
              Install app
            </button>
            <button
              type="button"
              className="rounded-full p-2 text-slate-500 hover:bg-slate-100"
              aria-label="Not now"
              onClick={() => setInstallDismissed(true)}
            >
              <X className="size-4" aria-hidden />
            </button>
          </div>
        )}
      </div>
    </>
  )
}

/**
 * Count of posts waiting in the outbox, shown in the navigation; opens the outbox panel. Only this
 * user's entries (and anonymous ones) are counted: another person's queued work stays private.
 */
export function OutboxBadge() {
  const userId = useSession((s) => s.id)
  const [open, setOpen] = useState(false)
  const entries = useLiveQuery(
    async () =>
      (await db.outbox.orderBy('createdAt').toArray()).filter(
        (e) => e.userId === null || e.userId === userId,
      ),
    [userId],
  )
  const count = entries?.length ?? 0
  if (!count && !open) return null
  const failed = entries?.some((e) => e.status === 'failed')
  return (
    <>
      <button
        type="button"
        className={`relative inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold ${
          failed ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-900'
        }`}
        aria-label={`${count} waiting to be sent`}
        title="Waiting to be sent"
        onClick={() => setOpen(true)}
      >
        <CloudUpload className="size-4" aria-hidden />
        <span data-testid="outbox-count">{count}</span>
      </button>
      <OutboxPanel open={open} onClose={() => setOpen(false)} entries={entries ?? []} />
    </>
  )
}

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

function useOnline() {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  )
}
