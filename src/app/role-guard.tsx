import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router-dom'
import { useSession } from '../lib/session'

interface RoleGuardProps {
  /** What a customer (role user) sees. */
  user?: ReactNode
  /** What an admin sees. */
  admin?: ReactNode
  staff?: ReactNode
}

/**
 * SPEC section 2: 'Loading...' while the auth check runs, /login when logged out, the admin or user
 * version by role, nothing for any other role.
 */
export function RoleGuard({ user, admin, staff }: RoleGuardProps) {
  const { status, role } = useSession()
  const location = useLocation()
  if (status === 'loading') {
    return (
      <p role="status" className="p-10 text-center text-slate-600">
        Loading...
      </p>
    )
  }
  if (status === 'anonymous') return <Navigate to="/login" replace state={{ from: location.pathname }} />
  const view = role === 'admin' ? admin : role === 'user' ? user : role === 'staff' ? staff : null
  return <>{view ?? null}</>
}
