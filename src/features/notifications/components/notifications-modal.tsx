import { useEffect, useRef, useState } from 'react'
import { BellOff, CheckCheck } from 'lucide-react'
import { formatDateTime } from '../../../../contract/dates.js'
import type { Notification } from '../../../../contract/notifications.js'
import { errorMessage } from '../../../lib/api-client'
import {
  isAlertHeading,
  notificationLinkUrl,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from '../api'
import { FormError } from '../../../components/ui/form-actions'
import { Modal } from '../../../components/ui/modal'

interface NotificationsModalProps {
  open: boolean
  onClose: () => void
  /**
   * Opening the list marks everything read (the user menu). The back office's bell passes false: an
   * admin's alert (a job that needs attention) stays unread until they mark it.
   */
  markOnOpen?: boolean
  /** Where focus goes back when the entry that opened the list has gone (a menu closed meanwhile). */
  returnFocusTo?: () => HTMLElement | null | undefined
}

/**
 * The user's notifications (GET users/notifications/), newest first. Opening the list marks them all read
 * (the badge clears); the ones that were new stay highlighted while the list is open. "Mark all read" is
 * there when some are still unread (the call failed offline, or more arrived).
 */
export function NotificationsModal({
  open,
  onClose,
  markOnOpen = true,
  returnFocusTo,
}: NotificationsModalProps) {
  const { list, unread, isLoading, error, isFromSnapshot } = useNotifications()
  const markAll = useMarkAllNotificationsRead()
  const [newIds, setNewIds] = useState<ReadonlySet<number>>(new Set())
  const markedOnOpen = useRef(false)

  useEffect(() => {
    if (!open) {
      markedOnOpen.current = false
      return
    }
    // Once per opening, on the server's list (not the offline snapshot), and only when there is news.
    if (!markOnOpen || markedOnOpen.current || isLoading || isFromSnapshot || unread === 0) return
    markedOnOpen.current = true
    setNewIds(new Set(list.filter((n) => !n.read).map((n) => n.id)))
    markAll.mutate()
  }, [open, markOnOpen, isLoading, isFromSnapshot, unread, list, markAll])

  return (
    <Modal open={open} title="Notifications" onClose={onClose} size="md" returnFocusTo={returnFocusTo}>
      {unread > 0 && !markAll.isPending && (
        <div className="mb-3 flex justify-end">
          <button
            type="button"
            className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-100"
            onClick={() => markAll.mutate()}
          >
            <CheckCheck className="size-4" aria-hidden />
            Mark all read
          </button>
        </div>
      )}
      <MarkFailed error={markAll.error} fallback="Could not mark them as read." className="mb-3" />
      {isFromSnapshot && (
        <p className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-800">
          Showing saved notifications; they will refresh when you are online.
        </p>
      )}
      {isLoading ? (
        <p role="status" className="py-6 text-center text-slate-500">
          Loading...
        </p>
      ) : error ? (
        <p role="alert" className="py-6 text-center text-red-600">
          {errorMessage(error, 'Could not load your notifications. Check your connection and try again.')}
        </p>
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-8 text-center text-slate-500">
          <BellOff className="size-8" aria-hidden />
          <p>No notifications yet.</p>
        </div>
      ) : (
        <ul className="-mx-2 max-h-[60vh] divide-y divide-slate-100 overflow-y-auto">
          {list.map((n) => (
            <NotificationItem key={n.id} notification={n} isNew={newIds.has(n.id)} />
          ))}
        </ul>
      )}
    </Modal>
  )
}

/** Why marking read failed: the server's words, else what to try (the mark needs the network). */
function MarkFailed({
  error,
  fallback,
  className,
}: {
  error: Error | null
  fallback: string
  className: string
}) {
  return (
    <FormError
      className={`${className} text-xs text-red-600`}
      message={error && errorMessage(error, `${fallback} Try again when you are online.`)}
    />
  )
}

/**
 * The link the server set on a notification (a service report), never one found in its text: a body may
 * carry what a customer typed, such as a booking's location.
 */
function NotificationLink({ link, label }: { link: string; label: string }) {
  // API paths (a report) open beside the app; an app route opens in place.
  const inApp = link.startsWith('/')
  return (
    <a
      href={notificationLinkUrl(link)}
      {...(!inApp && { target: '_blank', rel: 'noreferrer' })}
      className="mt-1 inline-block text-sm font-semibold text-brand-700 underline"
    >
      {label}
    </a>
  )
}

function NotificationItem({ notification: n, isNew }: { notification: Notification; isNew: boolean }) {
  const markRead = useMarkNotificationRead()
  const headingColour = isAlertHeading(n.heading) ? 'text-red-600' : 'text-slate-900'
  const fresh = isNew || !n.read
  return (
    <li className={`flex gap-3 px-2 py-4 ${fresh ? 'bg-brand-50/60' : ''}`}>
      <span
        className={`mt-1.5 size-2.5 shrink-0 rounded-full ${fresh ? 'bg-brand-600' : 'bg-transparent'}`}
        aria-hidden
      />
      <div className="min-w-0 flex-1">
        <h3
          className={`${n.read ? 'font-medium' : 'font-bold'} ${headingColour}`}
          data-testid="notification-heading"
        >
          {n.heading}
          {!n.read ? (
            <span className="sr-only"> (unread)</span>
          ) : (
            isNew && (
              <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 align-middle text-[11px] font-semibold text-brand-800">
                New
              </span>
            )
          )}
        </h3>
        <p className={`mt-1 text-sm ${n.read ? 'text-slate-600' : 'font-semibold text-slate-800'}`}>
          {n.body}
        </p>
        {n.link && n.link_label && <NotificationLink link={n.link} label={n.link_label} />}
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <time dateTime={n.created} className="text-xs text-slate-500">
            {formatDateTime(n.created)}
          </time>
          {!n.read && (
            <button
              type="button"
              className="rounded-md px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-100 disabled:opacity-60"
              onClick={() => markRead.mutate(n.id)}
              disabled={markRead.isPending}
            >
              {markRead.isPending ? 'Marking...' : 'Mark as read'}
            </button>
          )}
        </div>
        <MarkFailed error={markRead.error} fallback="Could not mark it as read." className="mt-1" />
      </div>
    </li>
  )
}
