/** The shop's data: the catalogue, the cart, checkout and payment, and the back office's Products screen. */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { CartItem, UpdateCartRequest } from '../../../contract/cart.js'
import type { Product } from '../../../contract/catalogue.js'
import type { InitiatePaymentRequest, VerifyRequest } from '../../../contract/payments.js'
import { ApiError, callApi } from '../../lib/api-client'
import { editedOnlineQuery, onlineOnlyQuery, useOnlineOnlyMutation } from '../../lib/query'
import { userScope } from '../../lib/user-scope'
import { useUserId } from '../../lib/session'
import type { AppDatabase } from '../../offline/db'
import { loadDb, loadOutbox, useLazyLiveQuery } from '../../offline/db-lazy'
import type { SubmitResult } from '../../offline/outbox'
import type { CartSetAnswer } from '../../../contract/cart.js'
import { useSnapshotQuery } from '../../offline/snapshot'
import { clampQuantity } from './quantity'

export const shopKeys = {
  /** The public catalogue: the same for everyone, so outside any user's scope. */
  catalogue: ['catalogue'] as const,
  cart: (userId: number | null) => [...userScope(userId), 'cart'] as const,
  /** The back office's product list: always the server's, never the shop's saved copy. */
  adminProducts: (userId: number | null) => [...userScope(userId), 'products', 'admin'] as const,
  adminProduct: (userId: number | null, id: number) => [...shopKeys.adminProducts(userId), id] as const,
  /** The same key as orders' deliveryFees: one cached list, refreshed when the admin saves the fees. */
  deliveryFees: ['delivery-fees'] as const,
  checkoutProfile: (userId: number | null) => [...userScope(userId), 'checkout', 'profile'] as const,
  payment: (userId: number | null, txRef: string | null) =>
    [...userScope(userId), 'payments', txRef] as const,
}

// ---------- catalogue ----------

export const fetchProducts = () => callApi('GET add/products/')

/**
 * The catalogue, shown from the Dexie snapshot at once (and offline) and refreshed from the network.
 * A first visit has no snapshot and saves none: it shows the network's answer, and the service worker
 * keeps that answer for the next visit offline (it caches the catalogue when it installs, sw/sw.ts).
 * Dexie (~32 KB over six scripts, with the outbox's replay) is loaded only on a device that already uses it.
 */
export function useCatalogue() {
  return useSnapshotQuery<Product[]>({
    queryKey: shopKeys.catalogue,
    fetch: fetchProducts,
    saveOnlyIfInUse: true,
    read: async (db) => {
      const saved = await db.products.toArray()
      return saved.length ? saved : undefined
    },
    write: async (products, db) => {
      await db.transaction('rw', db.products, async () => {
        await db.products.clear()
        await db.products.bulkPut(products)
      })
    },
  })
}

// ---------- cart ----------

export const fetchCart = () => callApi('GET get/carts/')
/** Sends the device's whole cart before checkout; the cart changes still queued are then in it. */
export async function updateCart(userId: number | null, items: UpdateCartRequest['items']) {
  const answer = await callApi('POST update-cart/', { body: { items } })
  if (userId !== null) {
    const [db, { dropQueuedCartChanges }] = await Promise.all([loadDb(), import('./offline')])
    await dropQueuedCartChanges(db, userId)
  }
  return answer
}

/** Product ids with a cart change still waiting in the outbox: on those the device is ahead of the server. */
async function pendingCartIds(db: AppDatabase, userId: number): Promise<Set<number>> {
  const entries = await db.outbox.where('userId').equals(userId).toArray()
  return new Set(
    entries
      .filter((e) => e.kind === 'cart' && e.status !== 'failed')
      .map((e) => Number((e.body as { id?: unknown }).id)),
  )
}

/**
 * Saves the server's cart lines in Dexie. Lines with a change still queued keep the device's version
 * (added, removed or a new quantity not yet sent); every other line is the server's.
 */
