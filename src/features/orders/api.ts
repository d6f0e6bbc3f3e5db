import type { UserOrder } from '../../../contract/index.js'
import { db } from '../../offline/db'
import { useSnapshotQuery } from '../../offline/snapshot'
import { api } from '../../lib/api-client'

export const ORDERS_KEY = ['orders'] as const

export const fetchOrders = () => api.get<UserOrder[]>('users/orders/')

const newestFirst = (orders: UserOrder[]) =>
  [...orders].sort((a, b) => Date.parse(b.created) - Date.parse(a.created) || b.id - a.id)

/** The customer's orders, from the Dexie snapshot at once (readable offline) and refreshed from the network. */
export function useOrders(userId: number | null) {
  return useSnapshotQuery<UserOrder[]>({
    queryKey: [...ORDERS_KEY, userId],
    enabled: userId !== null,
    fetch: fetchOrders,
    read: async () => {
      if (userId === null) return undefined
      const saved = await db.orders.where('userId').equals(userId).toArray()
      return saved.length ? newestFirst(saved.map(({ userId: _owner, ...order }) => order)) : undefined
    },
    write: async (orders) => {
      if (userId === null) return
      await db.transaction('rw', db.orders, async () => {
        await db.orders.where('userId').equals(userId).delete()
        await db.orders.bulkPut(orders.map((order) => ({ ...order, userId })))
      })
    },
  })
}
