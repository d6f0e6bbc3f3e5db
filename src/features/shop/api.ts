/** The shop's data: the catalogue, the cart, checkout and payment, and the back office's Products screen. */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useLiveQuery } from 'dexie-react-hooks'
import type { CartItem, UpdateCartRequest } from '../../../contract/cart.js'
import type { Product } from '../../../contract/catalogue.js'
import type { MessageAnswer } from '../../../contract/fields.js'
import type { InitiatePaymentAnswer, VerifyAnswer, VerifyRequest } from '../../../contract/payments.js'
import { api } from '../../lib/api-client'
import { CALL_EVEN_OFFLINE, userScope, useUserMutation } from '../../lib/query'
import { useUserId } from '../../lib/session'
import { db } from '../../offline/db'
import { useSnapshotQuery } from '../../offline/snapshot'
import { clampQuantity } from './quantity'

export const shopKeys = {
  /** The public catalogue: the same for everyone, so outside any user's scope. */
  catalogue: ['catalogue'] as const,
  cart: (userId: number | null) => [...userScope(userId), 'cart'] as const,
  /** The back office's product list: always the server's, never the shop's saved copy. */
  adminProducts: (userId: number | null) => [...userScope(userId), 'products', 'admin'] as const,
  adminProduct: (userId: number | null, id: number) => [...shopKeys.adminProducts(userId), id] as const,
}

// ---------- catalogue ----------

export const fetchProducts = () => api.get<Product[]>('add/products/')

/** The catalogue, shown from the Dexie snapshot at once (and offline) and refreshed from the network. */
export function useCatalogue() {
  return useSnapshotQuery<Product[]>({
    queryKey: shopKeys.catalogue,
    fetch: fetchProducts,
    read: async () => {
      const saved = await db.products.toArray()
      return saved.length ? saved : undefined
    },
    write: async (products) => {
      await db.transaction('rw', db.products, async () => {
        await db.products.clear()
        await db.products.bulkPut(products)
      })
    },
  })
}

// ---------- cart ----------

export const fetchCart = () => api.get<CartItem[]>('get/carts/')
export const addToCart = (productId: number) => api.post<MessageAnswer>(`cart/${productId}/`)
export const removeFromCart = (productId: number) => api.delete(`admins/delete/${productId}/cart/`)
export const updateCart = (items: UpdateCartRequest['items']) =>
  api.post<MessageAnswer>('/update-cart/', { items })

/**
 * Saves the server's cart lines in Dexie, keeping quantities the customer changed on this device
 * (they reach the server at checkout): the server says which lines exist, the device says how many.
 */
async function saveServerCart(userId: number, server: CartItem[]) {
  await db.transaction('rw', db.cart, async () => {
    const saved = new Map((await db.cart.where('userId').equals(userId).toArray()).map((l) => [l.id, l]))
    await db.cart.bulkPut(
      server.map((line) => ({
        ...line,
        userId,
        quantity: clampQuantity(saved.get(line.id)?.quantity ?? line.quantity, line.stock),
      })),
    )
    const gone = [...saved.keys()].filter((id) => !server.some((l) => l.id === id))
    await db.cart.bulkDelete(gone.map((id) => [userId, id] as [number, number]))
  })
}

/** The logged-in customer's cart: lines from the server, quantities kept on the device (works offline). */
export function useCart() {
  const userId = useUserId()
  const queryClient = useQueryClient()
  const query = useQuery({
    queryKey: shopKeys.cart(userId),
    enabled: userId !== null,
    queryFn: async () => {
      const server = await fetchCart()
      if (userId !== null) await saveServerCart(userId, server)
      return server
    },
  })
  // Tagged with its owner: after a change of user the previous answer is ignored, not shown for a frame.
  const saved = useLiveQuery(async () => {
    if (userId === null) return { userId, lines: [] as CartItem[] }
    const rows = await db.cart.where('userId').equals(userId).toArray()
    return { userId, lines: rows.map(({ userId: _owner, ...line }): CartItem => line) }
  }, [userId])
  const lines = saved?.userId === userId ? saved.lines : undefined

  return {
    lines,
    isLoading: lines === undefined || (lines.length === 0 && query.isLoading),
    /** Changes a quantity on this device only (clamped to 1..stock). */
    async setQuantity(line: CartItem, quantity: number) {
      if (userId === null) return
      await db.cart.update([userId, line.id], { quantity: clampQuantity(quantity, line.stock) })
    },
    async add(productId: number) {
      const answer = await addToCart(productId)
      // The server added one; add it to the device's own count too, or the saved quantity would hide it.
      if (userId !== null) {
        const line = await db.cart.get([userId, productId])
        if (line)
          await db.cart.update([userId, productId], {
            quantity: clampQuantity(line.quantity + 1, line.stock),
          })
      }
      await queryClient.invalidateQueries({ queryKey: shopKeys.cart(userId) })
      return answer
    },
    async remove(productId: number) {
      await removeFromCart(productId)
      if (userId !== null) await db.cart.delete([userId, productId])
      await queryClient.invalidateQueries({ queryKey: shopKeys.cart(userId) })
    },
  }
}

// ---------- checkout and payment ----------

export const initiatePayment = () => api.post<InitiatePaymentAnswer>('api/initiate-payment/')
export const verifyPayment = (body: VerifyRequest) => api.post<VerifyAnswer>('verify/', body)

// ---------- back office ----------

/** Always the server's list: the shop's service-worker copy would hide an edit just made. */
export const adminProductsQuery = (userId: number | null) =>
  queryOptions({
    ...CALL_EVEN_OFFLINE,
    queryKey: shopKeys.adminProducts(userId),
    queryFn: () => api.get<Product[]>('add/products/', { cache: 'no-cache' }),
    enabled: userId !== null,
  })
export const useAdminProducts = () => useQuery(adminProductsQuery(useUserId()))

/** SPEC spells the single-product path "produts". */
export const adminProductQuery = (userId: number | null, id: number) =>
  queryOptions({
    ...CALL_EVEN_OFFLINE,
    queryKey: shopKeys.adminProduct(userId, id),
    queryFn: () => api.get<Product>(`add/produts/${id}`),
    staleTime: 0,
  })

/** Add (POST add/products/) or edit (POST add/produts/{id}/) with the multipart form; the shop's copy goes stale too. */
export const useSaveProduct = () =>
  useUserMutation(
    ({ id, form }: { id: number | null; form: FormData }) =>
      api.post<Product>(id === null ? 'add/products/' : `add/produts/${id}/`, form),
    CALL_EVEN_OFFLINE,
    [shopKeys.catalogue],
  )

export const useDeleteProduct = () =>
  useUserMutation((id: number) => api.delete(`admins/delete/${id}/product/`), CALL_EVEN_OFFLINE, [
    shopKeys.catalogue,
  ])
