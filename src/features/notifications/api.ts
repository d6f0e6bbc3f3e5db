/**
 * Notifications' data: the user menu's list (readable offline), marking one or all read, and the admin's
 * new-item counts in the sidebar (admins/alerts/).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { MessageAnswer } from '../../../contract/fields.js'
import type { Notification } from '../../../contract/notifications.js'
import type { AdminAlerts, AlertList } from '../../../contract/outbox.js'
import { api } from '../../lib/api-client'
import { CALL_EVEN_OFFLINE, userScope } from '../../lib/query'
import { useUserId } from '../../lib/session'
import { db } from '../../offline/db'
import { useSnapshotQuery } from '../../offline/snapshot'

export const notificationKeys = {
  list: (userId: number | null) => [...userScope(userId), 'notifications'] as const,
  adminAlerts: (userId: number | null) => [...userScope(userId), 'notifications', 'admin-alerts'] as const,
}

export const fetchNotifications = () => api.get<Notification[]>('users/notifications/')
export const markNotificationRead = (id: number) => api.post<MessageAnswer>(`users/notifications/${id}/read/`)
export const markAllNotificationsRead = () =>
  api.post<MessageAnswer & { count: number }>('users/notifications/read-all/')

const newestFirst = (list: Notification[]) =>
  [...list].sort((a, b) => Date.parse(b.created) - Date.parse(a.created))

/** Headings SPEC section 8 shows in red: a payment went wrong. */
const ALERT_HEADINGS = new Set(['Unable to Process Transaction', 'Failed Payment'])
export const isAlertHeading = (heading: string) => ALERT_HEADINGS.has(heading)

/** The logged-in user's notifications, newest first; read from the Dexie snapshot while offline. */
export function useNotifications() {
  const userId = useUserId()
  const query = useSnapshotQuery<Notification[]>({
    queryKey: notificationKeys.list(userId),
    enabled: userId !== null,
    fetch: fetchNotifications,
    read: async () => {
      if (userId === null) return undefined
      const saved = await db.notifications.where('userId').equals(userId).toArray()
      return saved.length ? newestFirst(saved.map(({ userId: _owner, ...n }) => n)) : undefined
    },
    write: async (list) => {
      if (userId === null) return
      await db.transaction('rw', db.notifications, async () => {
        await db.notifications.where('userId').equals(userId).delete()
        await db.notifications.bulkPut(list.map((n) => ({ ...n, userId })))
      })
    },
  })
  const list = query.data ? newestFirst(query.data) : []
  return { ...query, list, unread: list.filter((n) => !n.read).length }
}

/** Marks one notification read on the server and in the saved snapshot, then refreshes the list. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient()
  const key = notificationKeys.list(useUserId())
  return useMutation({
    mutationFn: async (id: number) => {
      const answer = await markNotificationRead(id)
      await db.notifications.update(id, { read: true })
      return answer
    },
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Notification[]>(key, (list) =>
        list?.map((n) => (n.id === id ? { ...n, read: true } : n)),
      )
      void queryClient.invalidateQueries({ queryKey: key })
    },
  })
}

/** Marks every notification read on the server and in the saved snapshot (opening the list, "Mark all read"). */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient()
  const userId = useUserId()
  const key = notificationKeys.list(userId)
  return useMutation({
    mutationFn: async () => {
      const answer = await markAllNotificationsRead()
      if (userId !== null) await db.notifications.where('userId').equals(userId).modify({ read: true })
      return answer
    },
    onSuccess: () => {
      queryClient.setQueryData<Notification[]>(key, (list) => list?.map((n) => ({ ...n, read: true })))
      void queryClient.invalidateQueries({ queryKey: key })
    },
  })
}

// ---------- the admin's new-item counts ----------

/** How often the sidebar asks for new bookings, orders and messages while the back office is open. */
const ALERTS_REFRESH_MS = 60_000

export const adminAlertsQuery = (userId: number | null) =>
  queryOptions({
    ...CALL_EVEN_OFFLINE,
    queryKey: notificationKeys.adminAlerts(userId),
    queryFn: () => api.get<AdminAlerts>('admins/alerts/'),
    enabled: userId !== null,
    refetchInterval: ALERTS_REFRESH_MS,
  })
export const useAdminAlerts = () => useQuery(adminAlertsQuery(useUserId()))

/** The admin opened a list: its count starts again from now (zeroed on screen at once). */
export function useMarkListSeen() {
  const queryClient = useQueryClient()
  const key = notificationKeys.adminAlerts(useUserId())
  return useMutation({
    ...CALL_EVEN_OFFLINE,
    mutationFn: (list: AlertList) => api.post<MessageAnswer>(`admins/alerts/${list}/seen/`),
    onMutate: (list) => {
      queryClient.setQueryData<AdminAlerts>(key, (alerts) => alerts && { ...alerts, [list]: 0 })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  })
}
