import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { MessageAnswer, Notification } from '../../../contract/index.js'
import { db } from '../../offline/db'
import { useSnapshotQuery } from '../../offline/snapshot'
import { useSession } from '../../lib/session'
import { api } from '../../lib/api-client'

export const NOTIFICATIONS_KEY = ['notifications'] as const

export const fetchNotifications = () => api.get<Notification[]>('users/notifications/')
export const markNotificationRead = (id: number) => api.post<MessageAnswer>(`users/notifications/${id}/read/`)

const newestFirst = (list: Notification[]) =>
  [...list].sort((a, b) => Date.parse(b.created) - Date.parse(a.created))

/** Headings SPEC section 8 shows in red: a payment went wrong. */
const ALERT_HEADINGS = new Set(['Unable to Process Transaction', 'Failed Payment'])
export const isAlertHeading = (heading: string) => ALERT_HEADINGS.has(heading)

/** The logged-in user's notifications, newest first; read from the Dexie snapshot while offline. */
export function useNotifications() {
  const userId = useSession((s) => (s.status === 'authenticated' ? s.id : null))
  const query = useSnapshotQuery<Notification[]>({
    queryKey: NOTIFICATIONS_KEY,
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
  return useMutation({
    mutationFn: async (id: number) => {
      const answer = await markNotificationRead(id)
      await db.notifications.update(id, { read: true })
      return answer
    },
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Notification[]>(NOTIFICATIONS_KEY, (list) =>
        list?.map((n) => (n.id === id ? { ...n, read: true } : n)),
      )
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY })
    },
  })
}
