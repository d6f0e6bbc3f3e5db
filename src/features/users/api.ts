/** Users' data: the back office's User Management screen. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { RegisterAdminRequest } from '../../../contract/auth.js'
import type { AdminUserUpdateRequest } from '../../../contract/users.js'
import { callApi } from '../../lib/api-client'
import { CALL_EVEN_OFFLINE, userScope, useUserMutation } from '../../lib/query'
import { useUserId } from '../../lib/session'

export const userKeys = {
  list: (userId: number | null) => [...userScope(userId), 'users'] as const,
}

export const usersQuery = (userId: number | null) =>
  queryOptions({
    ...CALL_EVEN_OFFLINE,
    queryKey: userKeys.list(userId),
    queryFn: () => callApi('GET get/users/'),
    enabled: userId !== null,
  })
export const useUsers = () => useQuery(usersQuery(useUserId()))

export const useAddAdmin = () =>
  useUserMutation(
    (body: RegisterAdminRequest) => callApi('POST register/admin/', { body }),
    CALL_EVEN_OFFLINE,
  )

export const useUpdateUser = () =>
  useUserMutation(
    ({ id, ...body }: AdminUserUpdateRequest & { id: number }) =>
      callApi('POST admins/users/{id}/', { params: { id }, body }),
    CALL_EVEN_OFFLINE,
  )

/** DELETE admins/delete/{id}/user/: 204 is success; any other answer's message stays in the dialog. */
export const useDeleteUser = () =>
  useUserMutation(
    (id: number) => callApi('DELETE admins/delete/{id}/user/', { params: { id } }),
    CALL_EVEN_OFFLINE,
  )

/** POST admins/users/{id}/password-reset/: the user gets a reset link by email (or a code by SMS). */
export const useSendPasswordReset = () =>
  useUserMutation(
    ({ id, channel }: { id: number; channel: 'email' | 'sms' }) =>
      callApi('POST admins/users/{id}/password-reset/', { params: { id }, body: { channel } }),
    CALL_EVEN_OFFLINE,
  )