async function saveServerCart(userId: number, server: CartItem[]) {
  const db = await loadDb()
  await db.transaction('rw', db.cart, db.outbox, async () => {
    const pending = await pendingCartIds(db, userId)
    const saved = new Map((await db.cart.where('userId').equals(userId).toArray()).map((l) => [l.id, l]))
    await db.cart.bulkPut(
      server
        .filter((line) => !pending.has(line.id))
        .map((line) => ({ ...line, userId, quantity: clampQuantity(line.quantity, line.stock) })),
    )
    const gone = [...saved.keys()].filter((id) => !pending.has(id) && !server.some((l) => l.id === id))
    await db.cart.bulkDelete(gone.map((id) => [userId, id] as [number, number]))
  })
}

/**
 * The device's cart made the server's again, e.g. after a payment emptied it: the top bar's count reads
 * the device's cart, and no cart screen is open to refresh it.
 */
export async function refreshDeviceCart(userId: number) {
  await saveServerCart(userId, await fetchCart())
}

/**
 * Sets the device's line (`onDevice`) and queues "this line now has `quantity`" (POST cart/set/) through
 * the outbox in one transaction, after dropping the same line's older changes not yet sent: the sets are
 * absolute, so only the last one matters, and the lines' changes reach the server in the order made.
 * One transaction: a reload right after a change used to find the new quantity without its outbox
 * entry, and the server's older cart then overwrote it.
 */
async function queueCartSet(
  userId: number,
  line: { id: number; name: string },
  quantity: number,
  onDevice: (db: AppDatabase) => Promise<unknown>,
) {
  const [{ submitThroughOutbox }] = await Promise.all([loadOutbox(), import('./offline')])
  // The name only labels the entry in the outbox panel; the server reads id and quantity.
  return submitThroughOutbox(
    'cart',
    'POST cart/set/',
    { id: line.id, quantity, name: line.name },
    userId,
    async (db) => {
      await onDevice(db)
      const now = Date.now()
      const stale = (await db.outbox.where('userId').equals(userId).toArray()).filter(
        (e) =>
          e.kind === 'cart' &&
          e.status === 'waiting' &&
          !(e.sendingUntil && e.sendingUntil > now) &&
          Number((e.body as { id?: unknown }).id) === line.id,
      )
      await db.outbox.bulkDelete(stale.map((e) => e.id))
    },
  )
}

const NO_LINES: CartItem[] = []

/** The product as a cart line (its first unit). */
const lineOf = (p: Product): CartItem => ({
  id: p.id,
  name: p.name,
  description: p.description,
  image: p.image,
  prices: p.price,
  originalPrice: p.originalPrice,
  stock: p.stock,
  quantity: 1,
})

/**
 * The logged-in customer's cart, kept in Dexie so it works offline: adding, removing and quantities
 * change the device's cart at once and reach the server through the outbox (at once when online,
 * on reconnection otherwise), so a reload or another device sees them.
 * A logged-out visitor has no cart: for them the database is never loaded.
 */
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
  // Keyed by its owner: after a change of user the previous answer is never shown, not even for a frame.
  const saved = useLazyLiveQuery(userId === null ? null : `cart:${userId}`, async (db) => {
    if (userId === null) return NO_LINES
    const rows = await db.cart.where('userId').equals(userId).toArray()
    return rows.map(({ userId: _owner, ...line }): CartItem => line)
  })
  const lines = userId === null ? NO_LINES : saved

  /** The server kept less than asked (stock ran out meanwhile): the device follows, and says why. */
  const settle = async (sent: SubmitResult<CartSetAnswer>, productId: number, asked: number) => {
    if (sent.state !== 'sent' || userId === null) return null
    const { quantity, message } = sent.data
    if (quantity === asked) return null
    const db = await loadDb()
    if (quantity === 0) await db.cart.delete([userId, productId])
    else await db.cart.update([userId, productId], { quantity })
    return message
  }

  return {
    lines,
    isLoading: lines === undefined || (lines.length === 0 && query.isLoading),
    /** Sets a quantity (clamped to 1..stock) on this device, then on the server. */
    async setQuantity(line: CartItem, quantity: number) {
      if (userId === null) return
      const clamped = clampQuantity(quantity, line.stock)
      const sent = await queueCartSet(userId, line, clamped, (db) =>
        db.cart.update([userId, line.id], { quantity: clamped }),
      )
      await settle(sent, line.id, clamped)
    },
    /** Adds one unit; resolves to a message when the server kept less (else null). Works offline. */
    async add(product: Product) {
      if (userId === null) return null
      const db = await loadDb()
      const before = await db.cart.get([userId, product.id])
      // The server's own refusal (cart/{id}/ answers the same), checked here so it holds offline too.
      if (before && before.quantity >= product.stock) {
        const message = `Only ${product.stock} of ${product.name} left`
        throw new ApiError(409, message, { message })
      }
      const quantity = before ? before.quantity + 1 : 1
      try {
        const sent = await queueCartSet(userId, product, quantity, (db) =>
          before
            ? db.cart.update([userId, product.id], { quantity })
            : db.cart.put({ ...lineOf(product), userId }),
        )
        return await settle(sent, product.id, quantity)
      } catch (err) {
        // Refused (the product is gone): the device's cart goes back to what it was.
        if (before) await db.cart.put(before)
        else await db.cart.delete([userId, product.id])
        throw err
      } finally {
        void queryClient.invalidateQueries({ queryKey: shopKeys.cart(userId) })
      }
    },
    /** Removes a line from this device, then from the server. Works offline. */
    async remove(line: Pick<CartItem, 'id' | 'name'>) {
      if (userId === null) return
      await queueCartSet(userId, line, 0, (db) => db.cart.delete([userId, line.id]))
    },
  }
}

