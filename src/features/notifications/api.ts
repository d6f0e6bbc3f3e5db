/** Notifications' data: the user menu's list (readable offline) and marking one or all read. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Notification } from '../../../contract/notifications.js'
import { apiUrl, callApi } from '../../lib/api-client'
import { userScope } from '../../lib/user-scope'
import { useUserId } from '../../lib/session'
import { db } from '../../offline/db'
import { useOwnedSnapshotQuery } from '../../offline/snapshot'

export const notificationKeys = {
  list: (userId: number | null) => [...userScope(userId), 'notifications'] as const,
}

export const fetchNotifications = () => callApi('GET users/notifications/')
export const markNotificationRead = (id: number) =>
  callApi('POST users/notifications/{id}/read/', { params: { id } })
export const markAllNotificationsRead = () => callApi('POST users/notifications/read-all/')

/** Where a notification's link goes: an app route ("/…") as it is, an API path (a report) under the API base. */
export const notificationLinkUrl = (link: string) => (link.startsWith('/') ? link : apiUrl(link))

const newestFirst = (list: Notification[]) =>
  [...list].sort((a, b) => Date.parse(b.created) - Date.parse(a.created))

/** Headings shown in red: a payment went wrong. */
const ALERT_HEADINGS = new Set(['Unable to Process Transaction', 'Failed Payment'])
export const isAlertHeading = (heading: string) => ALERT_HEADINGS.has(heading)

/** The logged-in user's notifications, newest first; read from the Dexie snapshot while offline. */
export function useNotifications() {
  const userId = useUserId()
  const query = useOwnedSnapshotQuery({
    queryKey: notificationKeys.list(userId),
    userId,
    fetch: fetchNotifications,
    table: (db) => db.notifications,
    arrange: newestFirst,
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
