import type { ReactNode } from 'react'
import { Link, Navigate, useLocation } from 'react-router'
import { useSession } from '../lib/session'
import { PageMeta } from '../components/ui/page-meta'
import { pages } from '../../contract/pages.js'

interface RoleGuardProps {
  /** What a customer (role user) sees. */
  user?: ReactNode
  /** What an admin sees. */
  admin?: ReactNode
  staff?: ReactNode
}

/**
 * 'Loading...' while the auth check runs, /login when logged out, the admin, user or
 * staff version by role; a role the page is not for is told so, with a way home (never a blank page).
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
  if (status === 'anonymous') return <Navigate to={pages.login} replace state={{ from: location.pathname }} />
  const view = role === 'admin' ? admin : role === 'user' ? user : role === 'staff' ? staff : null
  return (
    <>
      {view ?? (
        <NoAccess
          home={role === 'admin' ? pages.admin.dashboard : role === 'staff' ? pages.jobs : pages.home}
        />
      )}
    </>
  )
}

export function NoAccess({ home }: { home: string }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-20 text-center">
      <PageMeta title="No access" />
      <h1 className="text-3xl font-bold text-slate-900">You don&apos;t have access</h1>
      <p className="mt-3 text-slate-600">This page is not available to your account.</p>
      <Link to={home} className="btn-primary mt-6 inline-flex px-5 py-2.5">
        {home === pages.admin.dashboard
          ? 'Back to the dashboard'
          : home === pages.jobs
            ? 'Go to your jobs'
            : 'Go to the home page'}
      </Link>
    </section>
  )
}
