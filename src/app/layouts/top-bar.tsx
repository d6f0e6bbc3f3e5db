import { lazy, Suspense, useState } from 'react'
import { Link, NavLink, useNavigate } from 'react-router'
import { CalendarCheck, Menu, ShieldCheck, UserRound, X } from 'lucide-react'
import { useSession } from '../../lib/session'
import { useBookAppointment } from '../../components/book-button'
import { NativeDialog } from '../../components/ui/native-dialog'
import { LazyOutboxBadge as OutboxBadge } from '../pwa/lazy-pwa-shell'
import { lazyWithQueries } from '../with-queries'
import { pages } from '../../../contract/pages.js'

// Logged-in furniture (menu, notifications) is its own chunk: anonymous visitors never download it.
const DesktopUserMenu = lazyWithQueries(() =>
  import('./user-menu').then((m) => ({ default: m.DesktopUserMenu })),
)
const MobileUserLinks = lazyWithQueries(() =>
  import('./user-menu').then((m) => ({ default: m.MobileUserLinks })),
)
const NotificationsModal = lazyWithQueries(() =>
  import('./user-menu').then((m) => ({ default: m.NotificationsModal })),
)
const MenuButtonBadge = lazyWithQueries(() =>
  import('./user-menu').then((m) => ({ default: m.MenuButtonBadge })),
)
// The cart count reads the device's cart (Dexie, ~28 kB): only a logged-in customer loads it, so the
// offline database stays off every public page's critical path.
const CartLinkChunk = lazy(() => import('./cart-link').then((m) => ({ default: m.CartLink })))
function CartLink() {
  return (
    <Suspense fallback={null}>
      <CartLinkChunk />
    </Suspense>
  )
}

// From 1024 px (lg) the links fit beside the logo: tighter padding until 1280 px (xl).
const desktopLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2 py-2 text-sm font-medium xl:px-3 transition-colors ${
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-50 hover:text-brand-700'
  }`
const mobileLink = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-3 text-base font-medium ${
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-800 hover:bg-slate-50'
  }`

export function Logo() {
  return (
    <Link
      to={pages.home}
      // Narrow on phones (the tagline wraps under the name) so a logged-in header fits 320 px; in rem, so
      // it grows with the text size.
      className="flex max-w-[10.5rem] shrink-0 items-center gap-2 rounded-md lg:max-w-none"
    >
      <span className="grid size-9 place-items-center rounded-xl bg-brand-700 text-white shadow-sm">
        <ShieldCheck className="size-5" aria-hidden />
      </span>
      <span className="leading-tight">
        <span className="block text-lg font-extrabold tracking-tight text-brand-900">GreenShield</span>
        <span className="block text-[10px] font-semibold tracking-[0.14em] text-slate-500 uppercase lg:hidden xl:block">
          Pest Control &amp; Cleaning
        </span>
      </span>
    </Link>
  )
}

/**
 * The account menu's button (desktop) or the phone's menu button, whichever is on screen: where focus goes
 * back after a dialog opened from one of their entries, which are gone once the menu closed.
 */
function menuButtonShown() {
  return [
    ...document.querySelectorAll<HTMLElement>(
      'header button[aria-haspopup="menu"], header button[aria-controls="mobile-menu"]',
    ),
  ].find((b) => b.checkVisibility())
}

