/** Service kinds and their prices: the back office's list and its saves (admins/services/). */
import { useQuery } from '@tanstack/react-query'
import type { ServiceKindRequest } from '../../../contract/services.js'
import { callApi } from '../../lib/api-client'
import { CALL_EVEN_OFFLINE, onlineOnlyQuery, useUserMutation } from '../../lib/query'
import { userScope } from '../../lib/user-scope'
import { useUserId } from '../../lib/session'

export const serviceKeys = {
  admin: (userId: number | null) => [...userScope(userId), 'service-kinds'] as const,
}

/** Every kind, hidden ones too, with how many bookings chose each. */
export const adminServiceKindsQuery = (userId: number | null) =>
  onlineOnlyQuery(userId, serviceKeys.admin(userId), () => callApi('GET admins/services/'))
export const useAdminServiceKinds = () => useQuery(adminServiceKindsQuery(useUserId()))

/** Adds a kind (id null) or saves an edit; hiding is an edit with active false. */
export const useSaveServiceKind = () =>
  useUserMutation(
    ({ id, body }: { id: number | null; body: ServiceKindRequest }) =>
      id === null
        ? callApi('POST admins/services/', { body })
        : callApi('POST admins/services/{id}/', { params: { id }, body }),
    CALL_EVEN_OFFLINE,
  )
