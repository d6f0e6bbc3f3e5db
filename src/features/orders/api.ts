/** Orders' data: the customer's /orders and the back office's Orders screen. */
import { useQuery } from '@tanstack/react-query'
import type { OrderActionRequest, OrderFilterRequest, UserOrder } from '../../../contract/orders.js'
import type { DeliveryFeesRequest } from '../../../contract/delivery.js'
import { callApi, callUrl } from '../../lib/api-client'
import { CALL_EVEN_OFFLINE, onlineOnlyQuery, useOnlineOnlyMutation } from '../../lib/query'
import { userScope } from '../../lib/user-scope'
import { useUserId } from '../../lib/session'
import { useOwnedSnapshotQuery } from '../../offline/snapshot'

export const orderKeys = {
  all: (userId: number | null) => [...userScope(userId), 'orders'] as const,
  mine: (userId: number | null) => [...orderKeys.all(userId), 'mine'] as const,
  admin: (userId: number | null) => [...orderKeys.all(userId), 'admin'] as const,
  detail: (userId: number | null, reference: string) => [...orderKeys.admin(userId), reference] as const,
  refunds: (userId: number | null) => [...userScope(userId), 'refunds'] as const,
  /** Public (checkout reads it too), so outside the user's scope. */
  deliveryFees: ['delivery-fees'] as const,
}

/** GET admins/orders/{reference}/: one order with its lines and delivery details. */
export const useAdminOrderDetail = (reference: string | null) => {
  const userId = useUserId()
  return useQuery({
    ...CALL_EVEN_OFFLINE,
    queryKey: orderKeys.detail(userId, reference ?? ''),
    queryFn: () => callApi('GET admins/orders/{reference}/', { params: { reference: reference ?? '' } }),
    enabled: userId !== null && reference !== null,
  })
}

/** GET admins/refunds/: charges given back (or due to be), newest first. */
export const useAdminRefunds = () => {
  const userId = useUserId()
  return useQuery(onlineOnlyQuery(userId, orderKeys.refunds(userId), () => callApi('GET admins/refunds/')))
}

export const useDeliveryFeesTable = () =>
  useQuery({
    ...CALL_EVEN_OFFLINE,
    queryKey: orderKeys.deliveryFees,
    queryFn: () => callApi('GET delivery-fees/'),
  })

export const useSaveDeliveryFees = () =>
  useOnlineOnlyMutation(
    (body: DeliveryFeesRequest) => callApi('POST admins/delivery-fees/', { body }),
    [orderKeys.deliveryFees],
  )

export const fetchMyOrders = () => callApi('GET users/orders/')

const newestFirst = (orders: UserOrder[]) =>
  [...orders].sort((a, b) => Date.parse(b.created) - Date.parse(a.created) || b.id - a.id)

/** The customer's orders, from the Dexie snapshot at once (readable offline) and refreshed from the network. */
export function useMyOrders() {
  const userId = useUserId()
  return useOwnedSnapshotQuery({
    queryKey: orderKeys.mine(userId),
    userId,
    fetch: fetchMyOrders,
    table: (db) => db.orders,
    arrange: newestFirst,
  })
}

export const adminOrdersQuery = (userId: number | null) =>
  onlineOnlyQuery(userId, orderKeys.admin(userId), () => callApi('GET admins/orders/'))
export const useAdminOrders = () => useQuery(adminOrdersQuery(useUserId()))

/** Without a status the order is marked done (Completed); { status: 'Shipped' } marks it shipped. */
export const useOrderAction = () =>
  useOnlineOnlyMutation(({ id, status }: { id: number; status?: OrderActionRequest['status'] }) =>
    // Completed is sent with no body, as the original app does.
    callApi('POST admins/order_actions/{id}/', { params: { id }, body: status ? { status } : undefined }),
  )

/** The CSV of the orders matching the filters (GET admins/orders/export.csv). */
export function ordersExportUrl(filters: { status: string; q: string; from: string; to: string }) {
  // Blank filters are left out: the server checks the ones that are there (dates as YYYY-MM-DD).
  const query: OrderFilterRequest = {
    status: filters.status === 'all' ? undefined : filters.status,
    q: filters.q.trim(),
    from: filters.from,
    to: filters.to,
  }
  return callUrl('GET admins/orders/export.csv', undefined, query)
}
