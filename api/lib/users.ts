import type { SessionRole } from '../../contract/auth.js'
import type { UserRoleLabel } from '../../contract/users.js'
import type { Queryable } from '../db/index.js'
import type { DbRole } from '../types.js'
import { hashPassword } from './password.js'

export interface NewUser {
  fullName: string
  email: string
  password: string
  role: DbRole
  phone?: string
  /** The street address; the other parts of the profile's address beside it. */
  location?: string
  landmark?: string
  city?: string
  state?: string
}

// ---------- how people and roles are shown ----------

/** "First Last", or '' when the account has no name. */
export const fullName = (u: { first_name: string; last_name: string }) =>
  [u.first_name, u.last_name].filter(Boolean).join(' ')

/** The name to show for an account: its full name, else its email. */
export const displayName = (u: { first_name: string; last_name: string; email: string }) =>
  fullName(u) || u.email

/** Role as the client sees it: customers are "user". */
export const sessionRole = (role: DbRole): SessionRole => (role === 'customer' ? 'user' : role)

/** Role as the back office lists it (get/users/, get/stat). */
export const roleLabel = (role: DbRole): UserRoleLabel =>
  role === 'admin' ? 'Admin' : role === 'staff' ? 'Staff' : 'Customer'

export function splitName(fullName: string): { first_name: string; last_name: string } {
  const [first = '', ...rest] = fullName.trim().split(/\s+/)
  return { first_name: first, last_name: rest.join(' ') }
}

// ---------- accounts ----------

/** An account as the back office lists it. */
export interface UserRow {
  id: number
  email: string
  first_name: string
  last_name: string
  phone_number: string
  role: DbRole
}

const USER_FIELDS = ['id', 'email', 'first_name', 'last_name', 'phone_number', 'role'] as const

export async function findUser(db: Queryable, id: number): Promise<UserRow | undefined> {
  const row = await db.selectFrom('users').select(USER_FIELDS).where('id', '=', id).executeTakeFirst()
  return row as UserRow | undefined
}

/** Every account, newest first; `limit` keeps the first few. */
export async function newestUsers(db: Queryable, limit?: number): Promise<UserRow[]> {
  const rows = await db
    .selectFrom('users')
    .select(USER_FIELDS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .$if(limit !== undefined, (q) => q.limit(limit!))
    .execute()
  return rows as UserRow[]
}

export async function emailTaken(db: Queryable, email: string, exceptUserId?: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .$if(exceptUserId !== undefined, (q) => q.where('id', '!=', exceptUserId!))
    .executeTakeFirst()
  return !!row
}

/** Creates a user; returns null when the email is already registered. */
export async function createUser(db: Queryable, user: NewUser): Promise<number | null> {
  if (await emailTaken(db, user.email)) return null
  const hash = await hashPassword(user.password)
  const { first_name, last_name } = splitName(user.fullName)
  const row = await db
    .insertInto('users')
    .values({
      email: user.email,
      password_hash: hash,
      first_name,
      last_name,
      phone_number: user.phone ?? '',
      location: user.location ?? '',
      landmark: user.landmark ?? '',
      city: user.city ?? '',
      state: user.state ?? '',
      role: user.role,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst()
  return row?.id ?? null
}
