import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { Link } from 'react-router'
import {
  Bell,
  ChevronDown,
  ClipboardList,
  FileSignature,
  LayoutDashboard,
  LogOut,
  ReceiptText,
  Settings,
  UserRound,
  Repeat,
  FolderOpen,
} from 'lucide-react'
import { useNotifications } from '../../features/notifications/api'
import { useSession } from '../../lib/session'
import { pages } from '../../../contract/pages.js'

/**
 * The logged-in part of the top bar, loaded only after login so that anonymous visitors never download
 * the notifications code (IndexedDB snapshot included).
 */

interface AccountLink {
  to: string
  label: string
  icon: typeof UserRound
}

/** A customer gets Profile and Orders; an admin gets the back office instead; a technician their job sheet. */
function accountLinks(role: string | null): AccountLink[] {
  if (role === 'admin')
    return [
      { to: pages.admin.dashboard, label: 'Dashboard', icon: LayoutDashboard },
      { to: pages.admin.settings, label: 'Settings', icon: Settings },
    ]
  if (role === 'staff')
    return [
      { to: pages.jobs, label: 'Job sheet', icon: ClipboardList },
      { to: pages.settings, label: 'Profile', icon: UserRound },
    ]
  if (role === 'user')
    return [
      { to: pages.settings, label: 'Profile', icon: UserRound },
      { to: pages.orders, label: 'Orders', icon: ClipboardList },
      { to: pages.plans, label: 'Plans', icon: Repeat },
      { to: pages.documents, label: 'Documents', icon: FolderOpen },
      { to: pages.quotes, label: 'Quotes', icon: FileSignature },
      { to: pages.invoices, label: 'Invoices', icon: ReceiptText },
    ]
  return []
}

interface MenuActions {
  onNotifications: () => void
  onLogout: () => void
}

function UnreadCount({ count }: { count: number }) {
  if (count === 0) return null
  return (
    <span className="ml-auto inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold text-white">
      {count}
      <span className="sr-only"> unread</span>
    </span>
  )
}

const itemClass =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-800 focus-visible:bg-brand-50'

const mobileItemClass =
  'flex w-full items-center gap-3 rounded-lg px-3 py-3 text-left text-base font-medium text-slate-800 hover:bg-slate-50'

/** Desktop dropdown: a menu button; Escape or a click elsewhere closes it, arrow keys move between items. */
export function DesktopUserMenu({ onNotifications, onLogout }: MenuActions) {
  const { name, role } = useSession()
  const { unread } = useNotifications()
  const [open, setOpen] = useState(false)
  const wrapper = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)

  // Before the next key press: a layout effect runs as the menu renders (Preact runs a plain effect
  // after the next paint, and an arrow key pressed in between would move from the button, not the item).
  useLayoutEffect(() => {
    if (!open) return
    const outside = (e: MouseEvent) => {
      if (!wrapper.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', outside)
    wrapper.current?.querySelector<HTMLElement>('[role=menuitem]')?.focus()
    return () => document.removeEventListener('mousedown', outside)
  }, [open])

  const onKeyDown = (e: KeyboardEvent) => {
    const items = [...(wrapper.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? [])]
    const at = items.indexOf(document.activeElement as HTMLElement)
    if (e.key === 'Escape') {
      setOpen(false)
      button.current?.focus()
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      const step = e.key === 'ArrowDown' ? 1 : -1
      items[(at + step + items.length) % items.length]?.focus()
    } else if (e.key === 'Tab') setOpen(false)
  }
  const choose = (action: () => void) => () => {
    setOpen(false)
    action()
  }

  return (
    <div className="relative" ref={wrapper} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="btn-secondary relative max-w-56"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <UserRound className="size-4 shrink-0" aria-hidden />
        <span className="truncate">{name || 'Account'}</span>
        <ChevronDown className="size-4 shrink-0" aria-hidden />
        {unread > 0 && (
          <span className="absolute -top-1.5 -right-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold text-white">
            {unread}
            <span className="sr-only"> unread notifications</span>
          </span>
        )}
      </button>
      {open && (
        <div
          role="menu"
          aria-label="Account"
          className="absolute right-0 z-40 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          {accountLinks(role).map(({ to, label, icon: Icon }) => (
            <Link key={to} role="menuitem" to={to} className={itemClass} onClick={() => setOpen(false)}>
              <Icon className="size-4" aria-hidden />
              {label}
            </Link>
          ))}
          <button role="menuitem" type="button" className={itemClass} onClick={choose(onNotifications)}>
            <Bell className="size-4" aria-hidden />
            Notifications
            <UnreadCount count={unread} />
          </button>
          <div className="my-1 border-t border-slate-100" />
          <button role="menuitem" type="button" className={itemClass} onClick={choose(onLogout)}>
            <LogOut className="size-4" aria-hidden />
            Log Out
          </button>
        </div>
      )}
    </div>
  )
}

/** The unread count on the phone's menu button, so news shows without opening the menu. */
export function MenuButtonBadge() {
  const { unread } = useNotifications()
  if (unread === 0) return null
  return (
    <span
      className="absolute top-0.5 right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-5 font-bold text-white ring-2 ring-white"
      id="menu-unread-badge"
      data-testid="menu-unread-badge"
    >
      {unread > 99 ? '99+' : unread} <span className="sr-only">unread notifications</span>
    </span>
  )
}

/** The same entries inside the mobile slide-in menu. */
export function MobileUserLinks({
  onNotifications,
  onLogout,
  onNavigate,
}: MenuActions & { onNavigate: () => void }) {
  const { name, role } = useSession()
  const { unread } = useNotifications()
  return (
    <div className="mt-4 border-t border-slate-200 pt-4">
      <p className="px-3 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        Signed in as <span className="normal-case">{name}</span>
      </p>
      {accountLinks(role).map(({ to, label, icon: Icon }) => (
        <Link key={to} to={to} className={mobileItemClass} onClick={onNavigate}>
          <Icon className="size-4" aria-hidden />
          {label}
        </Link>
      ))}
      <button type="button" className={mobileItemClass} onClick={onNotifications}>
        <Bell className="size-4" aria-hidden />
        Notifications
        <UnreadCount count={unread} />
      </button>
      <button type="button" className={mobileItemClass} onClick={onLogout}>
        <LogOut className="size-4" aria-hidden />
        Log Out
      </button>
    </div>
  )
}

export { NotificationsModal } from '../../features/notifications/components/notifications-modal'
