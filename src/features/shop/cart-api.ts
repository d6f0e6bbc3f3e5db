import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useLiveQuery } from 'dexie-react-hooks'
import type { CartItem, InitiatePaymentAnswer, MessageAnswer, VerifyAnswer } from '../../../contract/index.js'
import { clampQuantity } from './quantity'
import { db } from '../../offline/db'
import { api } from '../../lib/api-client'

export const CART_KEY = ['cart'] as const

export const fetchCart = () => api.get<CartItem[]>('get/carts/')
export const addToCart = (productId: number) => api.post<MessageAnswer>(`cart/${productId}/`)
export const removeFromCart = (productId: number) => api.delete(`admins/delete/${productId}/cart/`)
export const updateCart = (items: { id: number; quantity: number }[]) =>
  api.post<MessageAnswer>('/update-cart/', { items })
export const initiatePayment = () => api.post<InitiatePaymentAnswer>('api/initiate-payment/')
export const verifyPayment = (body: { tx_ref: string; status?: string; transaction_id?: string }) =>
  api.post<VerifyAnswer>('verify/', body)

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
export function useCart(userId: number | null) {
  const queryClient = useQueryClient()
  const query = useQuery({
    queryKey: [...CART_KEY, userId],
    enabled: userId !== null,
    queryFn: async () => {
      const server = await fetchCart()
      if (userId !== null) await saveServerCart(userId, server)
      return server
    },
  })
  const lines = useLiveQuery(async (): Promise<CartItem[]> => {
    if (userId === null) return []
    const saved = await db.cart.where('userId').equals(userId).toArray()
    return saved.map(({ userId: _owner, ...line }) => line)
  }, [userId])

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
        const saved = await db.cart.get([userId, productId])
        if (saved)
          await db.cart.update([userId, productId], {
            quantity: clampQuantity(saved.quantity + 1, saved.stock),
          })
      }
      await queryClient.invalidateQueries({ queryKey: CART_KEY })
      return answer
    },
    async remove(productId: number) {
      await removeFromCart(productId)
      if (userId !== null) await db.cart.delete([userId, productId])
      await queryClient.invalidateQueries({ queryKey: CART_KEY })
    },
  }
}