// ---------- checkout and payment ----------

export const initiatePayment = (body?: InitiatePaymentRequest) =>
  callApi('POST api/initiate-payment/', { body })

/** GET delivery-fees/: public, changes rarely. */
export const useDeliveryFees = () =>
  useQuery({
    queryKey: shopKeys.deliveryFees,
    queryFn: () => callApi('GET delivery-fees/'),
    staleTime: 10 * 60_000,
  })

/** The customer's profile, to pre-fill the delivery step (the account feature owns the profile screen). */
export const useCheckoutProfile = () => {
  const userId = useUserId()
  return useQuery({
    queryKey: shopKeys.checkoutProfile(userId),
    queryFn: () => callApi('GET admins/settings/{userId}/', { params: { userId: userId! } }),
    enabled: userId !== null,
  })
}

/** GET payments/{tx_ref}/: the success page's order summary. */
export const usePaymentOutcome = (txRef: string | null, enabled: boolean) => {
  const userId = useUserId()
  return useQuery({
    queryKey: shopKeys.payment(userId, txRef),
    queryFn: () => callApi('GET payments/{txRef}/', { params: { txRef: txRef ?? '' } }),
    enabled: enabled && txRef !== null && userId !== null,
  })
}
export const verifyPayment = (body: VerifyRequest) => callApi('POST verify/', { body })

// ---------- back office ----------

/** Always the server's list: the shop's service-worker copy would hide an edit just made. */
export const adminProductsQuery = (userId: number | null) =>
  onlineOnlyQuery(userId, shopKeys.adminProducts(userId), () =>
    callApi('GET add/products/', undefined, { cache: 'no-cache' }),
  )
export const useAdminProducts = () => useQuery(adminProductsQuery(useUserId()))

/** The single-product path keeps the original client's spelling, "produts". */
export const adminProductQuery = (userId: number | null, id: number) =>
  editedOnlineQuery(shopKeys.adminProduct(userId, id), () =>
    callApi('GET add/produts/{id}', { params: { id } }),
  )

/** Add (POST add/products/) or edit (POST add/produts/{id}/) with the multipart form; the shop's copy goes stale too. */
export const useSaveProduct = () =>
  useOnlineOnlyMutation(
    ({ id, form }: { id: number | null; form: FormData }) =>
      id === null
        ? callApi('POST add/products/', { body: form })
        : callApi('POST add/produts/{id}/', { params: { id }, body: form }),
    [shopKeys.catalogue],
  )

export const useDeleteProduct = () =>
  useOnlineOnlyMutation(
    (id: number) => callApi('DELETE admins/delete/{id}/product/', { params: { id } }),
    [shopKeys.catalogue],
  )
