import { queryOptions } from '@tanstack/react-query'
import { fetchProfile, profileKey } from './api'

/**
 * GET admins/settings/{id}/ for both settings pages; always fresh, since the form edits it. Tried even
 * offline (networkMode 'always'), so the page shows its load error instead of waiting, paused, with nothing.
 */
export const profileQuery = (userId: number) =>
  queryOptions({
    queryKey: profileKey(userId),
    queryFn: () => fetchProfile(userId),
    staleTime: 0,
    networkMode: 'always',
  })
