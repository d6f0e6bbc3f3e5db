import type { DB } from '../db/index.js'
import type { DbRole } from '../types.js'
import { hashPassword } from './password.js'

export interface NewUser {
  fullName: string
  email: string
  password: string
  role: DbRole
  phone?: string
  location?: string
}

export function splitName(fullName: string): { first_name: string; last_name: string } {
  const [first = '', ...rest] = fullName.trim().split(/\s+/)
  return { first_name: first, last_name: rest.join(' ') }
}

export function emailTaken(db: DB, email: string, exceptUserId?: number): boolean {
  return !!db.prepare('SELECT 1 FROM users WHERE email = ? AND id IS NOT ?').get(email, exceptUserId ?? null)
}

/** Creates a user; returns null when the email is already registered. */
export async function createUser(db: DB, user: NewUser): Promise<number | null> {
  if (emailTaken(db, user.email)) return null
  const hash = await hashPassword(user.password)
  const { first_name, last_name } = splitName(user.fullName)
  const result = db
    .prepare(
      `INSERT INTO users (email, password_hash, first_name, last_name, phone_number, location, role)
       VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (email) DO NOTHING`,
    )
    .run(user.email, hash, first_name, last_name, user.phone ?? '', user.location ?? '', user.role)
  return result.changes ? Number(result.lastInsertRowid) : null
}
