import type { MessageAnswer, Profile } from '../../../contract/index.js'
import { api } from '../../lib/api-client'

export interface PasswordChange {
  current_password: string
  new_password: string
  confirm_password: string
}

export const profileKey = (userId: number) => ['settings', userId] as const

export const fetchProfile = (userId: number) => api.get<Profile>(`admins/settings/${userId}/`)
/** Location is the customer's field only; the admin's save leaves it out (SPEC section 7). */
export const saveProfile = (userId: number, profile: Omit<Profile, 'location'> & { location?: string }) =>
  api.post<MessageAnswer>(`admins/settings/${userId}/`, profile)
export const changePassword = (userId: number, body: PasswordChange) =>
  api.post<MessageAnswer>(`admins/password/${userId}/`, body)
