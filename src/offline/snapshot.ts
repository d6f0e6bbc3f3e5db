import { useEffect } from 'react'
import { useQuery, type QueryKey } from '@tanstack/react-query'
import { useLiveQuery } from 'dexie-react-hooks'

interface SnapshotQuery<T> {
  queryKey: QueryKey
  /** Fetches the fresh answer from the API. */
  fetch: () => Promise<T>
  /** Reads the last saved answer from Dexie (undefined when none). */
  read: () => Promise<T | undefined>
  /** Replaces the saved answer in Dexie. */
  write: (data: T) => Promise<void>
  enabled?: boolean
}

/**
 * Offline-first read: shows the Dexie snapshot at once, refreshes it from the network and saves
 * the fresh answer back, so the screen works offline after one online visit.
 */
export function useSnapshotQuery<T>({ queryKey, fetch, read, write, enabled = true }: SnapshotQuery<T>) {
  const keyText = JSON.stringify(queryKey)
  // Each saved answer is tagged with the key it was read for: when the key changes (another user),
  // useLiveQuery keeps returning the previous answer until the new read lands, and that must not show.
  const saved = useLiveQuery(
    async () => ({ keyText, data: enabled ? await read() : undefined }),
    [enabled, keyText],
  )
  const snapshot = saved?.keyText === keyText ? saved.data : undefined
  const query = useQuery({
    queryKey,
    enabled,
    queryFn: async () => {
      const data = await fetch()
      await write(data)
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
