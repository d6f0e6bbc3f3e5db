import { Suspense, useEffect, useRef, useState } from 'react'
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom'
import {
  CalendarCheck,
  Clock,
  LayoutDashboard,
  LogOut,
  Mail,
  Menu,
  Package,
  Settings,
  ShieldCheck,
  ShoppingBag,
  Users,
  X,
} from 'lucide-react'
import { NativeDialog } from '../../components/ui/native-dialog'
import { PageLoading } from '../../components/ui/page-loading'
import { useSession } from '../../lib/session'

/** SPEC section 2: the admin sidebar, in this order. */
const LINKS = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin/users', label: 'User Management', icon: Users },
  { to: '/admin/messages', label: 'Messages', icon: Mail },
  { to: '/admin/bookings', label: 'Bookings', icon: CalendarCheck },
  { to: '/admin/booking-rules', label: 'Booking Rules', icon: Clock },
  { to: '/admin/orders', label: 'Orders', icon: ShoppingBag },
  { to: '/admin/products', label: 'Products', icon: Package },
  { to: '/admin/settings', label: 'Settings', icon: Settings },
]

function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const { name, email, logout } = useSession()
  const navigate = useNavigate()
  const [loggingOut, setLoggingOut] = useState(false)
  const [logoutError, setLogoutError] = useState('')
  const showName = name !== '' && name !== email

  async function onLogout() {
    setLoggingOut(true)
    setLogoutError('')
    try {
      await logout()
      navigate('/login')
    } catch {
      setLogoutError('Could not log out. Check your connection and try again.')
      setLoggingOut(false)
    }
  }

  return (
    <div className="flex h-full flex-col">
      <div className="flex items-center gap-2 px-5 py-5 text-lg font-bold text-white">
        <ShieldCheck className="size-7 text-brand-300" aria-hidden />
        Admin
      </div>
      {/* SPEC: the sidebar shows the admin's username, which is the login email; the name heads it. */}
      <div className="mx-4 mb-4 rounded-lg bg-brand-800/60 px-3 py-2">
        <p className="text-xs tracking-wide text-brand-200 uppercase">Signed in as</p>
        {showName && <p className="truncate font-semibold text-white">{name}</p>}
        <p className={`truncate ${showName ? 'text-sm text-brand-100' : 'font-semibold text-white'}`}>
          {email}
        </p>
      </div>
      <nav aria-label="Admin" className="flex-1 space-y-1 px-3">
        {LINKS.map(({ to, label, icon: Icon, end }) => (
          <NavLink
            key={to}
            to={to}
            end={end}
            onClick={onNavigate}
            className={({ isActive }) =>
              `flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium focus-visible:outline-brand-300 ${
                isActive ? 'bg-white text-brand-800' : 'text-brand-50 hover:bg-brand-800'
              }`
            }
          >
            <Icon className="size-5" aria-hidden />
            {label}
          </NavLink>
        ))}
      </nav>
      <div className="p-3">
        {logoutError && (
          <p role="alert" className="mb-2 px-3 text-sm text-red-200">
            {logoutError}
          </p>
        )}
        <button
          type="button"
          onClick={onLogout}
          disabled={loggingOut}
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-brand-50 hover:bg-brand-800 focus-visible:outline-brand-300 disabled:opacity-60"
        >
          <LogOut className="size-5" aria-hidden />
          {loggingOut ? 'Logging out...' : 'Logout'}
        </button>
      </div>
    </div>
  )
}

/**
 * Small screens get the sidebar as a drawer: a native modal <dialog>, so focus stays inside it and
 * Escape closes it; focus goes back to the menu button.
 */
function Drawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <NativeDialog
      open={open}
      onClose={onClose}
      aria-label="Admin menu"
      className="m-0 h-full max-h-none w-72 max-w-[85vw] bg-brand-900 p-0"
    >
      <button
        type="button"
        onClick={onClose}
        aria-label="Close menu"
        className="absolute top-4 right-3 rounded-md p-1 text-brand-100 hover:bg-brand-800 focus-visible:outline-brand-300"
      >
        <X className="size-6" aria-hidden />
      </button>
      <SidebarContent onNavigate={onClose} />
    </NativeDialog>
  )
}

/** The back office's frame: sidebar (drawer on phones) and the screen of the current route. */
export default function AdminLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)
  const { pathname } = useLocation()
  // Braces matter: Chromium's scrollTo returns a promise, which React would take for a cleanup function.
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [pathname])

  const closeDrawer = () => {
    setDrawerOpen(false)
    menuButton.current?.focus()
  }

  return (
    <div className="min-h-screen bg-slate-100 lg:flex">
      <aside className="sticky top-0 hidden h-screen w-64 shrink-0 bg-brand-900 lg:block">
        <SidebarContent />
      </aside>
      <div className="min-w-0 flex-1">
        <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b border-slate-200 bg-white px-4 lg:hidden">
          <button
            ref={menuButton}
            type="button"
            onClick={() => setDrawerOpen(true)}
            aria-label="Open menu"
            aria-expanded={drawerOpen}
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100"
          >
            <Menu className="size-6" aria-hidden />
          </button>
          <span className="font-semibold text-brand-800">Admin</span>
        </header>
        <Drawer open={drawerOpen} onClose={closeDrawer} />
        <main id="main" className="mx-auto max-w-7xl p-4 sm:p-6 lg:p-8">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  )
}
