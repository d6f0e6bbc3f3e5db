import type { MessageAnswer, Profile } from '../../contract/index.js'
import { api } from './client'

export interface PasswordChange {
  current_password: string
  new_password: string
  confirm_password: string
}

export const profileKey = (userId: number) => ['settings', userId] as const

export const fetchProfile = (userId: number) => api.get<Profile>(`admins/settings/${userId}/`)
export const saveProfile = (userId: number, profile: Profile) =>
  api.post<MessageAnswer>(`admins/settings/${userId}/`, profile)
export const changePassword = (userId: number, body: PasswordChange) =>
  api.post<MessageAnswer>(`admins/password/${userId}/`, body)
