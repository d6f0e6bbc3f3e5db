import { Suspense, useEffect, useRef, useState } from 'react'
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router'
import {
  Bell,
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
  FileCode,
  Tags,
  ReceiptText,
  FileSignature,
  Repeat,
  Star,
  Award,
} from 'lucide-react'
import { NativeDialog } from '../../components/ui/native-dialog'
import { PageLoading } from '../../components/ui/page-loading'
import { useSession } from '../../lib/session'
import type { AlertList } from '../../../contract/messages.js'
import { useAdminAlerts, useMarkListSeen } from '../../features/messages/api'
import { useNotifications } from '../../features/notifications/api'
import { NotificationsModal } from '../../features/notifications/components/notifications-modal'
import { FormError } from '../../components/ui/form-actions'
import { pages } from '../../../contract/pages.js'

/** The admin sidebar, in this order (docs/rules/screens.md); `alert` names the list whose new items it counts. */
const LINKS: { to: string; label: string; icon: typeof Mail; end?: boolean; alert?: AlertList }[] = [
  { to: pages.admin.dashboard, label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: pages.admin.users, label: 'User Management', icon: Users },
  { to: pages.admin.messages, label: 'Messages', icon: Mail, alert: 'messages' },
  { to: pages.admin.bookings, label: 'Bookings', icon: CalendarCheck, alert: 'bookings' },
  { to: pages.admin.bookingRules, label: 'Booking Rules', icon: Clock },
  { to: pages.admin.plans, label: 'Plans', icon: Repeat },
  { to: pages.admin.ratings, label: 'Ratings', icon: Star },
  { to: pages.admin.services, label: 'Services', icon: Tags },
  { to: pages.admin.orders, label: 'Orders', icon: ShoppingBag, alert: 'orders' },
  { to: pages.admin.invoices, label: 'Invoices', icon: ReceiptText },
  { to: pages.admin.quotes, label: 'Quotes', icon: FileSignature },
  { to: pages.admin.certificates, label: 'Certificates', icon: Award },
  { to: pages.admin.products, label: 'Products', icon: Package },
  { to: pages.admin.settings, label: 'Settings', icon: Settings },
  { to: pages.admin.reference, label: 'API reference', icon: FileCode },
]

/** The list a back-office path shows, when its new items are counted (/admin/bookings -> bookings). */
function listOfPath(pathname: string): AlertList | undefined {
  return LINKS.find((l) => l.alert && pathname.replace(/\/+$/, '') === l.to)?.alert
}

/** "3 new" beside a sidebar entry; nothing when there is nothing new. */
function NewCount({ count }: { count: number | undefined }) {
  if (!count) return null
  return (
    <span className="ml-auto inline-flex min-w-6 items-center justify-center rounded-full bg-amber-400 px-1.5 text-xs font-bold text-brand-950">
      {count > 99 ? '99+' : count}
      <span className="sr-only"> new</span>
    </span>
  )
}

function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const { name, email, logout } = useSession()
  const navigate = useNavigate()
  const [loggingOut, setLoggingOut] = useState(false)
  const [logoutError, setLogoutError] = useState('')
  const showName = name !== '' && name !== email
  const alerts = useAdminAlerts().data

  async function onLogout() {
    setLoggingOut(true)
    setLogoutError('')
    try {
      await logout()
      navigate(pages.login)
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
      {/* The sidebar shows the admin's username, which is the login email; the name heads it. */}
      <div className="mx-4 mb-4 rounded-lg bg-brand-800/60 px-3 py-2">
        <p className="text-xs tracking-wide text-brand-200 uppercase">Signed in as</p>
        {showName && <p className="truncate font-semibold text-white">{name}</p>}
        <p className={`truncate ${showName ? 'text-sm text-brand-100' : 'font-semibold text-white'}`}>
          {email}
        </p>
      </div>
      <nav aria-label="Admin" className="flex-1 space-y-1 px-3">
        {LINKS.map(({ to, label, icon: Icon, end, alert }) => (
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
            {alert && <NewCount count={alerts?.[alert]} />}
          </NavLink>
        ))}
      </nav>
      <div className="p-3">
        <FormError className="mb-2 px-3 text-sm text-red-200" message={logoutError} />
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
 * The admin's own notifications (a job that needs attention, a customer's change, an emergency call-out),
 * on every back-office screen. The name is what it shows, read out whole: "Notifications 3 unread".
 */
function NotificationsBell() {
  const [open, setOpen] = useState(false)
  const { unread } = useNotifications()
  const count = unread > 99 ? '99+' : String(unread)
  return (
    <>
      {/* No aria-label: the name comes from the text (the badge alone would read "2", so " unread" is
          there for screen readers), and axe finds the visible words in it. */}
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="relative ml-auto inline-flex items-center gap-2 rounded-md px-2.5 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-100"
      >
        <Bell className="size-5" aria-hidden />
        Notifications{' '}
        {unread > 0 && (
          <>
            <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs leading-5 font-bold text-white">
              {count}
            </span>{' '}
            <span className="sr-only">unread</span>
          </>
        )}
      </button>
      <NotificationsModal open={open} onClose={() => setOpen(false)} markOnOpen={false} />
    </>
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
  const markSeen = useMarkListSeen().mutate
  const alerts = useAdminAlerts().data
  const newItems = alerts ? alerts.bookings + alerts.orders + alerts.messages : 0
  // Opening Bookings, Orders or Messages clears its count in the sidebar.
  useEffect(() => {
    const list = listOfPath(pathname)
    if (list) markSeen(list)
  }, [pathname, markSeen])
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
      {/* Past the sidebar's eight links straight to the screen, as on the public pages. */}
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <aside className="sticky top-0 hidden h-screen w-64 shrink-0 bg-brand-900 lg:block">
        <SidebarContent />
      </aside>
      <div className="min-w-0 flex-1">
        <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b border-slate-200 bg-white px-4 lg:px-8">
          <button
            ref={menuButton}
            type="button"
            onClick={() => setDrawerOpen(true)}
            aria-expanded={drawerOpen}
            className="relative rounded-md p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
          >
            {/* Named by its content, so the count shown on it is part of the name. */}
            <span className="sr-only">Open menu</span> <Menu className="size-6" aria-hidden />
            {newItems > 0 && (
              <span
                id="admin-new-items"
                className="absolute top-0.5 right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-5 font-bold text-white ring-2 ring-white"
              >
                {newItems > 99 ? '99+' : newItems}{' '}
                <span className="sr-only">new bookings, orders or messages</span>
              </span>
            )}
          </button>
          <span className="font-semibold text-brand-800 lg:hidden">Admin</span>
          <NotificationsBell />
        </header>
        <Drawer open={drawerOpen} onClose={closeDrawer} />
        <main id="main" tabIndex={-1} className="outline-none mx-auto max-w-7xl p-4 sm:p-6 lg:p-8">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  )
}
