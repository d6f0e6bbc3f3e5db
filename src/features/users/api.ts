/** Users' data: the back office's User Management screen. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AdminUser, MessageAnswer } from '../../../contract/index.js'
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

export interface NewAdmin {
  fullName: string
  email: string
  password: string
  phoneNumber: string
  /** 'staff' adds a field technician (issue 11). */
  role: 'admin' | 'staff'
}
export const useAddAdmin = () =>
  useUserMutation((body: NewAdmin) => api.post<MessageAnswer>('register/admin/', body), CALL_EVEN_OFFLINE)

export const useUpdateUser = () =>
  useUserMutation(
    ({ id, ...body }: { id: number; role: string; phone_number: string }) =>
      api.post<MessageAnswer>(`admins/users/${id}/`, body),
    CALL_EVEN_OFFLINE,
  )

/** DELETE admins/delete/{id}/user/: 204 is success (SPEC section 4). */
export const useDeleteUser = () =>
  useUserMutation((id: number) => api.delete(`admins/delete/${id}/user/`), CALL_EVEN_OFFLINE)
