import { formatDay } from '../../../../contract/dates.js'
import { EmptyState, QueryGate } from '../../../components/ui/query-state'
import { useTestimonials } from '../api'
import { Stars } from '../components/stars'

/** /reviews: what customers said about our visits, the ones they agreed to show and the office published. */
export default function Reviews() {
  const reviews = useTestimonials()
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="mb-2 text-2xl font-bold text-slate-900">What our customers say</h1>
      <p className="mb-6 text-slate-600">Ratings customers gave after a visit and agreed to share.</p>
      <QueryGate query={reviews} what="the reviews">
        {reviews.data?.length === 0 ? (
          <EmptyState>No reviews shared yet.</EmptyState>
        ) : (
          <ul className="space-y-3">
            {reviews.data?.map((r, i) => (
              <li key={i} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                <Stars stars={r.stars} />
                {r.comment && (
                  <blockquote className="mt-2 break-words text-slate-800">“{r.comment}”</blockquote>
                )}
                <p className="mt-2 text-sm text-slate-600">
                  {r.firstName}, <span className="capitalize">{r.service}</span>, {formatDay(r.ratedOn)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </QueryGate>
    </div>
  )
}
