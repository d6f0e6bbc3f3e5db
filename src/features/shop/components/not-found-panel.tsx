import { Link } from 'react-router'
import { pages } from '../../../../contract/pages.js'

/** A product address that names no product (removed, or mistyped). */
export function NotFoundPanel() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Product not found</h1>
      <p className="mt-3 text-slate-600">This product doesn&apos;t exist or is no longer sold.</p>
      <Link to={pages.products} className="btn-primary mt-6 inline-flex px-5 py-2.5">
        See all products
      </Link>
    </section>
  )
}
