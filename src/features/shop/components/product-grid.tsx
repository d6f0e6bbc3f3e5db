import { useMemo, useState } from 'react'
import { Search } from 'lucide-react'
import { type Product } from '../../../../contract/catalogue.js'
import { CATEGORIES, type Category } from '../../../../contract/categories.js'
import { pages } from '../../../../contract/pages.js'
import { useCart, useCatalogue } from '../api'
import { ApiError } from '../../../lib/api-client'
import { usePriceFormatSoon } from '../../../lib/price-format-soon'
import { useSession } from '../../../lib/session'
import { LoginRequiredDialog } from '../../../components/login-required-dialog'
import { ProductCard } from './product-card'

type CategoryFilter = 'all' | Exclude<Category, ''>

/** Case-insensitive search by name or description, plus the category. */
export function filterProducts(products: Product[], query: string, category: CategoryFilter) {
  const q = query.trim().toLowerCase()
  return products.filter(
    (p) =>
      (category === 'all' || p.category === category) &&
      (!q || p.name.toLowerCase().includes(q) || p.description.toLowerCase().includes(q)),
  )
}

/** The catalogue on /products: filters, the grid, and add-to-cart (a logged-out visitor is asked to log in). */
export function ProductGrid() {
  const session = useSession()
  const userId = session.status === 'authenticated' ? session.id : null
  const catalogue = useCatalogue()
  const cart = useCart()
  const [query, setQuery] = useState('')
  const [category, setCategory] = useState<CategoryFilter>('all')
  const [loginRequired, setLoginRequired] = useState(false)
  // While the catalogue is on its way.
  usePriceFormatSoon()

  // The catalogue's arrival renders the whole grid in one task. (The browser build runs on Preact, whose
  // useDeferredValue is the value itself, so a deferred render would only have been a promise on paper;
  // what keeps the slow phone responsive is usePriceFormatSoon above and the footer's later hydration.)
  const products = catalogue.data
  const shown = useMemo(() => filterProducts(products ?? [], query, category), [products, query, category])

  const add = async (product: Product) => {
    if (userId === null) {
      setLoginRequired(true)
      return false
    }
    const note = await cart.add(product)
    // The server kept fewer than asked (it sold meanwhile): say so rather than "Added".
    if (note) throw new ApiError(409, note, { message: note })
    return true
  }

  const chip = (value: CategoryFilter, label: string) => (
    <button
      key={value}
      type="button"
      aria-pressed={category === value}
      onClick={() => setCategory(value)}
      className={`shrink-0 rounded-full border px-3.5 py-1.5 text-sm font-medium ${
        category === value
          ? 'border-brand-700 bg-brand-700 text-white'
          : 'border-slate-300 bg-white text-slate-700 hover:border-brand-600'
      }`}
    >
      {label}
    </button>
  )

  return (
    <section aria-labelledby="catalogue-heading" className="mx-auto max-w-7xl px-4 py-8">
      <h2 id="catalogue-heading" className="text-xl font-bold text-slate-900">
        Shop our range
      </h2>
      <div className="mt-4 flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <label className="relative block md:w-80">
          <span className="sr-only">Search products</span>
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <input
            type="search"
            className="field pl-9"
            placeholder="Search products..."
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </label>
        <div
          className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 md:mx-0 md:px-0"
          role="group"
          aria-label="Category"
        >
          {chip('all', 'All')}
          {CATEGORIES.map((c) => chip(c, c))}
        </div>
      </div>

      {catalogue.isLoading || (catalogue.data && !products) ? (
        <p role="status" className="py-10 text-center text-slate-500">
          Loading products...
        </p>
      ) : catalogue.error ? (
        <p role="alert" className="py-10 text-center text-red-700">
          We could not load the products. Check your connection and try again.
        </p>
      ) : shown.length === 0 ? (
        <p className="py-10 text-center text-slate-600">No products match your search.</p>
      ) : (
        <ul
          // Phone columns at least 8.5rem wide: with larger text they widen into one column instead of cutting it.
          className="mt-6 grid grid-cols-[repeat(auto-fill,minmax(min(100%,8.5rem),1fr))] gap-3 sm:grid-cols-2 sm:gap-5 md:grid-cols-3 xl:grid-cols-4"
          aria-label="Products"
        >
          {shown.map((p) => (
            <ProductCard key={p.id} product={p} onAdd={add} />
          ))}
        </ul>
      )}

      <LoginRequiredDialog
        open={loginRequired}
        onClose={() => setLoginRequired(false)}
        from={pages.products}
        purpose="add products to your cart"
      />
    </section>
  )
}
