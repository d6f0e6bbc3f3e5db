import { lazy, Suspense, useEffect, useState } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import { CloudUpload } from 'lucide-react'
import { db } from '../../offline/db'
import { requestPersistentStorage } from '../../offline/background'
import { useSession } from '../../lib/session'

// The panel describes entries of every kind, so it brings every feature's offline module (and zod with
// their schemas): loaded only when there is an entry to show.
const OutboxPanel = lazy(() => import('./outbox-panel').then((m) => ({ default: m.OutboxPanel })))

/**
 * The offline furniture that reads the device's database (Dexie): loaded by pwa-shell.tsx and the top
 * bar only once the device has saved data, so a first visit does without it.
 */

/** Something worth keeping is on the device: asks the browser not to evict it under storage pressure. */
export function KeepSavedWork() {
  const hasUnsentWork = useLiveQuery(async () => (await db.cart.count()) + (await db.outbox.count()) > 0, [])
  useEffect(() => {
    if (hasUnsentWork) void requestPersistentStorage()
  }, [hasUnsentWork])
  return null
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
      <Suspense fallback={null}>
        <OutboxPanel open={open} onClose={() => setOpen(false)} entries={entries ?? []} />
      </Suspense>
    </>
  )
}
