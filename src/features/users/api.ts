/** Users' data: the back office's User Management screen. */
import { useQuery } from '@tanstack/react-query'
import type { RegisterAdminRequest } from '../../../contract/auth.js'
import type { AdminUserUpdateRequest } from '../../../contract/users.js'
import { callApi } from '../../lib/api-client'
import { onlineOnlyQuery, useOnlineOnlyMutation } from '../../lib/query'
import { userScope } from '../../lib/user-scope'
import { useUserId } from '../../lib/session'

export const userKeys = {
  list: (userId: number | null) => [...userScope(userId), 'users'] as const,
}

export const usersQuery = (userId: number | null) =>
  onlineOnlyQuery(userId, userKeys.list(userId), () => callApi('GET get/users/'))
export const useUsers = () => useQuery(usersQuery(useUserId()))

export const useAddAdmin = () =>
  useOnlineOnlyMutation((body: RegisterAdminRequest) => callApi('POST register/admin/', { body }))

export const useUpdateUser = () =>
  useOnlineOnlyMutation(({ id, ...body }: AdminUserUpdateRequest & { id: number }) =>
    callApi('POST admins/users/{id}/', { params: { id }, body }),
  )

/** DELETE admins/delete/{id}/user/: 204 is success; any other answer's message stays in the dialog. */
export const useDeleteUser = () =>
  useOnlineOnlyMutation((id: number) => callApi('DELETE admins/delete/{id}/user/', { params: { id } }))

/** POST admins/users/{id}/password-reset/: the user gets a reset link by email (or a code by SMS). */
export const useSendPasswordReset = () =>
  useOnlineOnlyMutation(({ id, channel }: { id: number; channel: 'email' | 'sms' }) =>
    callApi('POST admins/users/{id}/password-reset/', { params: { id }, body: { channel } }),
  )
