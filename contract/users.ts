/** Accounts as the back office lists and edits them (get/users/, admins/users/{id}/). */
import { z } from 'zod'
import { optionalPhoneField } from './fields.js'

export type UserRoleLabel = 'Admin' | 'Staff' | 'Customer'
export interface AdminUser {
  id: number
  full_name: string
  username: string
  phone_number: string
  role: UserRoleLabel
}

export const adminUserUpdateBody = z.object({
  role: z
    .enum(['admin', 'staff', 'customer', 'Admin', 'Staff', 'Customer'], {
      error: 'Role must be Admin, Staff or Customer',
    })
    .optional(),
  phone_number: optionalPhoneField().optional(),
})
export type AdminUserUpdateRequest = z.input<typeof adminUserUpdateBody>
