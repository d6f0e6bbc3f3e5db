/** Sign-in, sign-up and the session (token, auth_check, login, logout, register, register/admin). */
import { z } from 'zod'
import { emailField, passwordField, phoneField, requiredText } from './fields.js'

export const loginBody = z.object({
  username: emailField('Email'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
})
export type LoginRequest = z.input<typeof loginBody>

export const registerBody = z.object({
  fullName: requiredText('Full name', 120),
  email: emailField(),
  password: passwordField(),
})
export type RegisterRequest = z.input<typeof registerBody>

/** The back office adds an admin, or (role "staff") a field technician. */
export const registerAdminBody = registerBody.extend({
  phoneNumber: phoneField(),
  role: z.enum(['admin', 'staff'], { error: 'Role must be admin or staff' }).default('admin'),
})
export type RegisterAdminRequest = z.input<typeof registerAdminBody>

/** Role as the client sees it (customer is "user"). */
export type SessionRole = 'user' | 'admin' | 'staff'
export type AuthCheck =
  | { message: 'authenticated'; role: SessionRole; id: number; name: string; email: string }
  | { message: string; role: null }
