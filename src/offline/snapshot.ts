import { useEffect } from 'react'
import { useQuery, type QueryKey } from '@tanstack/react-query'
import type { Table } from 'dexie'
import type { AppDatabase, Owned } from './db'
import { loadDb, useLazyLiveQuery } from './db-lazy'
import { isDatabaseInUse } from './device'

interface SnapshotQuery<T> {
  queryKey: QueryKey
  /** Fetches the fresh answer from the API. */
  fetch: () => Promise<T>
  /** Reads the last saved answer from Dexie (undefined when none). */
  read: (db: AppDatabase) => Promise<T | undefined>
  /** Replaces the saved answer in Dexie. */
  write: (data: T, db: AppDatabase) => Promise<void>
  enabled?: boolean
  /**
   * Saves the fresh answer only on a device that already uses the database (device.ts), so a first
   * visit never loads Dexie. For public answers the service worker keeps for that visit instead
   * (the catalogue: sw/sw.ts caches it when it installs).
   */
  saveOnlyIfInUse?: boolean
}

/**
 * Offline-first read: shows the Dexie snapshot at once, refreshes it from the network and saves
 * the fresh answer back, so the screen works offline after one online visit.
 * The database is loaded lazily (db-lazy.ts): the snapshot is read only once the device has saved data
 * (a first visit has none to show), and the fresh answer shows without waiting for it to be saved
 * (nor is saved at all on a first visit, with `saveOnlyIfInUse`).
 */
export function useSnapshotQuery<T>({
  queryKey,
  fetch,
  read,
  write,
  enabled = true,
  saveOnlyIfInUse = false,
}: SnapshotQuery<T>) {
  const keyText = JSON.stringify(queryKey)
  const saved = useLazyLiveQuery(enabled ? keyText : null, read, { onlyIfSaved: true })
  const snapshot = enabled ? saved : undefined
  const query = useQuery({
    queryKey,
    enabled,
    queryFn: async () => {
      const data = await fetch()
      void (saveOnlyIfInUse ? isDatabaseInUse() : Promise.resolve(true))
        .then(async (save) => save && write(data, await loadDb()))
        .catch((err: unknown) => console.warn('Could not save the answer for offline use:', err))
      return data
    },
  })
  useEffect(() => {
    if (query.error) console.warn('Showing saved data; refresh failed:', query.error)
  }, [query.error])
  return {
    data: query.data ?? snapshot,
    /** True only while nothing at all is known yet. */
    isLoading: query.data === undefined && snapshot === undefined && query.isLoading,
    isFromSnapshot: query.data === undefined && snapshot !== undefined,
    error: query.data === undefined && snapshot === undefined ? query.error : null,
    refetch: query.refetch,
  }
}

interface OwnedSnapshotQuery<T, Key> {
  queryKey: QueryKey
  userId: number | null
  fetch: () => Promise<T[]>
  /** The Dexie table that keeps each user's rows, marked with their id. */
  table: (db: AppDatabase) => Table<Owned<T>, Key>
  /** Puts the saved rows in the order the screen shows them. */
  arrange?: (rows: T[]) => T[]
}

/**
 * A snapshot query of the logged-in user's own list (bookings, orders, notifications): saved as rows of
 * one table marked with the user's id, so one user's list is never read for another; nothing without a user.
 */
export function useOwnedSnapshotQuery<T, Key>({
  queryKey,
  userId,
  fetch,
  table,
  arrange,
}: OwnedSnapshotQuery<T, Key>) {
  return useSnapshotQuery<T[]>({
    queryKey,
    enabled: userId !== null,
    fetch,
    read: async (db) => {
      if (userId === null) return undefined
      const saved = await table(db).where('userId').equals(userId).toArray()
      if (!saved.length) return undefined
      const rows = saved.map(({ userId: _owner, ...row }) => row as T)
      return arrange ? arrange(rows) : rows
    },
    write: async (rows, db) => {
      if (userId === null) return
      await db.transaction('rw', table(db), async () => {
        await table(db).where('userId').equals(userId).delete()
        await table(db).bulkPut(rows.map((row) => ({ ...row, userId })))
      })
    },
  })
}
