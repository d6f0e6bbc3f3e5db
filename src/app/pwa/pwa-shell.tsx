import { lazy, Suspense, useState } from 'react'
import { Download, RefreshCw, WifiOff, X } from 'lucide-react'
import { useConnection } from '../../lib/connection'
import { useDatabaseInUse } from './database-in-use'
import { usePwa } from './pwa-store'

const KeepSavedWork = lazy(() => import('./saved-work').then((m) => ({ default: m.KeepSavedWork })))

/**
 * App-wide offline furniture, mounted once at the root: the offline indicator, the "new version"
 * prompt and the install button. The outbox replay triggers start in main.tsx (src/offline/sync.ts).
 */
export function PwaShell() {
  const connection = useConnection((c) => c.state)
  const { needRefresh, applyUpdate, installPrompt } = usePwa()
  const [installDismissed, setInstallDismissed] = useState(false)
  const databaseInUse = useDatabaseInUse()

  const install = async () => {
    if (!installPrompt) return
    await installPrompt.prompt()
    await installPrompt.userChoice.catch(() => undefined)
    usePwa.setState({ installPrompt: null })
  }

  return (
    <>
      {databaseInUse && (
        <Suspense fallback={null}>
          <KeepSavedWork />
        </Suspense>
      )}
      {connection !== 'online' && (
        <div
          role="status"
          className="fixed inset-x-0 top-0 z-50 flex items-center justify-center gap-2 bg-slate-900 px-4 py-1.5 text-center text-sm text-white"
        >
          <WifiOff className="size-4 shrink-0" aria-hidden />
          {connection === 'offline'
            ? "You're offline — showing saved content"
            : 'The network is not answering — showing saved content'}
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
