/**
 * Every back-office call (API.md), with its react-query key. Screens read through the hooks below;
 * a mutation invalidates the keys whose data it changed, so lists reload after every action.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  AdminMessage,
  AdminOrder,
  AdminUser,
  Booking,
  DashboardStats,
  MessageAnswer,
  NotificationSettings,
  PaymentSettings,
  Product,
  Withdrawal,
} from '../../../contract/index.js'
import { api, apiUrl } from '../../lib/api-client'

export const adminKeys = {
  stats: ['admin', 'stats'] as const,
  withdrawals: ['admin', 'withdrawals'] as const,
  users: ['admin', 'users'] as const,
  products: ['products'] as const,
  product: (id: number) => ['products', id] as const,
  bookings: ['admin', 'bookings'] as const,
  messages: ['admin', 'messages'] as const,
  orders: ['admin', 'orders'] as const,
  paymentSettings: ['admin', 'payment-settings'] as const,
  notificationSettings: (id: number) => ['admin', 'notification-settings', id] as const,
}

/**
 * The back office works online only (no outbox): a call made while offline goes out anyway, so it fails at
 * once and says so (or the service worker answers a read), rather than waiting paused, showing busy text.
 */
const CALL_EVEN_OFFLINE = { networkMode: 'always' } as const

// ---------- queries ----------

export const statsQuery = queryOptions({
  ...CALL_EVEN_OFFLINE,
  queryKey: adminKeys.stats,
  queryFn: () => api.get<DashboardStats>('get/stat'),
})
export const withdrawalsQuery = queryOptions({
  ...CALL_EVEN_OFFLINE,
  queryKey: adminKeys.withdrawals,
  queryFn: () => api.get<Withdrawal[]>('admins/withdrawals/'),
})
export const usersQuery = queryOptions({
  ...CALL_EVEN_OFFLINE,
  queryKey: adminKeys.users,
  queryFn: () => api.get<AdminUser[]>('get/users/'),
})
/** Always the server's list: the shop's service-worker copy would hide an edit just made. */
export const productsQuery = queryOptions({
  ...CALL_EVEN_OFFLINE,
  queryKey: adminKeys.products,
  queryFn: () => api.get<Product[]>('add/products/', { cache: 'no-cache' }),
})
/** SPEC spells the single-product path "produts". */
export const productQuery = (id: number) =>
  queryOptions({
    ...CALL_EVEN_OFFLINE,
    queryKey: adminKeys.product(id),
    queryFn: () => api.get<Product>(`add/produts/${id}`),
    staleTime: 0,
  })
export const bookingsQuery = queryOptions({
  ...CALL_EVEN_OFFLINE,
  queryKey: adminKeys.bookings,
  queryFn: () => api.get<Booking[]>('appointment/'),
})
export const messagesQuery = queryOptions({
  ...CALL_EVEN_OFFLINE,
  queryKey: adminKeys.messages,
  queryFn: () => api.get<AdminMessage[]>('admins/messages/'),
})
export const ordersQuery = queryOptions({
  ...CALL_EVEN_OFFLINE,
  queryKey: adminKeys.orders,
  queryFn: () => api.get<AdminOrder[]>('admins/orders/'),
})
/** Null until the payout account is first saved. */
export const paymentSettingsQuery = queryOptions({
  ...CALL_EVEN_OFFLINE,
  queryKey: adminKeys.paymentSettings,
  queryFn: () => api.get<PaymentSettings | null>('admins/payment-settings/'),
  staleTime: 0,
})
export const notificationSettingsQuery = (id: number) =>
  queryOptions({
    ...CALL_EVEN_OFFLINE,
    queryKey: adminKeys.notificationSettings(id),
    queryFn: () => api.get<NotificationSettings>(`admins/notification-settings/${id}/`),
    staleTime: 0,
  })

export const useStats = () => useQuery(statsQuery)
export const useWithdrawals = (enabled: boolean) => useQuery({ ...withdrawalsQuery, enabled })
export const useUsers = () => useQuery(usersQuery)
export const useProducts = () => useQuery(productsQuery)
export const useBookings = () => useQuery(bookingsQuery)
export const useMessages = () => useQuery(messagesQuery)
export const useOrders = () => useQuery(ordersQuery)

