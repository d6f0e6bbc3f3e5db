import type { Product } from '../../../contract/catalogue.js'
import { fieldHas, normalizeQuery } from '../../lib/search'

export type CategoryFilter = 'all' | 'pest-control' | 'cleaning' | 'equipment'

const categoryValue = (category: Product['category']): string => category.toLowerCase().replace(/\s+/g, '-')

export function filterProducts(products: Product[], search: string, category: CategoryFilter): Product[] {
  const q = normalizeQuery(search)
  return products.filter(
    (p) =>
      (category === 'all' || categoryValue(p.category) === category) &&
      (!q || fieldHas(p.name, q) || fieldHas(p.description, q)),
  )
}
