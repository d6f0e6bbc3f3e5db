/** Sign-in, sign-up and the session (token, auth_check, login, logout, register, register/admin). */
import { z } from 'zod'
import { defineEndpoints } from './endpoint.js'
import { emailField, messageAnswer, passwordField, phoneField, requiredText } from './fields.js'

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
export const sessionRole = z.enum(['user', 'admin', 'staff'])
export type SessionRole = z.infer<typeof sessionRole>

export const authCheckAnswer = z.object({
  message: z.literal('authenticated'),
  role: sessionRole,
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
})

export const authEndpoints = defineEndpoints('auth', {
  'GET token': {
    summary: 'A CSRF token for this session: send it as X-CSRFToken with every POST and DELETE.',
    access: 'public',
    answer: z.object({ token: z.string() }),
  },
  'GET auth_check': {
    summary: 'Who is logged in.',
    access: 'public',
    answer: authCheckAnswer,
    errors: { 401: 'Nobody is logged in (`role` is null).' },
  },
  'GET logout/': { summary: 'Ends the session.', access: 'public', answer: messageAnswer },
  'POST logout/': { summary: 'Ends the session.', access: 'public', answer: messageAnswer },
  'POST login/': {
    summary: 'Logs in with email and password; the answer names the role (user, staff or admin).',
    access: 'public',
    body: loginBody,
    answer: z.object({ message: sessionRole }),
    errors: { 401: 'Wrong email or password.' },
  },
  'POST register/': {
    summary: 'A customer creates an account.',
    access: 'public',
    body: registerBody,
    answer: messageAnswer,
    errors: { 409: 'An account with this email already exists.' },
  },
  'POST register/admin/': {
    summary: 'An admin adds an admin or a field technician.',
    tag: 'users',
    access: 'admin',
    body: registerAdminBody,
    answer: messageAnswer.extend({ id: z.number().int() }),
    errors: { 409: 'An account with this email already exists.' },
  },
})