/** Top bar of the public pages (docs/rules/screens.md, Navigation), with the mobile slide-in menu. */
export function TopBar() {
  const { status, role, logout, id } = useSession()
  const navigate = useNavigate()
  const { book, loginDialog } = useBookAppointment()
  const [mobileOpen, setMobileOpen] = useState(false)
  const [notificationsOpen, setNotificationsOpen] = useState(false)
  const loggedIn = status === 'authenticated'

  const links = [
    role === 'admin'
      ? { to: pages.admin.dashboard, label: 'Admin' }
      : role === 'staff'
        ? { to: pages.jobs, label: 'Jobs' }
        : { to: pages.home, label: 'Home' },
    { to: pages.about, label: 'About Us' },
    { to: pages.services, label: 'Services' },
    { to: pages.products, label: 'Products' },
    { to: pages.blog, label: 'Blog' },
    { to: pages.contact, label: 'Contact' },
  ]

  const closeMobile = () => setMobileOpen(false)
  const bookFromMenu = () => {
    closeMobile()
    book()
  }
  const openNotifications = () => {
    closeMobile()
    setNotificationsOpen(true)
  }
  const logOut = async () => {
    closeMobile()
    // Unsent work (a technician's job updates, a queued booking) is never deleted by a logout: say
    // what happens to it. Waiting entries go after this user's next login here (src/offline/replay.ts
    // holds them in anyone else's session); refused ones are kept but never sent by themselves.
    const entries =
      id === null
        ? []
        : await import('../../offline/db').then(({ db }) => db.outbox.where('userId').equals(id).toArray())
    const refused = entries.filter((e) => e.status === 'failed').length
    const waiting = entries.length - refused
    const warning = [
      waiting > 0 &&
        `${waiting} unsent ${waiting === 1 ? 'update stays' : 'updates stay'} on this phone and ` +
          `${waiting === 1 ? 'is' : 'are'} sent only after you log in here again.`,
      refused > 0 &&
        `${refused} the server refused ${refused === 1 ? 'stays' : 'stay'} on this phone but ` +
          `${refused === 1 ? 'is' : 'are'} not sent by ${refused === 1 ? 'itself' : 'themselves'}: ` +
          'after you log in again, correct and send or discard them (Waiting to be sent).',
    ]
      .filter(Boolean)
      .join(' ')
    if (warning && !window.confirm(`${warning} Log out anyway?`)) return
    await logout().catch(() => {})
    navigate(pages.home)
  }

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      {/* Wraps rather than pushing the buttons off screen when the text is made larger. */}
      <div className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center justify-between gap-x-3 px-4 sm:px-6 xl:min-h-18">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-0.5 lg:flex">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} end className={desktopLink}>
              {l.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 lg:flex">
          <OutboxBadge />
          {role === 'user' && <CartLink />}
          <button type="button" className="btn-primary" onClick={book} aria-label="Book an Appointment">
            <CalendarCheck className="size-4" aria-hidden />
            <span className="xl:hidden">Book</span>
            <span className="hidden xl:inline">Book an Appointment</span>
          </button>
          {loggedIn ? (
            <Suspense fallback={<AccountPlaceholder />}>
              <DesktopUserMenu onNotifications={() => setNotificationsOpen(true)} onLogout={logOut} />
            </Suspense>
          ) : (
            <Link to={pages.login} className="btn-secondary">
              Login
            </Link>
          )}
        </div>
        <div className="flex items-center gap-1 lg:hidden">
          <OutboxBadge />
          {role === 'user' && <CartLink />}
          <button
            type="button"
            className="relative rounded-lg p-2 text-slate-800 hover:bg-slate-100"
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            onClick={() => setMobileOpen(true)}
          >
            {/* Named by its content, so the count shown on it is part of the name: "Open menu 3 unread notifications". */}
            <span className="sr-only">Open menu</span> <Menu className="size-6" aria-hidden />
            {loggedIn && (
              <Suspense fallback={null}>
                <MenuButtonBadge />
              </Suspense>
            )}
          </button>
        </div>
      </div>

      <MobileMenu open={mobileOpen} onClose={closeMobile}>
        <nav aria-label="Mobile" className="flex flex-col gap-0.5">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} end className={mobileLink} onClick={closeMobile}>
              {l.label}
            </NavLink>
          ))}
        </nav>
        <button type="button" className="btn-primary mt-5 w-full py-3" onClick={bookFromMenu}>
          <CalendarCheck className="size-4" aria-hidden />
          Book an Appointment
        </button>
        {loggedIn ? (
          <Suspense fallback={null}>
            <MobileUserLinks onNavigate={closeMobile} onNotifications={openNotifications} onLogout={logOut} />
          </Suspense>
        ) : (
          <Link to={pages.login} className="btn-secondary mt-3 w-full py-3" onClick={closeMobile}>
            Login
          </Link>
        )}
      </MobileMenu>

      {loginDialog}
      {loggedIn && notificationsOpen && (
        <Suspense fallback={null}>
          <NotificationsModal
            open
            onClose={() => setNotificationsOpen(false)}
            returnFocusTo={menuButtonShown}
          />
        </Suspense>
      )}
    </header>
  )
}

function AccountPlaceholder() {
  return (
    <span className="btn-secondary" aria-hidden>
      <UserRound className="size-4" />
      <span className="h-3 w-16 animate-pulse rounded bg-slate-200" />
    </span>
  )
}

/** The slide-in panel, on the native modal <dialog> (focus kept inside, Escape closes it). */
function MobileMenu({
  open,
  onClose,
  children,
}: {
  open: boolean
  onClose: () => void
  children: React.ReactNode
}) {
  return (
    <NativeDialog
      open={open}
      onClose={onClose}
      id="mobile-menu"
      aria-label="Menu"
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[min(20rem,86vw)] max-w-none overflow-y-auto bg-white p-0 shadow-2xl transition-transform duration-200 ease-out starting:open:translate-x-full lg:hidden"
    >
      <div className="flex min-h-full flex-col p-4">
        <div className="mb-4 flex items-center justify-between">
          <span className="text-sm font-semibold tracking-wide text-slate-500 uppercase">Menu</span>
          <button
            type="button"
            className="rounded-lg p-2 hover:bg-slate-100"
            aria-label="Close menu"
            onClick={onClose}
          >
            <X className="size-6" aria-hidden />
          </button>
        </div>
        {children}
      </div>
    </NativeDialog>
  )
}
