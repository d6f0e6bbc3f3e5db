import { Link } from 'react-router'
import { pages } from '../../contract/pages.js'

/** Any address the route table does not know (and the back office's own unknown addresses). */
export function NotFoundPage({
  home = pages.home,
  homeLabel = 'Go to the home page',
}: {
  home?: string
  homeLabel?: string
}) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Page not found</h1>
      <p className="mt-3 text-slate-600">
        This page doesn&apos;t exist. It may have moved, or the address may be mistyped.
      </p>
      <Link to={home} className="btn-primary mt-6 inline-flex px-5 py-2.5">
        {homeLabel}
      </Link>
    </section>
  )
}
