import type { Product } from '../../../contract/index.js'
import { db } from '../../offline/db'
import { useSnapshotQuery } from '../../offline/snapshot'
import { api } from '../../lib/api-client'

export const PRODUCTS_KEY = ['products'] as const

export const fetchProducts = () => api.get<Product[]>('add/products/')

/** The catalogue, shown from the Dexie snapshot at once (and offline) and refreshed from the network. */
export function useCatalogue() {
  return useSnapshotQuery<Product[]>({
    queryKey: PRODUCTS_KEY,
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
