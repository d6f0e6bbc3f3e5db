/** Accounts as the back office lists and edits them (get/users/, admins/users/{id}/). */
import { z } from 'zod'
import { defineEndpoints } from './endpoint.js'
import { adminPasswordResetBody } from './account.js'
import { messageAnswer, optionalPhoneField } from './fields.js'

export const userRoleLabel = z.enum(['Admin', 'Staff', 'Customer'])
export type UserRoleLabel = z.infer<typeof userRoleLabel>
export const adminUser = z.object({
  id: z.number().int(),
  full_name: z.string(),
  username: z.string(),
  phone_number: z.string(),
  role: userRoleLabel,
})
export type AdminUser = z.infer<typeof adminUser>

export const adminUserUpdateBody = z.object({
  role: z
    .enum(['admin', 'staff', 'customer', 'Admin', 'Staff', 'Customer'], {
      error: 'Role must be Admin, Staff or Customer',
    })
    .optional(),
  phone_number: optionalPhoneField().optional(),
})
export type AdminUserUpdateRequest = z.input<typeof adminUserUpdateBody>

export const userEndpoints = defineEndpoints('users', {
  'GET get/users/': {
    summary: 'Every account, newest first.',
    access: 'admin',
    answer: z.array(adminUser),
  },
  'POST admins/users/{id}/': {
    summary: "Changes an account's role or phone number.",
    access: 'admin',
    body: adminUserUpdateBody,
    answer: messageAnswer,
  },
  'POST admins/users/{id}/password-reset/': {
    summary: 'Sends the account a password reset: a link by email (default) or a code by SMS.',
    access: 'admin',
    body: adminPasswordResetBody,
    answer: messageAnswer,
  },
  'DELETE admins/delete/{id}/user/': {
    summary: 'Deletes an account (its bookings, orders and payments stay, without the account).',
    access: 'admin',
    status: 204,
  },
})
