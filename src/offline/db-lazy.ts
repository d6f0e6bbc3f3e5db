/**
 * The one place that loads the offline database on demand. Dexie (~28 kB brotli) with the outbox and
 * its replay is not needed to show a public page: a first visit to /products (logged out, nothing
 * saved) shows the catalogue without it, and the code that does need it reaches it through here.
 */
import { useEffect, useRef, useState } from 'react'
import type { AppDatabase } from './db'
import { whenDatabaseInUse } from './device'

const loadDbModule = () => import('./db')

/** The database, loading its code the first time (later calls share the same module). */
export const loadDb = (): Promise<AppDatabase> => loadDbModule().then((m) => m.db)

/** The outbox (it stores its posts in the database, so it comes with it). */
export const loadOutbox = () => import('./outbox')

interface LazyLiveQueryOptions {
  /**
   * Only read once the device has saved data or this page loaded the database anyway (device.ts):
   * for what a first visit cannot have saved, such as a snapshot, so it does not load Dexie to find nothing.
   */
  onlyIfSaved?: boolean
}

/**
 * dexie-react-hooks' useLiveQuery over the lazily loaded database: undefined until the database is
 * there and the first read landed, then re-read whenever the tables it read change.
 * `key` names the question (null: nothing to read). An answer shows only for the key it was read for:
 * after a change of key (another user) the previous answer is never shown, not even for a frame.
 */
export function useLazyLiveQuery<T>(
  key: string | null,
  read: (db: AppDatabase) => Promise<T>,
  { onlyIfSaved = false }: LazyLiveQueryOptions = {},
): T | undefined {
  const [answer, setAnswer] = useState<{ key: string; value: T }>()
  // The latest `read` (a new function every render), so a re-read uses what the screen now holds.
  const latestRead = useRef(read)
  useEffect(() => {
    latestRead.current = read
  })
  useEffect(() => {
    if (key === null) return
    let stopped = false
    let subscription: { unsubscribe(): void } | undefined
    const failed = (err: unknown) => console.warn('Reading the device database failed:', err)
    const subscribe = () => {
      loadDbModule().then(({ db, liveQuery }) => {
        if (stopped) return
        subscription = liveQuery(() => latestRead.current(db)).subscribe({
          next: (value) => setAnswer({ key, value }),
          error: failed,
        })
      }, failed)
    }
    const stopWaiting = onlyIfSaved ? whenDatabaseInUse(subscribe) : (subscribe(), () => {})
    return () => {
      stopped = true
      stopWaiting()
      subscription?.unsubscribe()
    }
  }, [key, onlyIfSaved])
  return answer?.key === key ? answer.value : undefined
}