/** The CSV of the orders matching the filters (API.md additions: GET admins/orders/export.csv). */
export function ordersExportUrl(filters: { status: string; q: string; from: string; to: string }) {
  const params = new URLSearchParams()
  // Blank filters are left out: the server checks the ones that are there (dates as YYYY-MM-DD).
  if (filters.status !== 'all') params.set('status', filters.status)
  if (filters.q.trim()) params.set('q', filters.q.trim())
  if (filters.from) params.set('from', filters.from)
  if (filters.to) params.set('to', filters.to)
  const query = params.toString()
  return apiUrl(`admins/orders/export.csv${query ? `?${query}` : ''}`)
}

// ---------- mutations ----------

/** A mutation that reloads the given lists when it succeeds. */
function useAdminMutation<TVars, TData = MessageAnswer>(
  mutationFn: (vars: TVars) => Promise<TData>,
  invalidates: readonly (readonly unknown[])[],
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...CALL_EVEN_OFFLINE,
    mutationFn,
    onSuccess: () => Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  })
}

export const useRequestWithdrawal = () =>
  useAdminMutation(
    (amount: number) => api.post<MessageAnswer & { id: number }>('admins/withdrawals/', { amount }),
    [adminKeys.withdrawals, adminKeys.stats],
  )

export interface NewAdmin {
  fullName: string
  email: string
  password: string
  phoneNumber: string
}
export const useAddAdmin = () =>
  useAdminMutation(
    (body: NewAdmin) => api.post<MessageAnswer>('register/admin/', body),
    [adminKeys.users, adminKeys.stats],
  )

export const useUpdateUser = () =>
  useAdminMutation(
    ({ id, ...body }: { id: number; role: string; phone_number: string }) =>
      api.post<MessageAnswer>(`admins/users/${id}/`, body),
    [adminKeys.users],
  )

/** DELETE admins/delete/{id}/{kind}/: 204 is success (SPEC section 4). */
export const useDeleteUser = () =>
  useAdminMutation(
    (id: number) => api.delete(`admins/delete/${id}/user/`),
    [adminKeys.users, adminKeys.stats],
  )
export const useDeleteProduct = () =>
  useAdminMutation((id: number) => api.delete(`admins/delete/${id}/product/`), [adminKeys.products])

/** Add (POST add/products/) or edit (POST add/produts/{id}/) with the multipart form. */
export const useSaveProduct = () =>
  useAdminMutation(
    ({ id, form }: { id: number | null; form: FormData }) =>
      api.post<Product>(id === null ? 'add/products/' : `add/produts/${id}/`, form),
    [adminKeys.products],
  )

/** Pending -> Confirmed -> Completed. */
export const useAdvanceBooking = () =>
  useAdminMutation(
    (id: number) => api.post<MessageAnswer & { status: string }>(`admins/actions/${id}/`),
    [adminKeys.bookings, adminKeys.stats],
  )
/** Rejecting keeps the booking, with status Cancelled. */
export const useRejectBooking = () =>
  useAdminMutation(
    (id: number) => api.delete(`admins/delete/${id}/booking/`),
    [adminKeys.bookings, adminKeys.stats],
  )

/** Without a status the order is marked done (Completed); { status: 'Shipped' } marks it shipped. */
export const useOrderAction = () =>
  useAdminMutation(
    ({ id, status }: { id: number; status?: 'Shipped' }) =>
      api.post<MessageAnswer & { status: string }>(
        `admins/order_actions/${id}/`,
        status ? { status } : undefined,
      ),
    [adminKeys.orders],
  )

export const useSavePaymentSettings = () =>
  useAdminMutation(
    (body: PaymentSettings) => api.post<MessageAnswer>('admins/payment-settings/', body),
    [adminKeys.paymentSettings],
  )
export const useSaveNotificationSettings = (id: number) =>
  useAdminMutation(
    (body: NotificationSettings) => api.post<MessageAnswer>(`admins/notification-settings/${id}/`, body),
    [adminKeys.notificationSettings(id)],
  )
