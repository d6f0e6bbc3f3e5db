import type { AdminUser } from '../../../contract/users.js'
import { localPhone } from '../../../contract/phone.js'
import { fieldHas, normalizeQuery } from '../../lib/search'

export type RoleFilter = 'all' | 'admin' | 'staff' | 'customer'

export function filterUsers(users: AdminUser[], search: string, role: RoleFilter): AdminUser[] {
  const q = normalizeQuery(search)
  return users.filter(
    (u) =>
      (role === 'all' || u.role.toLowerCase() === role) &&
      (!q ||
        fieldHas(u.full_name, q) ||
        fieldHas(u.username, q) ||
        fieldHas(u.phone_number, q) ||
        fieldHas(localPhone(u.phone_number), q)),
  )
}
