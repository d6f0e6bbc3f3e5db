import { useState } from 'react'
import { Link, NavLink, useNavigate } from 'react-router-dom'
import { Menu, X, UserRound, ShieldCheck } from 'lucide-react'
import { useSession } from '../../stores/session'
import { Modal } from '../Modal'

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'text-brand-700' : 'text-slate-700 hover:text-brand-700'}`

/** Top bar of the public pages (SPEC section 2, Navigation). */
export function TopBar() {
  const session = useSession()
  const navigate = useNavigate()
  const [loginRequired, setLoginRequired] = useState(false)
  const [menuOpen, setMenuOpen] = useState(false)
  const [mobileOpen, setMobileOpen] = useState(false)
  const loggedIn = session.status === 'authenticated'

  const links = [
    session.role === 'admin' ? { to: '/admin', label: 'Admin' } : { to: '/', label: 'Home' },
    { to: '/about', label: 'About Us' },
    { to: '/services', label: 'Services' },
    { to: '/products', label: 'Products' },
    { to: '/blog', label: 'Blog' },
    { to: '/contact', label: 'Contact' },
  ]

  const book = () => {
    setMobileOpen(false)
    if (loggedIn) navigate('/book')
    else setLoginRequired(true)
  }
  const logout = async () => {
    setMenuOpen(false)
    setMobileOpen(false)
    await session.logout().catch(() => {})
    navigate('/')
  }

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-800">
          <ShieldCheck className="size-7 text-brand-600" aria-hidden />
          GreenShield
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} end className={navClass}>
              {l.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-3 lg:flex">
          <button type="button" className="btn-primary" onClick={book}>
            Book an Appointment
          </button>
          {loggedIn ? (
            <div className="relative">
              <button
                type="button"
                className="btn-secondary"
                aria-haspopup="menu"
                aria-expanded={menuOpen}
                onClick={() => setMenuOpen((o) => !o)}
              >
                <UserRound className="size-4" aria-hidden />
                {session.name || 'Account'}
              </button>
              {menuOpen && (
                <div
                  role="menu"
                  className="absolute right-0 mt-2 w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
                >
                  <Link
                    role="menuitem"
                    to="/user/settings"
                    className="block rounded px-3 py-2 text-sm hover:bg-slate-100"
                    onClick={() => setMenuOpen(false)}
                  >
                    Profile
                  </Link>
                  <Link
                    role="menuitem"
                    to="/orders"
                    className="block rounded px-3 py-2 text-sm hover:bg-slate-100"
                    onClick={() => setMenuOpen(false)}
                  >
                    Orders
                  </Link>
                  <button
                    role="menuitem"
                    type="button"
                    className="block w-full rounded px-3 py-2 text-left text-sm hover:bg-slate-100"
                    onClick={logout}
                  >
                    Log Out
                  </button>
                </div>
              )}
            </div>
          ) : (
            <Link to="/login" className="btn-secondary">
              Login
            </Link>
          )}
        </div>
        <button
          type="button"
          className="rounded-md p-2 lg:hidden"
          aria-label="Open menu"
          aria-expanded={mobileOpen}
          onClick={() => setMobileOpen(true)}
        >
          <Menu className="size-6" aria-hidden />
        </button>
      </div>

      {mobileOpen && (
        <div className="fixed inset-0 z-40 lg:hidden" role="dialog" aria-modal="true" aria-label="Menu">
          <button
            type="button"
            aria-label="Close menu"
            className="absolute inset-0 bg-slate-900/50"
            onClick={() => setMobileOpen(false)}
          />
          <nav className="absolute inset-y-0 right-0 flex w-72 flex-col gap-1 bg-white p-4 shadow-xl">
            <button
              type="button"
              className="self-end rounded-md p-2"
              aria-label="Close menu"
              onClick={() => setMobileOpen(false)}
            >
              <X className="size-6" aria-hidden />
            </button>
            {links.map((l) => (
              <NavLink key={l.to} to={l.to} end className={navClass} onClick={() => setMobileOpen(false)}>
                {l.label}
              </NavLink>
            ))}
            <button type="button" className="btn-primary mt-3" onClick={book}>
              Book an Appointment
            </button>
            {loggedIn ? (
              <>
                <Link
                  to="/user/settings"
                  className={navClass({ isActive: false })}
                  onClick={() => setMobileOpen(false)}
                >
                  Profile
                </Link>
                <Link
                  to="/orders"
                  className={navClass({ isActive: false })}
                  onClick={() => setMobileOpen(false)}
                >
                  Orders
                </Link>
                <button type="button" className="btn-secondary mt-2" onClick={logout}>
                  Log Out
                </button>
              </>
            ) : (
              <Link to="/login" className="btn-secondary mt-2" onClick={() => setMobileOpen(false)}>
                Login
              </Link>
            )}
          </nav>
        </div>
      )}

      <Modal
        open={loginRequired}
        title="Login Required"
        onClose={() => setLoginRequired(false)}
        size="sm"
        footer={
          <Link to="/login" className="btn-primary" onClick={() => setLoginRequired(false)}>
            Go to Login
          </Link>
        }
      >
        <p className="text-slate-600">Please log in to book an appointment.</p>
      </Modal>
    </header>
  )
}
