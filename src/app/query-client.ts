import { QueryClient } from '@tanstack/react-query'
import { USER_SCOPE } from '../lib/user-scope'
import { useSession } from '../lib/session'

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
  })

/**
 * When the person using the app changes (logout, another login, an expired session), every private
 * answer in the cache goes at once, before anything renders for the next user: their keys differ
 * anyway (they carry the user id), and this keeps nothing of the last user in memory.
 * Returns the unsubscribe function.
 */
export function dropPrivateDataOnUserChange(queryClient: QueryClient) {
  const userOf = (s: ReturnType<typeof useSession.getState>) => (s.status === 'authenticated' ? s.id : null)
  let current = userOf(useSession.getState())
  return useSession.subscribe((s) => {
    const next = userOf(s)
    // 'loading' is not a change of user: the auth check is running.
    if (s.status === 'loading' || next === current) return
    current = next
    queryClient.removeQueries({ queryKey: USER_SCOPE })
  })
}
