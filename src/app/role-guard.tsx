import type { ReactNode } from 'react'
import { Link, Navigate, useLocation } from 'react-router-dom'
import { useSession } from '../lib/session'

interface RoleGuardProps {
  /** What a customer (role user) sees. */
  user?: ReactNode
  /** What an admin sees. */
  admin?: ReactNode
  staff?: ReactNode
}

/**
 * SPEC section 2: 'Loading...' while the auth check runs, /login when logged out, the admin, user or
 * staff version by role; a role with no version gets a way home instead of a blank page.
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
  if (view) return <>{view}</>
  // A page that has no version for this role says so and leads home, never a blank screen (issue 11).
  const home = role === 'admin' ? '/admin' : role === 'staff' ? '/staff' : '/'
  return (
    <div className="mx-auto max-w-md px-4 py-12 text-center">
      <p className="text-slate-700">This page is not part of your account.</p>
      <Link to={home} className="btn-primary mt-4">
        {role === 'staff'
          ? 'Go to your jobs'
          : role === 'admin'
            ? 'Go to the dashboard'
            : 'Go to the home page'}
      </Link>
    </div>
  )
}
