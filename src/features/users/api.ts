/** Users' data: the back office's User Management screen. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { MessageAnswer } from '../../../contract/fields.js'
import type { RegisterAdminRequest } from '../../../contract/auth.js'
import type { AdminUser, AdminUserUpdateRequest } from '../../../contract/users.js'
import { api } from '../../lib/api-client'
import { CALL_EVEN_OFFLINE, userScope, useUserMutation } from '../../lib/query'
import { useUserId } from '../../lib/session'

export const userKeys = {
  list: (userId: number | null) => [...userScope(userId), 'users'] as const,
}

export const usersQuery = (userId: number | null) =>
  queryOptions({
    ...CALL_EVEN_OFFLINE,
    queryKey: userKeys.list(userId),
    queryFn: () => api.get<AdminUser[]>('get/users/'),
    enabled: userId !== null,
  })
export const useUsers = () => useQuery(usersQuery(useUserId()))

export const useAddAdmin = () =>
  useUserMutation(
    (body: RegisterAdminRequest) => api.post<MessageAnswer>('register/admin/', body),
    CALL_EVEN_OFFLINE,
  )

export const useUpdateUser = () =>
  useUserMutation(
    ({ id, ...body }: AdminUserUpdateRequest & { id: number }) =>
      api.post<MessageAnswer>(`admins/users/${id}/`, body),
    CALL_EVEN_OFFLINE,
  )

/** DELETE admins/delete/{id}/user/: 204 is success; any other answer's message stays in the dialog. */
export const useDeleteUser = () =>
  useUserMutation((id: number) => api.delete(`admins/delete/${id}/user/`), CALL_EVEN_OFFLINE)

/** POST admins/users/{id}/password-reset/: the user gets a reset link by email (or a code by SMS). */
export const useSendPasswordReset = () =>
  useUserMutation(
    ({ id, channel }: { id: number; channel: 'email' | 'sms' }) =>
      api.post<MessageAnswer>(`admins/users/${id}/password-reset/`, { channel }),
    CALL_EVEN_OFFLINE,
  )
