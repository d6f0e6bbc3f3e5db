import { queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useUserId } from './session'
import { userScope } from './user-scope'

/**
 * For online-only screens (the back office): a call made offline goes out anyway and fails at once with
 * its message (or the service worker answers a read), instead of waiting paused behind busy text.
 */
export const CALL_EVEN_OFFLINE = { networkMode: 'always' } as const

/** A read of the logged-in user's data: asked once someone is logged in (paused offline, as queries are). */
export const signedInQuery = <TKey extends QueryKey, TData>(
  userId: number | null,
  queryKey: TKey,
  queryFn: () => Promise<TData>,
) => queryOptions({ queryKey, queryFn, enabled: userId !== null })

/** An online-only read of the logged-in user's data: asked once someone is logged in, tried even offline. */
export const onlineOnlyQuery = <TKey extends QueryKey, TData>(
  userId: number | null,
  queryKey: TKey,
  queryFn: () => Promise<TData>,
) => queryOptions({ ...CALL_EVEN_OFFLINE, ...signedInQuery(userId, queryKey, queryFn) })

/**
 * An online-only read that a form edits (settings, a product): always fetched afresh when the form opens,
 * so it never starts from an old copy; tried even offline, so a failure shows at once.
 */
export const editedOnlineQuery = <TKey extends QueryKey, TData>(
  queryKey: TKey,
  queryFn: () => Promise<TData>,
) => queryOptions({ ...CALL_EVEN_OFFLINE, queryKey, queryFn, staleTime: 0 })

type MutationOptions = { networkMode?: 'always' | 'online' | 'offlineFirst' }

/** A mutation that refreshes the given queries when it succeeds (and reports success only after). */
export function useInvalidatingMutation<TVars, TData>(
  mutationFn: (vars: TVars) => Promise<TData>,
  invalidates: readonly QueryKey[],
  options: MutationOptions = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn,
    onSuccess: () => Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  })
}

/**
 * A write on behalf of the logged-in user. The server's side effects cross features (a booking writes a
 * notification, deleting a user changes the dashboard's counts), so success marks the whole user's
 * scope stale: what is on screen refetches now, the rest when it is next shown.
 */
export function useUserMutation<TVars, TData>(
  mutationFn: (vars: TVars) => Promise<TData>,
  options: MutationOptions = {},
  alsoInvalidates: readonly QueryKey[] = [],
) {
  return useInvalidatingMutation(mutationFn, [userScope(useUserId()), ...alsoInvalidates], options)
}

/** An online-only write on behalf of the logged-in user (useUserMutation, tried even offline). */
export const useOnlineOnlyMutation = <TVars, TData>(
  mutationFn: (vars: TVars) => Promise<TData>,
  alsoInvalidates: readonly QueryKey[] = [],
) => useUserMutation(mutationFn, CALL_EVEN_OFFLINE, alsoInvalidates)

/**
 * The query keys of a kind of billing document (quotes, invoices): the back office's list by status and
 * search and one document, the customer's own list and one of theirs, all under the user's scope (so a
 * mutation's refresh of the scope reaches them), and the page of a signed link, outside any user's scope
 * because whoever holds the link opens it, logged in or not. The feature's api.ts names both.
 */
export function documentKeys<Name extends string, LinkName extends string>(name: Name, linkName: LinkName) {
  const all = (userId: number | null) => [...userScope(userId), name] as const
  return {
    all,
    admin: (userId: number | null, status: string, q: string) =>
      [...all(userId), 'admin', status, q] as const,
    adminDetail: (userId: number | null, id: number) => [...all(userId), 'admin-detail', id] as const,
    mine: (userId: number | null) => [...all(userId), 'mine'] as const,
    mineDetail: (userId: number | null, id: number) => [...all(userId), 'mine', id] as const,
    link: (token: string) => [linkName, token] as const,
  }
}
