import { queryOptions } from '@tanstack/react-query'
import { fetchProfile, profileKey } from '../../api/settings'

/** GET admins/settings/{id}/ for both settings pages; always fresh, since the form edits it. */
export const profileQuery = (userId: number) =>
  queryOptions({ queryKey: profileKey(userId), queryFn: () => fetchProfile(userId), staleTime: 0 })
